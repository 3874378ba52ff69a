import { useTranslation } from "react-i18next";
import { type FieldMessage, fieldMessageText } from "../../../lib/form/messages.ts";

/** The message under a form field (always takes its line, so fields do not jump). */
export function FieldError({ field, error }: { field: string; error: FieldMessage | undefined }) {
  const { t } = useTranslation();
  const text = error ? fieldMessageText(t, error) : "";
  return (
    <p id={`${field}-error`} className="field-error" role={text ? "alert" : undefined} data-testid={`error-${field}`}>
      {text}
    </p>
  );
}
