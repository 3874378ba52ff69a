import { useAtomValue } from "jotai";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { bankCardSchema } from "../../../../schema/api/bank.ts";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import {
  BANK_FIELDS,
  type BankCardView,
  type BankField,
  type BankKind,
  bankCardQuery,
  saveBankCard,
} from "../../features/wallet/destinations.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { fieldIssues } from "../../lib/form/validation.ts";
import { type FieldErrors, fieldMessageText } from "../../lib/form/messages.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

const INPUT_MODE: Partial<Record<BankField, "numeric" | "tel">> = { phone: "tel", alipay_account: "numeric" };

const emptyCard = () => Object.fromEntries(BANK_FIELDS.map((k) => [k, ""])) as Record<BankField, string>;

function BoundCard({ card, labels }: { card: BankCardView; labels: Record<BankField, string> }) {
  useTexts("fund", "support");
  const { t } = useTranslation();
  return (
    <div className="content stack">
      <section className="card" data-testid="bank-bound">
        <div className="row-between">
          <h2 className="card-title">{t("fund.bank.bound")}</h2>
          <span className="faint">{formatDate(card.created_at)}</span>
        </div>
        <dl className="kv">
          {BANK_FIELDS.map((k) => (
            <div key={k} className="kv-row">
              <dt>{labels[k]}</dt>
              <dd>{card[k]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="notice">
        {t("fund.bank.contactToChange")}{" "}
        <Link to="/kefu" data-testid="contact-support">
          {t("support.entry")}
        </Link>
      </p>
    </div>
  );
}

function CardForm({ kind, labels }: { kind: BankKind; labels: Record<BankField, string> }) {
  useTexts("fund", "support");
  const { t } = useTranslation();
  const { values, set, errors, submitting, submit } = useForm<BankField>(emptyCard());
  const message = (field: BankField) => (errors[field] ? fieldMessageText(t, errors[field]) : "");

  const check = (): FieldErrors<BankField> => {
    const issues = fieldIssues(bankCardSchema, values);
    for (const k of BANK_FIELDS) if (!values[k].trim()) issues[k] = "BANK_FIELD_REQUIRED";
    return Object.fromEntries(
      Object.entries(issues).map(([k, code]) => [
        k,
        { key: code === "BANK_FIELD_REQUIRED" ? "fund.bank.required" : "fund.bank.invalid", values: { field: labels[k as BankField] } },
      ]),
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(check, async () => {
      const ok = await confirmDialog({ title: t("fund.bank.confirmTitle"), message: t("fund.bank.confirmMessage") });
      if (!ok) return;
      // saveBankCard invalidates the card: the screen then shows it bound.
      toast(await saveBankCard(kind, values, { silent: true }));
    });
  };

  return (
    <form className="content" onSubmit={onSubmit} noValidate>
      <p className="notice">{t("fund.bank.oneCard")}</p>
      {BANK_FIELDS.map((k) => (
        <div className="field" key={k}>
          <label htmlFor={`bank-${k}`}>{labels[k]}</label>
          <input
            id={`bank-${k}`}
            name={k}
            className="input"
            value={values[k]}
            inputMode={INPUT_MODE[k]}
            autoComplete="off"
            placeholder={t("fund.bank.placeholder", { field: labels[k] })}
            aria-invalid={Boolean(errors[k])}
            aria-describedby={`bank-${k}-error`}
            onChange={(e) => set(k)(e.target.value)}
          />
          <span id={`bank-${k}-error`} className="field-error" role={errors[k] ? "alert" : undefined}>
            {message(k)}
          </span>
        </div>
      ))}
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
        {submitting ? t("fund.common.submitting") : t("fund.bank.save")}
      </button>
    </form>
  );
}

/** Binds the one bank card of a kind; a bound card is shown read-only (changes go through customer service). */
export function BankCardScreen({ kind }: { kind: BankKind }) {
  useTexts("fund", "support");
  const { t } = useTranslation();
  const query = useQuery(bankCardQuery(useAtomValue(tokenAtom), kind));
  const title = kind === "domestic" ? t("fund.bank.title") : t("fund.bank.internationalTitle");
  const own = Object.fromEntries(BANK_FIELDS.map((k) => [k, t(`fund.bank.fields.${k}`)])) as Record<BankField, string>;
  const labels = { ...own, ...Object.fromEntries((query.data?.forms ?? []).map((f) => [f.key, f.label])) } as Record<BankField, string>;

  let body;
  if (!query.data) body = <QueryPending query={query} />;
  else if (query.data.data) body = <BoundCard card={query.data.data} labels={labels} />;
  else body = <CardForm kind={kind} labels={labels} />;
  return (
    <>
      <NavBar title={title} />
      {body}
    </>
  );
}

export default function BankCardPage() {
  useTexts("fund", "support");
  return <BankCardScreen kind="domestic" />;
}
