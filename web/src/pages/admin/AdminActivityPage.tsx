import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import {
  type AdminActivityConfig,
  adminActivityQuery,
  adminCoupleLinksQuery,
  saveCoupleTerms,
  saveVipThresholds,
} from "../../features/activity/activity.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
import "../../styles/activity.css";

/** Runs a console save; the client already toasted a refusal. */
async function save(run: () => Promise<unknown>, done: string, setBusy: (b: boolean) => void) {
  setBusy(true);
  try {
    await run();
    toast(done);
  } catch {
    // shown by the client
  } finally {
    setBusy(false);
  }
}

function Field({ label, value, onChange, testId }: { label: string; value: string; onChange: (v: string) => void; testId: string }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input className="input" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
    </label>
  );
}

function VipForm({ initial }: { initial: AdminActivityConfig["vip"] }) {
  useTexts("activity");
  const { t } = useTranslation();
  const [d, setD] = useState(initial);
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(() => saveVipThresholds(d), t("activity.admin.saved"), setBusy);
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-vip-form">
      <h2 className="card-title">{t("activity.admin.vipTitle")}</h2>
      <p className="muted small">{t("activity.admin.vipHelp")}</p>
      <Field label={t("activity.vip.tier.1")} value={d.junior} onChange={(v) => setD({ ...d, junior: v })} testId="vip-junior" />
      <Field
        label={t("activity.vip.tier.2")}
        value={d.intermediate}
        onChange={(v) => setD({ ...d, intermediate: v })}
        testId="vip-intermediate"
      />
      <Field label={t("activity.vip.tier.3")} value={d.senior} onChange={(v) => setD({ ...d, senior: v })} testId="vip-senior" />
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="vip-save">
        {t("activity.admin.save")}
      </button>
    </form>
  );
}

function CoupleForm({ initial }: { initial: AdminActivityConfig["couple"] }) {
  useTexts("activity");
  const { t } = useTranslation();
  const [d, setD] = useState({ ...initial, enabled: initial.enabled ? ("1" as const) : ("0" as const) });
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(() => saveCoupleTerms(d), t("activity.admin.saved"), setBusy);
  };
  const text = (key: "deposit_currency" | "min_deposit_a" | "min_deposit_b" | "reward_currency" | "reward_amount", label: string) => (
    <Field label={label} value={d[key]} onChange={(v) => setD({ ...d, [key]: v })} testId={`couple-${key}`} />
  );
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-couple-form">
      <h2 className="card-title">{t("activity.admin.coupleTitle")}</h2>
      <label className="row">
        <input type="checkbox" checked={d.enabled === "1"} onChange={(e) => setD({ ...d, enabled: e.target.checked ? "1" : "0" })} />
        <span>{t("activity.admin.enabled")}</span>
      </label>
      {text("deposit_currency", t("activity.admin.depositCoin"))}
      {text("min_deposit_a", t("activity.admin.minA"))}
      {text("min_deposit_b", t("activity.admin.minB"))}
      {text("reward_currency", t("activity.admin.rewardCoin"))}
      {text("reward_amount", t("activity.admin.rewardAmount"))}
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="couple-save">
        {t("activity.admin.save")}
      </button>
    </form>
  );
}

const STATUSES = ["", "pending", "linked", "declined", "cancelled"] as const;

function Links() {
  useTexts("activity");
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>("");
  const links = useQuery(adminCoupleLinksQuery(status));
  let body;
  if (!links.data) body = <QueryPending query={links} />;
  else if (links.data.list.length === 0) body = <EmptyState text={t("activity.admin.noLinks")} />;
  else
    body = (
      <div className="table-wrap">
        <table className="admin-table stack-sm" data-testid="admin-couple-links">
          <thead>
            <tr>
              <th>#</th>
              <th>A</th>
              <th>B</th>
              <th>{t("activity.admin.status")}</th>
              <th>{t("activity.admin.claimed")}</th>
              <th>{t("activity.admin.date")}</th>
            </tr>
          </thead>
          <tbody>
            {links.data.list.map((l) => (
              <tr key={l.id}>
                <td data-label="#">{l.id}</td>
                <td data-label="A">{l.a.uid}</td>
                <td data-label="B">{l.b.uid}</td>
                <td data-label={t("activity.admin.status")}>{t(`activity.admin.statuses.${l.status}`)}</td>
                <td data-label={t("activity.admin.claimed")}>{l.claimed.length > 0 ? l.claimed.join(", ").toUpperCase() : "–"}</td>
                <td data-label={t("activity.admin.date")}>{formatDate(l.responded_at ?? l.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section className="card stack">
      <div className="row-between">
        <h2 className="card-title">{t("activity.admin.links", { total: amount(links.data?.total ?? 0) })}</h2>
        <select
          className="input select-inline"
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
          data-testid="couple-filter"
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? t(`activity.admin.statuses.${s}`) : t("activity.admin.all")}
            </option>
          ))}
        </select>
      </div>
      {body}
    </section>
  );
}

/** Console: VIP thresholds and the couple link's terms (each save audited by the worker), and the list of links. */
export default function AdminActivityPage() {
  useTexts("activity");
  const { t } = useTranslation();
  const config = useQuery(adminActivityQuery);
  let body;
  if (!config.data) body = <QueryPending query={config} />;
  else
    body = (
      <>
        <VipForm initial={config.data.vip} />
        <CoupleForm initial={config.data.couple} />
      </>
    );
  return (
    <AdminShell title={t("activity.admin.nav")}>
      <div className="stack">
        {body}
        <Links />
      </div>
    </AdminShell>
  );
}
