import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DualProductView } from "../../features/earn/dual.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { formatDate } from "../../lib/time.ts";

const STATUS_CLASS = { 0: "", 1: "up", 2: "warn" } as const;

/** One dual product's published terms; with `link`, the button to its purchase page. */
export function ProductCard({ p, link = true }: { p: DualProductView; link?: boolean }) {
  useTexts("invest");
  const { t } = useTranslation();
  const soldOut = p.remaining_number === 0;
  return (
    <li className="record" data-testid={`dual-product-${p.id}`}>
      <div className="row-between">
        <strong>
          {p.name} · {t(`invest.type.${p.type}`)}
        </strong>
        <span className={`status-badge ${soldOut ? "" : STATUS_CLASS[p.status]}`} data-testid="sale-status">
          {soldOut ? t("invest.soldOut") : t(`invest.saleStatus.${p.status}`)}
        </span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("invest.apr")}</dt>
        <dd className="num up" data-testid="apr">
          {amount(p.rate)}%
        </dd>
        <dt>{t("invest.linkedPrice")}</dt>
        <dd className="num">{amount(p.exercise_price)} USDT</dd>
        <dt>{t("invest.perShare")}</dt>
        <dd className="num">
          {amount(p.per_price)} {p.pay_currency}
        </dd>
        <dt>{t("invest.remaining")}</dt>
        <dd className="num" data-testid="remaining">
          {p.remaining_number} / {p.total_number}
        </dd>
        <dt>{t("invest.holding")}</dt>
        <dd className="num">{p.day}</dd>
        <dt>{t("invest.window")}</dt>
        <dd className="num">
          {formatDate(p.start_time, true)} – {formatDate(p.end_time, true)}
        </dd>
        <dt>{t("invest.settlement")}</dt>
        <dd className="num">{formatDate(p.settle_time, true)}</dd>
        <dt>{t("invest.userLimit")}</dt>
        <dd className="num">{p.user_limit}</dd>
      </dl>
      {link && (
        <Link to={`/invest/purchase?id=${p.id}`} className="btn btn-primary btn-block" data-testid="dual-open">
          {p.status === 1 && !soldOut ? t("invest.buy") : t("invest.details")}
        </Link>
      )}
    </li>
  );
}
