import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { COUPON_TABS, type CouponTab, type CouponView, claimCoupon, couponsQuery } from "../../features/invite/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { ApiFailure, newIdempotencyKey } from "../../lib/api.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { Tabs } from "../fund/parts.tsx";
import "../../styles/fund.css";
import "../../styles/invite.css";

/** What the coupon gives, in one line. */
function Value({ c }: { c: CouponView }) {
  useTexts("coupon");
  const { t } = useTranslation();
  return (
    <strong className="coupon-value num">
      {c.kind === "discount" ? t("coupon.discountValue", { pct: c.discount_pct }) : `${amount(c.amount)} ${c.currency}`}
    </strong>
  );
}

function CouponCard({ c }: { c: CouponView }) {
  useTexts("coupon");
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const take = async () => {
    const ok = await confirmDialog({
      title: t(c.kind === "bonus" ? "coupon.claimTitle" : "coupon.activateTitle"),
      message:
        c.kind === "bonus"
          ? t("coupon.claimConfirm", { amount: amount(c.amount), currency: c.currency })
          : t("coupon.activateConfirm", { pct: c.discount_pct, end: formatDate(c.valid_to, true) }),
      confirmText: t(c.kind === "bonus" ? "coupon.claim" : "coupon.activate"),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await claimCoupon(c.id, newIdempotencyKey());
      toast(t(c.kind === "bonus" ? "coupon.claimed" : "coupon.activated"));
    } catch (err) {
      toast(err instanceof ApiFailure ? err.message : t("coupon.failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={`card coupon coupon-${c.status}`} data-testid={`coupon-${c.id}`}>
      <div className="row-between">
        <div className="stack-tight">
          <Value c={c} />
          <span className="muted">{t(`coupon.kinds.${c.kind}`)}</span>
        </div>
        {c.status === "open" ? (
          <button
            type="button"
            className="btn btn-primary btn-small"
            disabled={busy}
            onClick={() => void take()}
            data-testid={`coupon-take-${c.id}`}
          >
            {t(c.kind === "bonus" ? "coupon.claim" : "coupon.activate")}
          </button>
        ) : (
          <span className={`status-badge coupon-status-${c.status}`}>{t(`coupon.status.${c.status}`)}</span>
        )}
      </div>
      <dl className="kv kv-compact">
        <dt>{t("coupon.validUntil")}</dt>
        <dd className="num">{formatDate(c.valid_to, true)}</dd>
        {c.kind === "discount" && c.taken_at !== null && (
          <>
            <dt>{t("coupon.saved")}</dt>
            <dd className="num" data-testid={`coupon-saved-${c.id}`}>
              {c.saved.length === 0 ? "0" : c.saved.map((s) => `${amount(s.amount)} ${s.currency}`).join(" · ")}
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

/** Coupons (setting/coupon): valid ones to claim or activate, used and expired ones. */
export default function CouponPage() {
  useTexts("coupon");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [tab, setTab] = useState<CouponTab>("valid");
  const list = useQuery(couponsQuery(token, tab));
  let body;
  if (!list.data) body = <QueryPending query={list} />;
  else if (list.data.length === 0) body = <EmptyState text={t(`coupon.empty.${tab}`)} />;
  else
    body = (
      <ul className="coupon-list stack" data-testid="coupons">
        {list.data.map((c) => (
          <CouponCard key={c.id} c={c} />
        ))}
      </ul>
    );
  return (
    <>
      <NavBar title={t("coupon.title")} />
      <div className="content stack">
        <Tabs value={tab} onChange={setTab} options={COUPON_TABS.map((v) => ({ value: v, label: t(`coupon.tabs.${v}`) }))} />
        <p className="faint">{t("coupon.rule")}</p>
        {body}
      </div>
    </>
  );
}
