import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { bankCardSchema } from "../../../../schema/api/bank.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { ErrorView } from "../../components/States.tsx";
import {
  BANK_FIELDS,
  type BankCardInput,
  type BankCardView,
  type BankField,
  type BankKind,
  fetchBankCard,
  fetchInternationalCard,
  saveBankCard,
} from "../../features/wallet/destinations.ts";
import { useQuery } from "../../hooks/useQuery.ts";
import { fieldIssues } from "../../lib/issues.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";

const INPUT_MODE: Partial<Record<BankField, "numeric" | "tel">> = { phone: "tel", alipay_account: "numeric" };

const emptyCard = (): BankCardInput => Object.fromEntries(BANK_FIELDS.map((k) => [k, ""])) as BankCardInput;

function BoundCard({ card, labels }: { card: BankCardView; labels: Record<BankField, string> }) {
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
      <p className="notice">{t("fund.bank.contactToChange")}</p>
    </div>
  );
}

function CardForm({ kind, labels, onSaved }: { kind: BankKind; labels: Record<BankField, string>; onSaved: () => void }) {
  const { t } = useTranslation();
  const [card, setCard] = useState<BankCardInput>(emptyCard);
  const [errors, setErrors] = useState<Partial<Record<BankField, string>>>({});
  const [busy, setBusy] = useState(false);

  const message = (field: BankField) => {
    const code = errors[field];
    if (!code) return "";
    return code === "BANK_FIELD_REQUIRED"
      ? t("fund.bank.required", { field: labels[field] })
      : t("fund.bank.invalid", { field: labels[field] });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const issues = fieldIssues(bankCardSchema, card);
    for (const k of BANK_FIELDS) if (!card[k].trim()) issues[k] = "BANK_FIELD_REQUIRED";
    setErrors(issues);
    if (Object.keys(issues).length) return;
    const ok = await confirmDialog({ title: t("fund.bank.confirmTitle"), message: t("fund.bank.confirmMessage") });
    if (!ok) return;
    setBusy(true);
    try {
      toast(await saveBankCard(kind, card));
      onSaved();
    } catch {
      setBusy(false);
    }
  };

  return (
    <form className="content" onSubmit={submit} noValidate>
      <p className="notice">{t("fund.bank.oneCard")}</p>
      {BANK_FIELDS.map((k) => (
        <div className="field" key={k}>
          <label htmlFor={`bank-${k}`}>{labels[k]}</label>
          <input
            id={`bank-${k}`}
            name={k}
            className="input"
            value={card[k]}
            inputMode={INPUT_MODE[k]}
            autoComplete="off"
            placeholder={t("fund.bank.placeholder", { field: labels[k] })}
            aria-invalid={Boolean(errors[k])}
            onChange={(e) => setCard((c) => ({ ...c, [k]: e.target.value }))}
          />
          <span className="field-error" role={errors[k] ? "alert" : undefined}>
            {message(k)}
          </span>
        </div>
      ))}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("fund.common.submitting") : t("fund.bank.save")}
      </button>
    </form>
  );
}

/** Binds the one bank card of a kind; a bound card is shown read-only (changes go through customer service). */
export function BankCardScreen({ kind }: { kind: BankKind }) {
  const { t } = useTranslation();
  const query = useQuery(async () => {
    if (kind === "domestic") return { data: await fetchBankCard(), forms: null };
    return fetchInternationalCard();
  }, [kind]);
  const title = kind === "domestic" ? t("fund.bank.title") : t("fund.bank.internationalTitle");
  const own = Object.fromEntries(BANK_FIELDS.map((k) => [k, t(`fund.bank.fields.${k}`)])) as Record<BankField, string>;
  const labels = { ...own, ...Object.fromEntries((query.data?.forms ?? []).map((f) => [f.key, f.label])) } as Record<BankField, string>;

  let body;
  if (query.error && !query.data) body = <ErrorView message={query.error.message} onRetry={query.reload} />;
  else if (!query.data) body = <DelayedSpinner />;
  else if (query.data.data) body = <BoundCard card={query.data.data} labels={labels} />;
  else body = <CardForm kind={kind} labels={labels} onSaved={query.reload} />;
  return (
    <>
      <NavBar title={title} />
      {body}
    </>
  );
}

export default function BankCardPage() {
  return <BankCardScreen kind="domestic" />;
}
