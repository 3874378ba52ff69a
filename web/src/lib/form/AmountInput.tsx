import { type InputHTMLAttributes, useState } from "react";
import { type AmountInputError, amountInputText, parseAmountInput } from "../amount-input.ts";
import { useInputLang } from "./lang.ts";

export type AmountChange = (value: string, unreadable: AmountInputError | null) => void;

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type"> & {
  /** The canonical decimal ("1234.5"), or "" when the box is empty or its text is not an amount. */
  value: string;
  /** The canonical decimal of what was typed (or ""), and why the text is not an amount (null when it is, or is empty). */
  onChange: AmountChange;
};

/**
 * The one box amounts and prices are typed into. It keeps what the user typed and
 * reads it in the user's language (parseAmountInput): the form only ever holds the
 * canonical number or nothing, so "1,000" can never reach a request as 1. A value
 * set from outside (the "All" button, a tapped price, a reset) shows in the
 * language's own form ("0,5" in French).
 */
export function AmountInput({ value, onChange, ...rest }: Props) {
  const lang = useInputLang();
  const [shown, setShown] = useState({ text: amountInputText(value, lang), value, lang });
  if (shown.value !== value || shown.lang !== lang) setShown({ text: amountInputText(value, lang), value, lang });

  const type = (text: string) => {
    const read = parseAmountInput(text, lang);
    const next = read.ok ? read.value : "";
    setShown({ text, value: next, lang });
    onChange(next, read.ok || read.error === "empty" ? null : read.error);
  };

  return <input inputMode="decimal" autoComplete="off" {...rest} value={shown.text} onChange={(e) => type(e.target.value)} />;
}
