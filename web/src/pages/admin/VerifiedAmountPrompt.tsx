import { type FormEvent, useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { amountIssue } from "../../features/wallet/amount.ts";
import { dec } from "../../lib/decimal.ts";

type Pending = { title: string; message: string; declared: string; decimals: number; resolve: (amount: string | null) => void };

/**
 * Confirming a deposit asks what the operator verified on-chain: an amount of at most the
 * declared one (the server checks it again), where zero rejects the deposit. `ask` resolves
 * with the typed amount, or null when cancelled. The field starts empty on purpose: the
 * operator types what they saw rather than accepting the user's figure.
 */
export function useVerifiedAmountPrompt() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const titleId = useId();
  const current = useRef<Pending | null>(null);

  const ask = useCallback((request: Omit<Pending, "resolve">) => {
    current.current?.resolve(null);
    return new Promise<string | null>((resolve) => {
      const next = { ...request, resolve };
      current.current = next;
      setText("");
      setError("");
      setPending(next);
    });
  }, []);

  const close = (amount: string | null) => {
    pending?.resolve(amount);
    current.current = null;
    setPending(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    const value = text.trim();
    const issue = amountIssue(value, { decimals: pending.decimals });
    const zero = issue === "positive" && dec(value).isZero();
    if (issue === "tooPrecise") return setError(t("admin.currencies.tooPrecise", { decimals: pending.decimals }));
    if (issue && !zero) return setError(t("admin.deposits.verifiedInvalid"));
    if (dec(value).gt(dec(pending.declared))) return setError(t("admin.deposits.verifiedAboveDeclared", { amount: pending.declared }));
    close(value);
  };

  const zero = text.trim() !== "" && amountIssue(text, {}) === "positive";
  const element = pending ? (
    <div className="modal-backdrop" onClick={() => close(null)}>
      <form
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
          <input
            id={`${titleId}-amount`}
            className="input num"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            autoFocus
            placeholder={t("admin.deposits.verifiedPlaceholder", { amount: pending.declared })}
            onChange={(e) => setText(e.target.value.trim())}
            aria-invalid={Boolean(error)}
            data-testid="verified-amount"
          />
          <span className="faint">{zero ? t("admin.deposits.verifiedZero") : t("admin.deposits.verifiedHint")}</span>
          <span className="field-error" role={error ? "alert" : undefined}>
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
