import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type AmountIssue, sanitizeAmount } from "../amount.ts";

/** An amount box: decimal keyboard, the coin as suffix, an optional "All" button and the message under it. */
export function AmountField({
  label,
  value,
  onChange,
  unit,
  decimals = 8,
  onAll,
  error,
  hint,
  disabled,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  unit: string;
  decimals?: number;
  onAll?: () => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-group">
        <input
          id={id}
          className="input num"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          placeholder={t("fund.common.amountPlaceholder")}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange(sanitizeAmount(e.target.value, decimals))}
          data-testid={testId}
        />
        <span className="input-suffix">{unit}</span>
        {onAll && (
          <button type="button" className="btn-link" onClick={onAll} disabled={disabled}>
            {t("fund.common.all")}
          </button>
        )}
      </div>
      {hint && !error && <span className="faint field-hint">{hint}</span>}
      <span className="field-error" role={error ? "alert" : undefined}>
        {error}
      </span>
    </div>
  );
}

/** The message for an amount issue, with the figures that explain it. */
export function useAmountMessage() {
  const { t } = useTranslation();
  return (issue: AmountIssue | null, ctx: { coin: string; min?: string; max?: string; fee?: string; decimals?: number }) => {
    switch (issue) {
      case null:
        return undefined;
      case "required":
        return t("fund.amount.required");
      case "invalid":
        return t("fund.amount.invalid");
      case "positive":
        return t("fund.amount.positive");
      case "tooPrecise":
        return t("fund.amount.tooPrecise", { decimals: ctx.decimals ?? 8 });
      case "belowMin":
        return t("fund.amount.belowMin", { min: ctx.min ?? "0", coin: ctx.coin });
      case "aboveBalance":
        return t("fund.amount.aboveBalance", { max: ctx.max ?? "0", coin: ctx.coin });
      case "notAboveFee":
        return t("fund.amount.notAboveFee", { fee: ctx.fee ?? "0", coin: ctx.coin });
    }
  };
}
