import { useAtomValue } from "jotai";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import {
  type OnrampConfigView,
  type OnrampOrderForm,
  createOnrampOrder,
  onrampConfigQuery,
  onrampOrderSchema,
  usdtUnits,
} from "../../features/onramp/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amountIssue } from "../../features/wallet/amount.ts";
import { AmountField, amountIssueMessage } from "../../features/wallet/components/AmountField.tsx";
import { amount } from "../../lib/format.ts";
import { dec } from "../../lib/decimal.ts";
import { type FieldErrors, fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { fieldIssues } from "../../lib/form/validation.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { confirmDialog } from "../../lib/ui.ts";
import { useCountryName } from "../../features/onramp/components.tsx";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

type Field = keyof OnrampOrderForm;
const PAYER_FIELDS = ["first_name", "last_name", "email", "phone", "tax_id"] as const satisfies readonly Field[];
const INPUT: Record<(typeof PAYER_FIELDS)[number], { type: string; mode?: "tel" | "email"; auto: string }> = {
  first_name: { type: "text", auto: "given-name" },
  last_name: { type: "text", auto: "family-name" },
  email: { type: "email", mode: "email", auto: "email" },
  phone: { type: "tel", mode: "tel", auto: "tel" },
  tax_id: { type: "text", auto: "off" },
};

/** USDT minor units as a decimal. */
const usdtText = (units: number) => dec(units).div(1_000_000).toFixed();

function BuyForm({ config }: { config: OnrampConfigView }) {
  useTexts("onramp");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const first = config.countries.find((c) => c.fiats.length > 0) ?? config.countries[0]!;
  const form = useForm<Field>({
    country: first.code,
    fiat: first.fiats[0]?.code ?? "",
    method: config.methods[0] ?? "bank",
    bank: first.banks[0] ?? "",
    amount: "",
    first_name: "",
    last_name: "",
    email: "",
    phone: "",
    tax_id: "",
  });
  const { values, set, setValues, errors } = form;
  const country = config.countries.find((c) => c.code === values.country) ?? first;
  const fiat = country.fiats.find((f) => f.code === values.fiat) ?? country.fiats[0];
  const issue = fiat ? amountIssue(values.amount, { decimals: 0, min: String(fiat.min), max: String(fiat.max) }) : "required";
  const usdt = fiat && issue === null ? usdtText(usdtUnits(Number(values.amount), fiat.rate)) : null;
  const countryName = useCountryName();
  const message = (k: Field) => (errors[k] ? fieldMessageText(t, errors[k]) : "");

  const pickCountry = (code: string) => {
    const c = config.countries.find((x) => x.code === code)!;
    setValues((v) => ({ ...v, country: code, fiat: c.fiats[0]?.code ?? "", bank: c.banks[0] ?? "" }));
  };

  const check = (): FieldErrors<Field> => {
    const found: FieldErrors<Field> = {};
    const amountMessage =
      issue === "tooPrecise"
        ? { key: "onramp.form.wholeAmount" }
        : issue === "aboveBalance"
          ? { key: "onramp.form.aboveMax", values: { max: amount(fiat?.max ?? 0), fiat: fiat?.code ?? "" } }
          : amountIssueMessage(issue, { coin: fiat?.code ?? "", decimals: 0, min: amount(fiat?.min ?? 0) });
    if (amountMessage) found.amount = amountMessage;
    const issues = fieldIssues(onrampOrderSchema, { ...values, amount: values.amount || "1" });
    for (const k of PAYER_FIELDS) {
      if (!values[k].trim()) found[k] = { key: "onramp.form.required" };
      else if (issues[k]) found[k] = { key: `onramp.errors.${issues[k]}` };
    }
    if (!fiat) found.fiat = { key: "onramp.form.noFiat" };
    return found;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(check, async () => {
      const ok = await confirmDialog({
        title: t("onramp.form.confirmTitle"),
        message: t("onramp.form.confirmMessage", {
          amount: amount(values.amount),
          fiat: fiat!.code,
          usdt: amount(usdt ?? "0"),
          rate: amount(fiat!.rate),
          bank: values.bank,
          name: `${values.first_name.trim()} ${values.last_name.trim()}`,
        }),
      });
      if (!ok) return;
      const order = await createOnrampOrder({ ...values });
      // Card and wallet: the payer pays on the provider's own page, which returns to the order.
      if (order.checkout_url) window.location.assign(order.checkout_url);
      else void navigate(`/otc/order?id=${order.id}`);
    });
  };

  return (
    <form className="content stack" onSubmit={submit} noValidate data-testid="otc-form">
      <div className="row-between">
        <span className="muted">{t("onramp.form.intro")}</span>
        <Link to="/otc/orders" className="btn btn-ghost btn-small" data-testid="otc-my-orders">
          {t("onramp.orders.title")}
        </Link>
      </div>
      <div className="field">
        <label htmlFor="otc-country">{t("onramp.form.country")}</label>
        <select
          id="otc-country"
          className="input"
          value={values.country}
          onChange={(e) => pickCountry(e.target.value)}
          data-testid="otc-country"
        >
          {config.countries.map((c) => (
            <option key={c.code} value={c.code}>
              {countryName(c.code)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="otc-fiat">{t("onramp.form.fiat")}</label>
        <select id="otc-fiat" className="input" value={values.fiat} onChange={(e) => set("fiat")(e.target.value)} data-testid="otc-fiat">
          {country.fiats.map((f) => (
            <option key={f.code} value={f.code}>
              {f.code}
            </option>
          ))}
        </select>
        <span className="field-error" role={errors.fiat ? "alert" : undefined}>
          {message("fiat")}
        </span>
      </div>
      <div className="field">
        <label htmlFor="otc-method">{t("onramp.form.method")}</label>
        <select id="otc-method" className="input" value={values.method} onChange={(e) => set("method")(e.target.value)}>
          {config.methods.map((m) => (
            <option key={m} value={m}>
              {t(`onramp.methods.${m}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="otc-bank">{t("onramp.form.bank")}</label>
        <select id="otc-bank" className="input" value={values.bank} onChange={(e) => set("bank")(e.target.value)} data-testid="otc-bank">
          {country.banks.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </div>
      <AmountField
        label={t("onramp.form.amount")}
        unit={fiat?.code ?? ""}
        decimals={0}
        {...form.amount("amount")}
        hint={fiat ? t("onramp.form.limits", { min: amount(fiat.min), max: amount(fiat.max), fiat: fiat.code }) : undefined}
        testId="otc-amount"
      />
      {fiat && (
        <dl className="kv summary" data-testid="otc-preview">
          <dt>{t("onramp.form.rate")}</dt>
          <dd className="num">{t("onramp.form.rateValue", { rate: amount(fiat.rate), fiat: fiat.code })}</dd>
          <dt>{t("onramp.form.receive")}</dt>
          <dd className="num" data-testid="otc-receive">
            {usdt === null ? "—" : `${amount(usdt)} USDT`}
          </dd>
        </dl>
      )}
      <h2 className="card-title">{t("onramp.form.payer")}</h2>
      {PAYER_FIELDS.map((k) => (
        <div className="field" key={k}>
          <label htmlFor={`otc-${k}`}>{t(`onramp.fields.${k}`)}</label>
          <input
            id={`otc-${k}`}
            name={k}
            className="input"
            type={INPUT[k].type}
            inputMode={INPUT[k].mode}
            autoComplete={INPUT[k].auto}
            value={values[k]}
            aria-invalid={Boolean(errors[k])}
            aria-describedby={`otc-${k}-error`}
            onChange={(e) => set(k)(e.target.value)}
            data-testid={`otc-${k}`}
          />
          <span id={`otc-${k}-error`} className="field-error" role={errors[k] ? "alert" : undefined}>
            {message(k)}
          </span>
        </div>
      ))}
      <p className="muted">{t("onramp.form.rounding")}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting} data-testid="otc-submit">
        {form.submitting ? t("onramp.form.submitting") : t("onramp.form.submit")}
      </button>
    </form>
  );
}

/** Buy crypto (page otc): country, fiat, method and bank, a whole amount and the payer; the figures are confirmed first. */
export default function OtcPage() {
  useTexts("onramp");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const config = useQuery(onrampConfigQuery);
  let body;
  if (!config.data) body = <QueryPending query={config} />;
  else if (!token)
    body = (
      <div className="content stack">
        <p className="muted">{t("onramp.form.intro")}</p>
        <Link to="/login?redirect=%2Fotc%2Fotc" className="btn btn-primary btn-block">
          {t("onramp.form.logIn")}
        </Link>
      </div>
    );
  else body = <BuyForm config={config.data} />;
  return (
    <>
      <NavBar title={t("onramp.title")} />
      {body}
    </>
  );
}
