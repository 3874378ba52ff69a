import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import {
  type AdminCurrency,
  CURRENCY_SWITCHES,
  type CurrencyPatch,
  type CurrencySwitch,
  fetchCurrencies,
  saveCurrency,
} from "../../features/admin/api.ts";
import { amountIssue, sanitizeAmount } from "../../features/wallet/amount.ts";
import { useQuery } from "../../hooks/useQuery.ts";
import { dec } from "../../lib/decimal.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";

type NumberKey = "withdraw_fee" | "min_withdraw" | "price_usdt" | "second_approval_above";
type Draft = Record<NumberKey, string> & Record<CurrencySwitch, boolean>;

const draftOf = (c: AdminCurrency): Draft => ({
  withdraw_fee: dec(c.withdraw_fee).toFixed(),
  min_withdraw: dec(c.min_withdraw).toFixed(),
  price_usdt: c.usdt_price ? dec(c.usdt_price).toFixed() : "",
  second_approval_above: c.second_approval_above === null ? "" : dec(c.second_approval_above).toFixed(),
  ...(Object.fromEntries(CURRENCY_SWITCHES.map((k) => [k, c[k] === 1])) as Record<CurrencySwitch, boolean>),
});

function CurrencyCard({ currency, onSaved }: { currency: AdminCurrency; onSaved: (c: AdminCurrency) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(currency));
  const [errors, setErrors] = useState<Partial<Record<NumberKey, string>>>({});
  const [busy, setBusy] = useState(false);
  const original = draftOf(currency);
  const changed = (Object.keys(draft) as (keyof Draft)[]).filter((k) => draft[k] !== original[k]);

  const decimalError = (value: string, required: boolean, positive: boolean) => {
    if (!value.trim()) return required ? t("admin.currencies.required") : undefined;
    const issue = amountIssue(value, { decimals: currency.precision });
    if (issue === "positive" && !positive && dec(value).isZero()) return undefined;
    if (issue === "tooPrecise") return t("admin.currencies.tooPrecise", { decimals: currency.precision });
    return issue ? t("admin.currencies.invalidNumber") : undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      withdraw_fee: decimalError(draft.withdraw_fee, true, false),
      min_withdraw: decimalError(draft.min_withdraw, true, false),
      price_usdt: draft.price_usdt || original.price_usdt ? decimalError(draft.price_usdt, true, true) : undefined,
      // Empty switches four eyes off.
      second_approval_above: decimalError(draft.second_approval_above, false, false),
    };
    setErrors(next);
    if (next.withdraw_fee || next.min_withdraw || next.price_usdt || next.second_approval_above || changed.length === 0) return;
    const patch: CurrencyPatch = { id: currency.id };
    for (const k of changed) {
      if (k === "withdraw_fee" || k === "min_withdraw" || k === "price_usdt" || k === "second_approval_above") patch[k] = draft[k];
      else patch[k] = draft[k] ? 1 : 0;
    }
    const shown = (v: unknown) => (v === true ? t("admin.common.on") : v === false ? t("admin.common.off") : String(v || "—"));
    const summary = changed.map((k) => `${t(`admin.currencies.fields.${k}`)}: ${shown(original[k])} → ${shown(draft[k])}`).join("\n");
    const ok = await confirmDialog({ title: t("admin.currencies.confirmTitle", { name: currency.name }), message: summary });
    if (!ok) return;
    setBusy(true);
    try {
      const saved = await saveCurrency(patch);
      toast(t("admin.currencies.saved", { name: saved.name }));
      setDraft(draftOf(saved));
      onSaved(saved);
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const numberField = (k: NumberKey) => (
    <div className="field">
      <label htmlFor={`cur-${currency.id}-${k}`}>{t(`admin.currencies.fields.${k}`)}</label>
      <input
        id={`cur-${currency.id}-${k}`}
        className="input num"
        inputMode="decimal"
        value={draft[k]}
        onChange={(e) => setDraft((d) => ({ ...d, [k]: sanitizeAmount(e.target.value, currency.precision) }))}
        aria-invalid={Boolean(errors[k])}
        data-testid={`currency-${currency.name}-${k}`}
      />
      <span className="field-error">{errors[k]}</span>
    </div>
  );

  return (
    <form className="admin-card" onSubmit={submit} noValidate data-testid={`currency-${currency.name}`}>
      <header className="row-between">
        <h3 className="card-title">{currency.name}</h3>
        <span className="faint">{t("admin.currencies.precision", { n: currency.precision })}</span>
      </header>
      <div className="currency-fields">
        {numberField("withdraw_fee")}
        {numberField("min_withdraw")}
        {numberField("price_usdt")}
        {numberField("second_approval_above")}
      </div>
      <p className="faint">{t("admin.currencies.secondApprovalHint")}</p>
      <div className="switches">
        {CURRENCY_SWITCHES.map((k) => (
          <label key={k} className="switch">
            <input type="checkbox" checked={draft[k]} onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.checked }))} />
            <span>{t(`admin.currencies.fields.${k}`)}</span>
          </label>
        ))}
      </div>
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn-small btn-ghost"
          disabled={busy || changed.length === 0}
          onClick={() => setDraft(original)}
        >
          {t("admin.common.reset")}
        </button>
        <button type="submit" className="btn btn-small btn-primary" disabled={busy || changed.length === 0}>
          {t("admin.common.save")}
        </button>
      </div>
    </form>
  );
}

/** Coin configuration users can read: withdrawal fee and minimum, reference price, four-eyes threshold, and the switches. */
export default function AdminCurrenciesPage() {
  const { t } = useTranslation();
  const query = useQuery(fetchCurrencies, []);

  let body;
  if (query.error && !query.data) body = <ErrorView message={query.error.message} onRetry={query.reload} />;
  else if (!query.data) body = <DelayedSpinner />;
  else if (query.data.length === 0) body = <EmptyState />;
  else
    body = (
      <div className="admin-grid">
        {query.data.map((c) => (
          <CurrencyCard key={c.id} currency={c} onSaved={query.reload} />
        ))}
      </div>
    );
  return (
    <AdminShell title={t("admin.nav.currencies")}>
      <p className="faint">{t("admin.currencies.intro")}</p>
      {body}
    </AdminShell>
  );
}
