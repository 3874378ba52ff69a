import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { DUAL_ORDERS_KEY, type DualOrderView, loadDualOrders } from "../../features/earn/dual.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { RecordList, Tabs } from "../fund/parts.tsx";
import "../../styles/fund.css";

const STATUS_CLASS = { 1: "warn", 2: "warn", 3: "up", 4: "down" } as const;
type StatusFilter = "" | "1" | "2" | "3" | "4";

function OrderRow({ o }: { o: DualOrderView }) {
  useTexts("invest");
  const { t } = useTranslation();
  return (
    <li className="record" data-testid={`dual-order-${o.id}`}>
      <div className="row-between">
        <strong>
          {o.name} · {t(`invest.type.${o.type}`)}
        </strong>
        <span className={`status-badge ${STATUS_CLASS[o.status]}`} data-testid="status">
          {t(`invest.orderStatus.${o.status}`)}
        </span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("invest.quantityShares")}</dt>
        <dd className="num">{o.number}</dd>
        <dt>{t("invest.cost")}</dt>
        <dd className="num" data-testid="total">
          {amount(o.total)} {o.pay_currency}
        </dd>
        <dt>{t("invest.apr")}</dt>
        <dd className="num">{amount(o.order_rate)}%</dd>
        <dt>{t("invest.linkedPrice")}</dt>
        <dd className="num">{amount(o.exercise_price)} USDT</dd>
        <dt>{t("invest.settlement")}</dt>
        <dd className="num">{formatDate(o.end_time, true)}</dd>
        {o.settle_price !== null && (
          <>
            <dt>{t("invest.settlePrice")}</dt>
            <dd className="num" data-testid="settle-price">
              {amount(o.settle_price)} USDT
            </dd>
          </>
        )}
        {o.payout !== null && (
          <>
            <dt>{o.status === 4 ? t("invest.refunded") : t("invest.payout")}</dt>
            <dd className="num up" data-testid="payout">
              {amount(o.payout)} {o.payout_currency}
            </dd>
          </>
        )}
        <dt>{t("invest.boughtAt")}</dt>
        <dd className="num">{formatDate(o.create_time, true)}</dd>
      </dl>
      {o.status === 2 && <p className="faint">{t("invest.settlementingHint")}</p>}
    </li>
  );
}

/** The caller's dual orders by state, with what each paid. */
export default function MinePage() {
  useTexts("invest");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [status, setStatus] = useState<StatusFilter>("");
  const list = usePagedQuery(DUAL_ORDERS_KEY(token, status), (page) => loadDualOrders(status, page));
  return (
    <>
      <NavBar title={t("invest.myOrders")} />
      <div className="content stack">
        <Tabs
          value={status}
          onChange={setStatus}
          options={[
            { value: "", label: t("invest.all") },
            { value: "1", label: t("invest.orderStatus.1") },
            { value: "3", label: t("invest.orderStatus.3") },
            { value: "4", label: t("invest.failedTab") },
          ]}
        />
        <RecordList list={list} empty={t("invest.noOrders")} testId="dual-orders" render={(o) => <OrderRow key={o.id} o={o} />} />
      </div>
    </>
  );
}
