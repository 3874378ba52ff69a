import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { IeoProjectView } from "../../../../schema/api/ieo.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { get, post } from "../../lib/api.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";

type Draft = {
  id?: number;
  name: string;
  currency: string;
  pay_currency: string;
  price: string;
  total_amount: string;
  min_amount: string;
  start: string;
  end: string;
  lock_days: string;
  description: string;
  enabled: "0" | "1";
};

const fetchProjects = () => get<{ list: IeoProjectView[] }>("/admin/ieo/projects", { limit: 100 }, { silent: true });
/** The worker checks every field, keeps the offer above what is sold and audits the change. */
const saveProject = mutation(
  (d: Draft) =>
    post<IeoProjectView>("/admin/ieo/project", {
      id: d.id,
      name: d.name,
      currency: d.currency,
      pay_currency: d.pay_currency,
      price: d.price,
      total_amount: d.total_amount,
      min_amount: d.min_amount,
      start_at: String(Date.parse(`${d.start}:00Z`)),
      end_at: String(Date.parse(`${d.end}:00Z`)),
      lock_days: d.lock_days,
      description: d.description,
      enabled: d.enabled,
    }),
  [[Q.admin], [Q.earn]],
);

/** "2026-11-24T10:00" in UTC, as a datetime-local input holds it. */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

function emptyDraft(now: number): Draft {
  return {
    name: "",
    currency: "",
    pay_currency: "USDT",
    price: "",
    total_amount: "",
    min_amount: "1",
    start: local(now),
    end: local(now + 7 * 86_400_000),
    lock_days: "0",
    description: "",
    enabled: "1",
  };
}

const draftOf = (p: IeoProjectView): Draft => ({
  id: p.id,
  name: p.name,
  currency: p.currency,
  pay_currency: p.pay_currency,
  price: p.price,
  total_amount: p.total_amount,
  min_amount: p.min_amount,
  start: local(p.start_at),
  end: local(p.end_at),
  lock_days: String(p.lock_days),
  description: p.description,
  enabled: p.enabled ? "1" : "0",
});

function ProjectForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const { t } = useTranslation();
  const [d, setD] = useState(initial);
  const [busy, setBusy] = useState(false);
  const field = (key: Exclude<keyof Draft, "id" | "enabled">, label: string, type = "text") => (
    <label className="field">
      <span>{label}</span>
      <input
        className="input"
        type={type}
        value={d[key]}
        onChange={(e) => setD({ ...d, [key]: e.target.value })}
        data-testid={`ieo-${key}`}
      />
    </label>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await saveProject(d);
      toast(t("earn.admin.saved"));
      onDone();
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-ieo-form">
      {field("name", t("earn.ieoAdmin.name"))}
      {field("currency", t("earn.ieoAdmin.token"))}
      {field("pay_currency", t("earn.ieoAdmin.payCoin"))}
      {field("price", t("earn.ieoAdmin.price"))}
      {field("total_amount", t("earn.ieoAdmin.total"))}
      {field("min_amount", t("earn.ieoAdmin.min"))}
      {field("start", t("earn.ieoAdmin.start"), "datetime-local")}
      {field("end", t("earn.ieoAdmin.end"), "datetime-local")}
      {field("lock_days", t("earn.ieoAdmin.lockDays"))}
      {field("description", t("earn.ieoAdmin.description"))}
      <label className="row">
        <input type="checkbox" checked={d.enabled === "1"} onChange={(e) => setD({ ...d, enabled: e.target.checked ? "1" : "0" })} />
        <span>{t("earn.admin.enabled")}</span>
      </label>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="ieo-save">
          {t("earn.admin.save")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}

/** Console: IEO projects, created and edited here (each change audited). */
export default function AdminIeoPage() {
  const { t } = useTranslation();
  const query = useQuery({ key: [Q.admin, "ieo-projects"], load: fetchProjects });
  const [editing, setEditing] = useState<Draft | null>(null);
  let body;
  if (query.error && !query.data) body = <ErrorView message={query.error.message} onRetry={query.reload} />;
  else if (!query.data) body = <DelayedSpinner />;
  else
    body = (
      <div className="stack">
        {editing ? (
          <ProjectForm key={editing.id ?? "new"} initial={editing} onDone={() => setEditing(null)} />
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setEditing(emptyDraft(Date.now()))} data-testid="ieo-new">
            {t("earn.ieoAdmin.create")}
          </button>
        )}
        {query.data.list.length === 0 ? (
          <EmptyState text={t("earn.ieo.noProjects")} />
        ) : (
          <ul className="record-list" data-testid="admin-ieo-list">
            {query.data.list.map((p) => (
              <li key={p.id} className="record">
                <div className="row-between">
                  <strong>
                    {p.name} ({p.currency})
                  </strong>
                  <span className="status-badge">{t(`earn.ieo.status.${p.time_status}`)}</span>
                </div>
                <dl className="kv kv-compact">
                  <dt>{t("earn.ieo.price")}</dt>
                  <dd className="num">
                    {p.price} {p.pay_currency}
                  </dd>
                  <dt>{t("earn.ieoAdmin.sold")}</dt>
                  <dd className="num">
                    {p.sold} / {p.total_amount}
                  </dd>
                  <dt>{t("earn.ieo.period")}</dt>
                  <dd className="num">
                    {formatDate(p.start_at, true)} – {formatDate(p.end_at, true)}
                  </dd>
                </dl>
                <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing(draftOf(p))}>
                  {t("earn.admin.edit")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  return <AdminShell title={t("earn.ieoAdmin.title")}>{body}</AdminShell>;
}
