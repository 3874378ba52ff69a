import { type FormEvent, Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import {
  type AdminContractPair,
  CONTRACT_FIELDS,
  type ContractPatch,
  adminContractsQuery,
  fetchContractLog,
  saveContract,
} from "../../features/contract/admin.ts";
import { fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
import { PagedView } from "./parts.tsx";
import { useTexts } from "../../lib/i18n.ts";

type Field = (typeof CONTRACT_FIELDS)[number];
type Switch = "limit_entry" | "stops" | "enabled";
const SWITCHES: readonly Switch[] = ["limit_entry", "stops", "enabled"];

const valuesOf = (p: AdminContractPair): Record<Field, string> => ({
  multiples: p.multiples.join(","),
  lot_size: p.lot_size,
  min_lots: String(p.min_lots),
  max_lots: String(p.max_lots),
  spread: p.spread,
  fee_rate: p.fee_rate,
  overnight_rate: p.overnight_rate,
  hazard_rate: p.hazard_rate,
});
const switchesOf = (p: AdminContractPair): Record<Switch, boolean> => ({ limit_entry: p.limit_entry, stops: p.stops, enabled: p.enabled });

/** One pair: the house's exposure, then its terms, edited as text (the server checks them), saved after a confirmation. */
function PairCard({ pair }: { pair: AdminContractPair }) {
  useTexts("admin", "contract", "stocks");
  const { t } = useTranslation();
  const form = useForm<Field>(valuesOf(pair));
  const [switches, setSwitches] = useState(() => switchesOf(pair));
  const original = { ...valuesOf(pair), ...switchesOf(pair) };
  const draft = { ...form.values, ...switches };
  const changed = (Object.keys(draft) as (keyof typeof draft)[]).filter((k) => draft[k] !== original[k]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed.length === 0) return;
    void form.submit(
      () => ({}),
      async () => {
        const shown = (v: unknown) => (v === true ? t("contract.terms.on") : v === false ? t("contract.terms.off") : String(v));
        const summary = changed.map((k) => `${t(`contract.admin.fields.${k}`)}: ${shown(original[k])} → ${shown(draft[k])}`).join("\n");
        const ok = await confirmDialog({ title: t("contract.admin.confirmTitle", { symbol: pair.symbol }), message: summary });
        if (!ok) return;
        const patch: ContractPatch = { market_id: pair.market_id };
        for (const k of changed) patch[k] = typeof draft[k] === "boolean" ? (draft[k] ? "1" : "0") : String(draft[k]);
        try {
          const saved = await saveContract(patch, { silent: true });
          form.setValues(valuesOf(saved));
          setSwitches(switchesOf(saved));
          toast(t("contract.admin.saved", { symbol: saved.symbol }));
        } catch (err) {
          form.setErrors({ multiples: { text: err instanceof Error ? err.message : String(err) } });
        }
      },
    );
  };

  return (
    <form className="admin-card" onSubmit={submit} noValidate data-testid={`contract-pair-${pair.market_id}`}>
      <header className="row-between">
        <h3 className="card-title">{pair.symbol}</h3>
        <span className="faint">{t("contract.admin.reference", { price: pair.reference || "--" })}</span>
      </header>
      <dl className="kv">
        <dt>{t("stocks.admin.feed")}</dt>
        <dd data-testid="contract-feed">
          {pair.feed === "stock"
            ? `${t("stocks.admin.stock")} · ${t(pair.open ? "stocks.open" : "stocks.closed")}`
            : t("stocks.admin.spot")}
        </dd>
        <dt>{t("contract.admin.open")}</dt>
        <dd className="num">{pair.open_positions}</dd>
        <dt>{t("contract.admin.lots")}</dt>
        <dd className="num">{`${pair.long_lots} / ${pair.short_lots}`}</dd>
        <dt>{t("contract.admin.net")}</dt>
        <dd className="num" data-testid="contract-net">
          {pair.net_quantity}
        </dd>
        <dt>{t("contract.admin.notional")}</dt>
        <dd className="num">{pair.net_notional || "--"}</dd>
        <dt>{t("contract.admin.margin")}</dt>
        <dd className="num">{pair.margin_held}</dd>
      </dl>
      <p className="faint">{t("contract.admin.exposureHint")}</p>
      <div className="currency-fields">
        {CONTRACT_FIELDS.map((k) => (
          <div className="field" key={k}>
            <label htmlFor={`contract-${pair.market_id}-${k}`}>{t(`contract.admin.fields.${k}`)}</label>
            <input
              id={`contract-${pair.market_id}-${k}`}
              className="input num"
              value={form.values[k]}
              onChange={(e) => form.set(k)(e.target.value.trim())}
              data-testid={`contract-field-${k}`}
            />
          </div>
        ))}
      </div>
      {form.errors.multiples && (
        <p className="field-error" role="alert">
          {fieldMessageText(t, form.errors.multiples)}
        </p>
      )}
      <div className="switches">
        {SWITCHES.map((k) => (
          <label key={k} className="switch">
            <input type="checkbox" checked={switches[k]} onChange={(e) => setSwitches((d) => ({ ...d, [k]: e.target.checked }))} />
            <span>{t(`contract.admin.fields.${k}`)}</span>
          </label>
        ))}
      </div>
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn-small btn-ghost"
          disabled={form.submitting || changed.length === 0}
          onClick={() => {
            form.setValues(valuesOf(pair));
            setSwitches(switchesOf(pair));
          }}
        >
          {t("admin.common.reset")}
        </button>
        <button
          type="submit"
          className="btn btn-small btn-primary"
          disabled={form.submitting || changed.length === 0}
          data-testid="contract-save"
        >
          {t("admin.common.save")}
        </button>
      </div>
    </form>
  );
}

function Log({ kind }: { kind: "liquidation" | "overnight" }) {
  useTexts("admin", "contract");
  const { t } = useTranslation();
  const list = usePagedQuery([Q.admin, "contract-log", kind], async (page) => {
    const answer = await fetchContractLog(kind, page);
    return { items: answer.data, hasMore: page < answer.pages };
  });
  return (
    <PagedView list={list}>
      {(items) => (
        <div className="table-wrap">
          <table className="admin-table stack-sm" data-testid={`contract-log-${kind}`}>
            <thead>
              <tr>
                <th>{t("contract.admin.log.time")}</th>
                <th>{t("contract.admin.log.position")}</th>
                <th>{t("contract.admin.log.user")}</th>
                <th>{t(kind === "liquidation" ? "contract.admin.log.price" : "contract.admin.log.day")}</th>
                <th>{t(kind === "liquidation" ? "contract.admin.log.pnl" : "contract.admin.log.fee")}</th>
                {kind === "liquidation" && <th>{t("contract.admin.log.insurance")}</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id}>
                  <td className="nowrap" data-label={t("contract.admin.log.time")}>
                    {formatDate(r.at, true)}
                  </td>
                  <td data-label={t("contract.admin.log.position")}>{`${r.symbol} #${r.position}`}</td>
                  <td data-label={t("contract.admin.log.user")}>{r.user_id}</td>
                  <td className="num" data-label={t(kind === "liquidation" ? "contract.admin.log.price" : "contract.admin.log.day")}>
                    {r.detail}
                  </td>
                  <td className="num" data-label={t(kind === "liquidation" ? "contract.admin.log.pnl" : "contract.admin.log.fee")}>
                    {r.amount}
                  </td>
                  {kind === "liquidation" && (
                    <td className="num" data-label={t("contract.admin.log.insurance")}>
                      {r.insurance}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedView>
  );
}

/** Contract pairs (configuration and the house's exposure), the insurance account and the liquidation and overnight-fee logs. */
export default function AdminContractsPage() {
  useTexts("admin", "contract");
  const { t } = useTranslation();
  const query = useQuery(adminContractsQuery);
  const [log, setLog] = useState<"liquidation" | "overnight">("liquidation");

  let body;
  if (!query.data) body = <QueryPending query={query} />;
  else if (query.data.pairs.length === 0) body = <EmptyState text={t("contract.admin.none")} />;
  else
    body = (
      <>
        <section className="admin-card" data-testid="contract-insurance">
          <h3 className="card-title">{t("contract.admin.insurance")}</h3>
          <p className="faint">{t("contract.admin.insuranceHint")}</p>
          <dl className="kv">
            {query.data.insurance.map((i) => (
              <Fragment key={i.coin}>
                <dt>{i.coin}</dt>
                <dd className="num">{t("contract.admin.insuranceRow", { balance: i.balance, paid: i.paid })}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
        <div className="admin-grid">
          {query.data.pairs.map((p) => (
            <PairCard key={`${p.market_id}-${p.updated_at}`} pair={p} />
          ))}
        </div>
      </>
    );
  return (
    <AdminShell title={t("contract.admin.nav")}>
      <p className="faint">{t("contract.admin.intro")}</p>
      {body}
      <div className="segmented" role="tablist">
        {(["liquidation", "overnight"] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={log === k}
            className={log === k ? "active" : ""}
            onClick={() => setLog(k)}
          >
            {t(`contract.admin.log.${k}`)}
          </button>
        ))}
      </div>
      <Log key={log} kind={log} />
    </AdminShell>
  );
}
