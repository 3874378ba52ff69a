import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DualProductView } from "../../../../schema/api/dual.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { get, post } from "../../lib/api.ts";
import { useTexts } from "../../lib/i18n.ts";
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
  type: "call" | "put";
  rate: string;
  exercise_price: string;
  per_price: string;
  total_number: string;
  user_limit: string;
  start: string;
  end: string;
  day: string;
  enabled: "0" | "1";
};

const fetchProducts = () => get<{ dual_currencys: DualProductView[] }>("/admin/dual/products", {}, { silent: true });
/** The worker checks every field, keeps the offer above what is sold and audits the change. */
const saveProduct = mutation(
  (d: Draft) =>
    post<DualProductView>("/admin/dual/product", {
      id: d.id,
      name: d.name,
      currency: d.currency,
      type: d.type,
      rate: d.rate,
      exercise_price: d.exercise_price,
      per_price: d.per_price,
      total_number: d.total_number,
      user_limit: d.user_limit,
      start_time: String(Date.parse(`${d.start}:00Z`)),
      end_time: String(Date.parse(`${d.end}:00Z`)),
      day: d.day,
      enabled: d.enabled,
    }),
  [[Q.admin], [Q.earn]],
);

/** "2026-11-24T10:00" in UTC, as a datetime-local input holds it. */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

const emptyDraft = (now: number): Draft => ({
  name: "",
  currency: "BTC",
  type: "call",
  rate: "",
  exercise_price: "",
  per_price: "",
  total_number: "",
  user_limit: "",
  start: local(now),
  end: local(now + 7 * 86_400_000),
  day: "7",
  enabled: "1",
});

const draftOf = (p: DualProductView): Draft => ({
  id: p.id,
  name: p.name,
  currency: p.currency_name,
  type: p.type,
  rate: p.rate,
  exercise_price: p.exercise_price,
  per_price: p.per_price,
  total_number: String(p.total_number),
  user_limit: String(p.user_limit),
  start: local(p.start_time),
  end: local(p.end_time),
  day: String(p.day),
  enabled: p.enabled ? "1" : "0",
});

function ProductForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  useTexts("invest");
  const { t } = useTranslation();
  const [d, setD] = useState(initial);
  const [busy, setBusy] = useState(false);
  const field = (key: Exclude<keyof Draft, "id" | "enabled" | "type">, label: string, type = "text") => (
    <label className="field">
      <span>{label}</span>
      <input
        className="input"
        type={type}
        value={d[key]}
        onChange={(e) => setD({ ...d, [key]: e.target.value })}
        data-testid={`dual-${key}`}
      />
    </label>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await saveProduct(d);
      toast(t("invest.admin.saved"));
      onDone();
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-dual-form">
      {field("name", t("invest.admin.name"))}
      {field("currency", t("invest.admin.coin"))}
      <label className="field">
        <span>{t("invest.admin.type")}</span>
        <select className="input" value={d.type} onChange={(e) => setD({ ...d, type: e.target.value as Draft["type"] })}>
          <option value="call">{t("invest.type.call")}</option>
          <option value="put">{t("invest.type.put")}</option>
        </select>
      </label>
      {field("rate", t("invest.admin.rate"))}
      {field("exercise_price", t("invest.admin.linkedPrice"))}
      {field("per_price", t("invest.admin.perPrice"))}
      {field("total_number", t("invest.admin.total"))}
      {field("user_limit", t("invest.admin.userLimit"))}
      {field("start", t("invest.admin.start"), "datetime-local")}
      {field("end", t("invest.admin.end"), "datetime-local")}
      {field("day", t("invest.admin.days"))}
      <label className="row">
        <input type="checkbox" checked={d.enabled === "1"} onChange={(e) => setD({ ...d, enabled: e.target.checked ? "1" : "0" })} />
        <span>{t("invest.admin.enabled")}</span>
      </label>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="dual-save">
          {t("invest.admin.save")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}

/** Console: dual products, created and edited here (each change audited). */
export default function AdminDualPage() {
  useTexts("invest");
  const { t } = useTranslation();
  const query = useQuery({ key: [Q.admin, "dual-products"], load: fetchProducts });
  const [editing, setEditing] = useState<Draft | null>(null);
  let body;
  if (query.error && !query.data) body = <ErrorView message={query.error.message} onRetry={query.reload} />;
  else if (!query.data) body = <DelayedSpinner />;
  else
    body = (
      <div className="stack">
        {editing ? (
          <ProductForm key={editing.id ?? "new"} initial={editing} onDone={() => setEditing(null)} />
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setEditing(emptyDraft(Date.now()))} data-testid="dual-new">
            {t("invest.admin.new")}
          </button>
        )}
        {query.data.dual_currencys.length === 0 ? (
          <EmptyState text={t("invest.admin.none")} />
        ) : (
          <ul className="record-list" data-testid="admin-dual-list">
            {query.data.dual_currencys.map((p) => (
              <li key={p.id} className="record">
                <div className="row-between">
                  <strong>
                    {p.name} · {t(`invest.type.${p.type}`)}
                  </strong>
                  <span className="status-badge">{p.enabled ? t(`invest.saleStatus.${p.status}`) : "–"}</span>
                </div>
                <dl className="kv kv-compact">
                  <dt>{t("invest.apr")}</dt>
                  <dd className="num">{p.rate}%</dd>
                  <dt>{t("invest.linkedPrice")}</dt>
                  <dd className="num">{p.exercise_price} USDT</dd>
                  <dt>{t("invest.admin.sold")}</dt>
                  <dd className="num">
                    {p.purchased_number} / {p.total_number}
                  </dd>
                  <dt>{t("invest.window")}</dt>
                  <dd className="num">
                    {formatDate(p.start_time, true)} – {formatDate(p.end_time, true)}
                  </dd>
                  <dt>{t("invest.settlement")}</dt>
                  <dd className="num">{formatDate(p.settle_time, true)}</dd>
                </dl>
                <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing(draftOf(p))}>
                  {t("invest.admin.edit")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  return <AdminShell title={t("invest.admin.title")}>{body}</AdminShell>;
}
