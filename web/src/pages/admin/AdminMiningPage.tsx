import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MiningConfigView } from "../../../../schema/api/mining.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { get, post } from "../../lib/api.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";

type Draft = {
  id?: number;
  currency: string;
  days: string;
  daily_rate: string;
  min_amount: string;
  cancel_ratio: string;
  enabled: "0" | "1";
};

const fetchConfigs = () => get<MiningConfigView[]>("/admin/mining/configs", undefined, { silent: true });
/** The worker checks every field and audits the change; orders keep the terms they were made with. */
const saveConfig = mutation((d: Draft) => post<MiningConfigView>("/admin/mining/config", { ...d }), [[Q.admin], [Q.earn]]);

const EMPTY: Draft = { currency: "USDT", days: "30", daily_rate: "0.35", min_amount: "100", cancel_ratio: "0.4", enabled: "1" };
const draftOf = (c: MiningConfigView): Draft => ({
  id: c.id,
  currency: c.currency,
  days: String(c.days),
  daily_rate: c.daily_rate,
  min_amount: c.min_amount,
  cancel_ratio: c.cancel_ratio,
  enabled: c.enabled ? "1" : "0",
});

function ConfigForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const { t } = useTranslation();
  const [d, setD] = useState(initial);
  const [busy, setBusy] = useState(false);
  const field = (key: Exclude<keyof Draft, "id" | "enabled">, label: string) => (
    <label className="field">
      <span>{label}</span>
      <input className="input" value={d[key]} onChange={(e) => setD({ ...d, [key]: e.target.value })} data-testid={`mining-${key}`} />
    </label>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await saveConfig(d);
      toast(t("earn.admin.saved"));
      onDone();
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-mining-form">
      {field("currency", t("earn.admin.coin"))}
      {field("days", t("earn.mining.period"))}
      {field("daily_rate", t("earn.admin.dailyRate"))}
      {field("min_amount", t("earn.mining.minAmount"))}
      {field("cancel_ratio", t("earn.admin.cancelRatio"))}
      <label className="row">
        <input type="checkbox" checked={d.enabled === "1"} onChange={(e) => setD({ ...d, enabled: e.target.checked ? "1" : "0" })} />
        <span>{t("earn.admin.enabled")}</span>
      </label>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="mining-save">
          {t("earn.admin.save")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}

/** Console: lock-mining configurations per coin, created and edited here (each change audited). */
export default function AdminMiningPage() {
  const { t } = useTranslation();
  const query = useQuery({ key: [Q.admin, "mining-configs"], load: fetchConfigs });
  const [editing, setEditing] = useState<Draft | null>(null);
  let body;
  if (query.error && !query.data) body = <ErrorView message={query.error.message} onRetry={query.reload} />;
  else if (!query.data) body = <DelayedSpinner />;
  else
    body = (
      <div className="stack">
        {editing ? (
          <ConfigForm key={editing.id ?? "new"} initial={editing} onDone={() => setEditing(null)} />
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setEditing(EMPTY)} data-testid="mining-new">
            {t("earn.admin.create")}
          </button>
        )}
        {query.data.length === 0 ? (
          <EmptyState text={t("earn.mining.noProducts")} />
        ) : (
          <ul className="record-list" data-testid="admin-mining-list">
            {query.data.map((c) => (
              <li key={c.id} className="record">
                <div className="row-between">
                  <strong>{t("earn.mining.productTitle", { coin: c.currency, days: c.days })}</strong>
                  <span className={`status-badge ${c.enabled ? "up" : "warn"}`}>
                    {c.enabled ? t("earn.admin.on") : t("earn.admin.off")}
                  </span>
                </div>
                <dl className="kv kv-compact">
                  <dt>{t("earn.admin.dailyRate")}</dt>
                  <dd className="num">{c.daily_rate}</dd>
                  <dt>{t("earn.mining.minAmount")}</dt>
                  <dd className="num">
                    {c.min_amount} {c.currency}
                  </dd>
                  <dt>{t("earn.admin.cancelRatio")}</dt>
                  <dd className="num">{c.cancel_ratio}</dd>
                </dl>
                <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing(draftOf(c))}>
                  {t("earn.admin.edit")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  return <AdminShell title={t("earn.admin.miningTitle")}>{body}</AdminShell>;
}
