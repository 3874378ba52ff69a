import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import {
  type AdminCurrency,
  CURRENCY_SWITCHES,
  type CurrencyPatch,
  type CurrencySwitch,
  adminCurrenciesQuery,
  saveCurrency,
} from "../../features/admin/api.ts";
import { amountIssue } from "../../features/wallet/amount.ts";
import { AmountInput } from "../../lib/form/AmountInput.tsx";
import { useForm } from "../../lib/form/useForm.ts";
import { type FieldMessage, fieldMessageText } from "../../lib/form/messages.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { dec } from "../../lib/decimal.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
import { useTexts } from "../../lib/i18n.ts";

type NumberField = "withdraw_fee" | "min_withdraw" | "price_usdt" | "second_approval_above";
const NUMBER_FIELDS: readonly NumberField[] = ["withdraw_fee", "min_withdraw", "price_usdt", "second_approval_above"];
type Switches = Record<CurrencySwitch, boolean>;

const numbersOf = (c: AdminCurrency): Record<NumberField, string> => ({
  withdraw_fee: dec(c.withdraw_fee).toFixed(),
  min_withdraw: dec(c.min_withdraw).toFixed(),
  price_usdt: c.usdt_price ? dec(c.usdt_price).toFixed() : "",
  second_approval_above: c.second_approval_above === null ? "" : dec(c.second_approval_above).toFixed(),
});
const switchesOf = (c: AdminCurrency) => Object.fromEntries(CURRENCY_SWITCHES.map((k) => [k, c[k] === 1])) as Switches;

function CurrencyCard({ currency }: { currency: AdminCurrency }) {
  useTexts("admin");
  const { t } = useTranslation();
  const form = useForm(numbersOf(currency));
  const [switches, setSwitches] = useState<Switches>(() => switchesOf(currency));
  const original = { ...numbersOf(currency), ...switchesOf(currency) };
  const draft = { ...form.values, ...switches };
  const changed = (Object.keys(draft) as (keyof typeof draft)[]).filter((k) => draft[k] !== original[k]);

  const decimalError = (value: string, required: boolean, positive: boolean): FieldMessage | undefined => {
    if (!value.trim()) return required ? { key: "admin.currencies.required" } : undefined;
    const issue = amountIssue(value, { decimals: currency.precision });
    if (issue === "positive" && !positive && dec(value).isZero()) return undefined;
    if (issue === "tooPrecise") return { key: "admin.currencies.tooPrecise", values: { decimals: currency.precision } };
    return issue ? { key: "admin.currencies.invalidNumber" } : undefined;
  };

  const check = () => ({
    withdraw_fee: decimalError(form.values.withdraw_fee, true, false),
    min_withdraw: decimalError(form.values.min_withdraw, true, false),
    price_usdt: form.values.price_usdt || original.price_usdt ? decimalError(form.values.price_usdt, true, true) : undefined,
    // Empty switches four eyes off.
    second_approval_above: decimalError(form.values.second_approval_above, false, false),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed.length === 0) return;
    void form.submit(check, async () => {
      const patch: CurrencyPatch = { id: currency.id };
      for (const k of changed) {
        if (k === "withdraw_fee" || k === "min_withdraw" || k === "price_usdt" || k === "second_approval_above") patch[k] = form.values[k];
        else patch[k] = switches[k] ? 1 : 0;
      }
      const shown = (v: unknown) => (v === true ? t("admin.common.on") : v === false ? t("admin.common.off") : String(v || "—"));
      const summary = changed.map((k) => `${t(`admin.currencies.fields.${k}`)}: ${shown(original[k])} → ${shown(draft[k])}`).join("\n");
      const ok = await confirmDialog({ title: t("admin.currencies.confirmTitle", { name: currency.name }), message: summary });
      if (!ok) return;
      // saveCurrency invalidates the console's list and the users' coin list; the card then shows the saved figures.
      const saved = await saveCurrency(patch, { silent: true });
      toast(t("admin.currencies.saved", { name: saved.name }));
      form.setValues(numbersOf(saved));
      setSwitches(switchesOf(saved));
    });
  };

  const numberField = (k: NumberField) => {
    const bound = form.amount(k);
    return (
      <div className="field" key={k}>
        <label htmlFor={`cur-${currency.id}-${k}`}>{t(`admin.currencies.fields.${k}`)}</label>
        <AmountInput
          id={`cur-${currency.id}-${k}`}
          className="input num"
          value={bound.value}
          onChange={bound.onChange}
          aria-invalid={Boolean(bound.error)}
          aria-describedby={`cur-${currency.id}-${k}-error`}
          data-testid={`currency-${currency.name}-${k}`}
        />
        <span id={`cur-${currency.id}-${k}-error`} className="field-error">
          {bound.error ? fieldMessageText(t, bound.error) : ""}
        </span>
      </div>
    );
  };

  const reset = () => {
    form.setValues(numbersOf(currency));
    form.setErrors({});
    setSwitches(switchesOf(currency));
  };

  return (
    <form className="admin-card" onSubmit={submit} noValidate data-testid={`currency-${currency.name}`}>
      <header className="row-between">
        <h3 className="card-title">{currency.name}</h3>
        <span className="faint">{t("admin.currencies.precision", { n: currency.precision })}</span>
      </header>
      <div className="currency-fields">{NUMBER_FIELDS.map(numberField)}</div>
      <p className="faint">{t("admin.currencies.secondApprovalHint")}</p>
      <div className="switches">
        {CURRENCY_SWITCHES.map((k) => (
          <label key={k} className="switch">
            <input type="checkbox" checked={switches[k]} onChange={(e) => setSwitches((d) => ({ ...d, [k]: e.target.checked }))} />
            <span>{t(`admin.currencies.fields.${k}`)}</span>
          </label>
        ))}
      </div>
      <div className="admin-actions">
        <button type="button" className="btn btn-small btn-ghost" disabled={form.submitting || changed.length === 0} onClick={reset}>
          {t("admin.common.reset")}
        </button>
        <button type="submit" className="btn btn-small btn-primary" disabled={form.submitting || changed.length === 0}>
          {t("admin.common.save")}
        </button>
      </div>
    </form>
  );
}

/** Coin configuration users can read: withdrawal fee and minimum, reference price, four-eyes threshold, and the switches. */
export default function AdminCurrenciesPage() {
  useTexts("admin");
  const { t } = useTranslation();
  const query = useQuery(adminCurrenciesQuery);

  let body;
  if (!query.data) body = <QueryPending query={query} />;
  else if (query.data.length === 0) body = <EmptyState />;
  else
    body = (
      <div className="admin-grid">
        {query.data.map((c) => (
          <CurrencyCard key={c.id} currency={c} />
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
