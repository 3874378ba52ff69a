import { type FormEvent, useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useModalFocus } from "../../lib/modal-focus.ts";
import { amountIssue } from "../../features/wallet/amount.ts";
import { dec } from "../../lib/decimal.ts";
import { AmountInput } from "../../lib/form/AmountInput.tsx";
import { type FieldErrors, fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { useTexts } from "../../lib/i18n.ts";

type Pending = { title: string; message: string; declared: string; decimals: number; resolve: (amount: string | null) => void };

/**
 * Confirming a deposit asks what the operator verified on-chain: an amount of at most the
 * declared one (the server checks it again), where zero rejects the deposit. `ask` resolves
 * with the amount (canonical: AmountInput reads it in the operator's language), or null when
 * cancelled. The field starts empty on purpose: the operator types what they saw rather than
 * accepting the user's figure.
 */
export function useVerifiedAmountPrompt() {
  useTexts("admin");
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const form = useForm({ amount: "" });
  const { values, errors, clear } = form;
  const titleId = useId();
  const dialog = useRef<HTMLFormElement>(null);
  useModalFocus(dialog, pending !== null);
  const current = useRef<Pending | null>(null);

  const ask = useCallback(
    (request: Omit<Pending, "resolve">) => {
      current.current?.resolve(null);
      return new Promise<string | null>((resolve) => {
        const next = { ...request, resolve };
        current.current = next;
        clear("amount");
        setPending(next);
      });
    },
    [clear],
  );

  const close = (amount: string | null) => {
    pending?.resolve(amount);
    current.current = null;
    setPending(null);
  };

  /** Zero is a verified amount too (nothing arrived): it rejects the deposit. */
  const zero = values.amount !== "" && dec(values.amount).isZero();

  const check = (request: Pending): FieldErrors<"amount"> => {
    const issue = amountIssue(values.amount, { decimals: request.decimals });
    if (issue === "tooPrecise") return { amount: { key: "admin.currencies.tooPrecise", values: { decimals: request.decimals } } };
    if (issue && !zero) return { amount: { key: "admin.deposits.verifiedInvalid" } };
    if (dec(values.amount).gt(dec(request.declared)))
      return { amount: { key: "admin.deposits.verifiedAboveDeclared", values: { amount: request.declared } } };
    return {};
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    void form.submit(
      () => check(pending),
      async () => close(values.amount),
    );
  };
  const error = errors.amount ? fieldMessageText(t, errors.amount) : "";
  const element = pending ? (
    <div className="modal-backdrop" onClick={() => close(null)}>
      <form
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
        onSubmit={submit}
        noValidate
      >
        <h2 id={titleId}>{pending.title}</h2>
        <p>{pending.message}</p>
        <div className="field">
          <label htmlFor={`${titleId}-amount`}>{t("admin.deposits.verifiedLabel")}</label>
          <AmountInput
            id={`${titleId}-amount`}
            className="input num"
            value={values.amount}
            autoFocus
            placeholder={t("admin.deposits.verifiedPlaceholder", { amount: pending.declared })}
            onChange={form.amount("amount").onChange}
            aria-invalid={Boolean(error)}
            aria-describedby={`${titleId}-hint ${titleId}-error`}
            data-testid="verified-amount"
          />
          <span id={`${titleId}-hint`} className="faint">
            {zero ? t("admin.deposits.verifiedZero") : t("admin.deposits.verifiedHint")}
          </span>
          <span id={`${titleId}-error`} className="field-error" role={error ? "alert" : undefined}>
            {error}
          </span>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={() => close(null)}>
            {t("common.cancel")}
          </button>
          <button type="submit" className={`btn ${zero ? "btn-down" : "btn-up"}`}>
            {zero ? t("admin.common.reject") : t("admin.deposits.confirm")}
          </button>
        </div>
      </form>
    </div>
  ) : null;

  return { ask, element };
}
