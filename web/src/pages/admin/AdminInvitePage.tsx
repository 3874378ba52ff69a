import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView, QueryPending } from "../../components/States.tsx";
import {
  type CouponDraft,
  type InviteConfig,
  adminCouponsQuery,
  inviteConfigQuery,
  issueCoupon,
  saveInviteConfig,
} from "../../features/invite/api.ts";
import { ApiFailure } from "../../lib/api.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";

/** "2026-11-24T10:00" in UTC, as a datetime-local input holds it. */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const fromLocal = (text: string) => Date.parse(`${text}:00Z`);
const failed = (err: unknown) => toast(err instanceof ApiFailure ? err.message : String(err));

function TermsForm({ initial }: { initial: InviteConfig }) {
  useTexts("invite");
  const { t } = useTranslation();
  const [required, setRequired] = useState(initial.required);
  const [rate, setRate] = useState(initial.rate);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await saveInviteConfig(required, rate);
      setRate(saved.rate);
      toast(t("invite.admin.saved"));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-invite-terms">
      <h2>{t("invite.admin.title")}</h2>
      <label className="row">
        <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} data-testid="invite-required" />
        <span>{t("invite.admin.required")}</span>
      </label>
      <label className="field">
        <span>{t("invite.admin.rate")}</span>
        <input className="input num" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} data-testid="invite-rate" />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("invite.admin.save")}
      </button>
    </form>
  );
}

function IssueForm({ onIssued }: { onIssued: () => void }) {
  useTexts("coupon");
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const [d, setD] = useState({ kind: "discount" as CouponDraft["kind"], discount_pct: "20", currency: "USDT", amount: "", uid: "" });
  const [from, setFrom] = useState(local(now));
  const [to, setTo] = useState(local(now + 7 * 86_400_000));
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const who = d.uid.trim() ? `UID ${d.uid.trim()}` : t("coupon.admin.everyone");
    if (!(await confirmDialog({ title: t("coupon.admin.issueTitle"), message: t("coupon.admin.issueConfirm", { who }) }))) return;
    setBusy(true);
    try {
      await issueCoupon({ ...d, valid_from: fromLocal(from), valid_to: fromLocal(to) });
      toast(t("coupon.admin.issued"));
      onIssued();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  const input = (key: "discount_pct" | "currency" | "amount" | "uid", label: string, mode?: "decimal" | "numeric") => (
    <label className="field">
      <span>{label}</span>
      <input
        className="input"
        inputMode={mode}
        value={d[key]}
        onChange={(e) => setD({ ...d, [key]: e.target.value })}
        data-testid={`coupon-${key}`}
      />
    </label>
  );
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-coupon-form">
      <h2>{t("coupon.admin.issueTitle")}</h2>
      <label className="field">
        <span>{t("coupon.admin.kind")}</span>
        <select
          className="input"
          value={d.kind}
          onChange={(e) => setD({ ...d, kind: e.target.value as CouponDraft["kind"] })}
          data-testid="coupon-kind"
        >
          <option value="discount">{t("coupon.kinds.discount")}</option>
          <option value="bonus">{t("coupon.kinds.bonus")}</option>
        </select>
      </label>
      {d.kind === "discount" ? (
        input("discount_pct", t("coupon.admin.pct"), "numeric")
      ) : (
        <>
          {input("currency", t("coupon.admin.currency"))}
          {input("amount", t("coupon.admin.amount"), "decimal")}
        </>
      )}
      {input("uid", t("coupon.admin.uid"), "numeric")}
      <label className="field">
        <span>{t("coupon.admin.from")}</span>
        <input className="input" type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="coupon-from" />
      </label>
      <label className="field">
        <span>{t("coupon.admin.to")}</span>
        <input className="input" type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} data-testid="coupon-to" />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="coupon-issue">
        {t("coupon.admin.issue")}
      </button>
    </form>
  );
}

function IssuedList() {
  useTexts("coupon");
  const { t } = useTranslation();
  const query = useQuery(adminCouponsQuery);
  if (query.error && !query.data) return <ErrorView message={query.error.message} onRetry={query.reload} />;
  if (!query.data) return <DelayedSpinner />;
  if (query.data.list.length === 0) return <EmptyState text={t("coupon.admin.empty")} />;
  return (
    <ul className="record-list" data-testid="admin-coupons">
      {query.data.list.map((c) => (
        <li key={c.id} className="record">
          <div className="row-between">
            <strong className="num">
              #{c.id} · {c.kind === "discount" ? t("coupon.discountValue", { pct: c.discount_pct }) : `${amount(c.amount)} ${c.currency}`}
            </strong>
            <span className="faint">{c.uid ? `UID ${c.uid}` : t("coupon.admin.everyone")}</span>
          </div>
          <dl className="kv kv-compact">
            <dt>{t("coupon.admin.from")}</dt>
            <dd className="num">{formatDate(c.valid_from, true)}</dd>
            <dt>{t("coupon.admin.to")}</dt>
            <dd className="num">{formatDate(c.valid_to, true)}</dd>
            <dt>{t("coupon.admin.taken")}</dt>
            <dd className="num">{c.taken}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Console: the invitation terms (code required, rebate share) and coupons issued to one user or everyone; all audited. */
export default function AdminInvitePage() {
  useTexts("invite", "coupon");
  const { t } = useTranslation();
  const config = useQuery(inviteConfigQuery);
  const [round, setRound] = useState(0);
  let terms;
  if (!config.data) terms = <QueryPending query={config} />;
  else terms = <TermsForm initial={config.data} />;
  return (
    <AdminShell title={t("invite.admin.nav")}>
      <div className="stack">
        {terms}
        <IssueForm key={round} onIssued={() => setRound((r) => r + 1)} />
        <h2>{t("coupon.admin.listTitle")}</h2>
        <IssuedList />
      </div>
    </AdminShell>
  );
}
