import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AmountInputError } from "../../../lib/amount-input.ts";
import { AmountInput, type AmountChange } from "../../../lib/form/AmountInput.tsx";
import { useInputLang } from "../../../lib/form/lang.ts";
import { amountInputMessage, type FieldMessage, fieldMessageText } from "../../../lib/form/messages.ts";
import type { AmountIssue } from "../amount.ts";
import { useTexts } from "../../../lib/i18n.ts";

/**
 * An amount box: decimal keyboard, the coin as suffix, an optional "All" button and the
 * message under it. `value` is the canonical amount (AmountInput reads the typed text in
 * the user's language); a text that is not an amount leaves "" and says why, under the
 * field, once the user leaves it or the page reports an error.
 */
export function AmountField({
  label,
  value,
  onChange,
  unit,
  onAll,
  error,
  hint,
  disabled,
  testId,
}: {
  label: string;
  value: string;
  onChange: AmountChange;
  unit: string;
  /** The coin's decimals, for the page's own check: more are refused there, never cut while typing. */
  decimals?: number;
  onAll?: () => void;
  error?: string | FieldMessage;
  hint?: string;
  disabled?: boolean;
  testId?: string;
}) {
  useTexts("fund");
  const { t } = useTranslation();
  const lang = useInputLang();
  const id = useId();
  const [unreadable, setUnreadable] = useState<AmountInputError | null>(null);
  const [left, setLeft] = useState(false);
  const own = unreadable && value === "" && (left || error) ? fieldMessageText(t, amountInputMessage(unreadable, lang)) : undefined;
  const shown = own ?? (typeof error === "object" ? fieldMessageText(t, error) : error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-group">
        <AmountInput
          id={id}
          className="input num"
          value={value}
          disabled={disabled}
          placeholder={t("fund.common.amountPlaceholder")}
          aria-invalid={Boolean(shown)}
          aria-describedby={shown ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(next, why) => {
            setUnreadable(why);
            setLeft(false);
            onChange(next, why);
          }}
          onBlur={() => setLeft(true)}
          data-testid={testId}
        />
        <span className="input-suffix">{unit}</span>
        {onAll && (
          <button type="button" className="btn-link" onClick={onAll} disabled={disabled}>
            {t("fund.common.all")}
          </button>
        )}
      </div>
      {hint && !shown && (
        <span id={`${id}-hint`} className="faint field-hint">
          {hint}
        </span>
      )}
      <span id={`${id}-error`} className="field-error" role={shown ? "alert" : undefined}>
        {shown}
      </span>
    </div>
  );
}

export type AmountContext = { coin: string; min?: string; max?: string; fee?: string; decimals?: number };

/** The message for an amount issue, with the figures that explain it. */
export function amountIssueMessage(issue: AmountIssue | null, ctx: AmountContext): FieldMessage | undefined {
  switch (issue) {
    case null:
      return undefined;
    case "required":
    case "invalid":
    case "positive":
      return { key: `fund.amount.${issue}` };
    case "tooPrecise":
      return { key: "fund.amount.tooPrecise", values: { decimals: ctx.decimals ?? 8 } };
    case "belowMin":
      return { key: "fund.amount.belowMin", values: { min: ctx.min ?? "0", coin: ctx.coin } };
    case "aboveBalance":
      return { key: "fund.amount.aboveBalance", values: { max: ctx.max ?? "0", coin: ctx.coin } };
    case "notAboveFee":
      return { key: "fund.amount.notAboveFee", values: { fee: ctx.fee ?? "0", coin: ctx.coin } };
  }
}
