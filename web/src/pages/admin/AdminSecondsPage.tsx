import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SecondsConfig } from "../../../../schema/api/seconds.ts";
import { QueryPending } from "../../components/States.tsx";
import { get, post } from "../../lib/api.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/seconds.css";
import { useTexts } from "../../lib/i18n.ts";

type Row = { seconds: string; profit_ratio: string; loss_ratio: string; min_amount: string; max_amount: string; enabled: boolean };

const fetchConfig = () => get<SecondsConfig>("/admin/seconds/config", undefined, { silent: true });
/** The worker checks the whole document, replaces it in one batch with its audit row, and names a bad field. */
const saveConfig = mutation((body: Record<string, string>) => post<SecondsConfig>("/admin/seconds/config", body), [[Q.admin], [Q.seconds]]);

const rowsOf = (c: SecondsConfig): Row[] =>
  c.durations.map((d) => ({
    seconds: String(d.seconds),
    profit_ratio: d.profit_ratio,
    loss_ratio: d.loss_ratio,
    min_amount: d.min_amount,
    max_amount: d.max_amount,
    enabled: d.status === 1,
  }));

const FIELDS = ["seconds", "profit_ratio", "loss_ratio", "min_amount", "max_amount"] as const;

function SecondsConfigForm({ config }: { config: SecondsConfig }) {
  useTexts("seconds", "security");
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(config));
  const [fee, setFee] = useState(config.fee_rate);
  const [markets, setMarkets] = useState(config.match_ids.join(","));
  const [coins, setCoins] = useState(config.pay_coin_ids.join(","));
  const [maxOpen, setMaxOpen] = useState(String(config.max_open_per_coin));
  const [busy, setBusy] = useState(false);
  const edit = (i: number, patch: Partial<Row>) => setRows((cur) => cur.map((r, k) => (k === i ? { ...r, ...patch } : r)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await confirmDialog({ title: t("seconds.admin.title"), message: t("seconds.admin.confirm") }))) return;
    setBusy(true);
    try {
      const durations = rows.map((r) => ({ ...r, seconds: Number(r.seconds) }));
      const saved = await saveConfig({
        fee_rate: fee.trim(),
        match_ids: markets.replace(/\s/g, ""),
        pay_coin_ids: coins.replace(/\s/g, ""),
        max_open_per_coin: maxOpen.trim(),
        durations: JSON.stringify(durations),
      });
      setRows(rowsOf(saved));
      toast(t("security.admin.saved"));
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const text = (label: string, value: string, set: (v: string) => void, testId: string) => (
    <label className="field">
      <span>{label}</span>
      <input className="input" value={value} onChange={(e) => set(e.target.value)} data-testid={testId} />
    </label>
  );

  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="admin-seconds">
      {text(t("seconds.admin.fee"), fee, setFee, "seconds-fee")}
      {text(t("seconds.admin.markets"), markets, setMarkets, "seconds-markets")}
      {text(t("seconds.admin.coins"), coins, setCoins, "seconds-coins")}
      {text(t("seconds.admin.maxOpen"), maxOpen, setMaxOpen, "seconds-max-open")}
      <div className="table-wrap">
        <table className="admin-table seconds-durations-table">
          <thead>
            <tr>
              {FIELDS.map((f) => (
                <th key={f}>{t(`seconds.admin.${f}`)}</th>
              ))}
              <th>{t("seconds.admin.enabled")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                {FIELDS.map((f) => (
                  <td key={f}>
                    <input
                      className="input"
                      value={r[f]}
                      aria-label={t(`seconds.admin.${f}`)}
                      onChange={(e) => edit(i, { [f]: e.target.value })}
                    />
                  </td>
                ))}
                <td>
                  <input
                    type="checkbox"
                    checked={r.enabled}
                    aria-label={t("seconds.admin.enabled")}
                    onChange={(e) => edit(i, { enabled: e.target.checked })}
                  />
                </td>
                <td>
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => setRows((cur) => cur.filter((_, k) => k !== i))}>
                    {t("seconds.admin.remove")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() =>
          setRows((cur) => [...cur, { seconds: "", profit_ratio: "", loss_ratio: "100", min_amount: "", max_amount: "", enabled: true }])
        }
      >
        {t("seconds.admin.add")}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="seconds-save">
        {t("security.admin.save")}
      </button>
    </form>
  );
}

/** Seconds-contract configuration: durations with ratios and limits, the fee, pairs, pay coins and open orders per coin. */
export default function AdminSecondsPage() {
  useTexts("seconds", "security");
  const { t } = useTranslation();
  const query = useQuery({ key: [Q.admin, "seconds"], load: fetchConfig });
  let body;
  if (!query.data) body = <QueryPending query={query} />;
  else body = <SecondsConfigForm config={query.data} />;
  return <AdminShell title={t("seconds.admin.title")}>{body}</AdminShell>;
}
