import { useTranslation } from "react-i18next";
import type { FieldMessage } from "../validation.ts";

/** The message under a form field (always takes its line, so fields do not jump). */
export function FieldError({ field, error }: { field: string; error: FieldMessage | undefined }) {
  const { t } = useTranslation();
  const text = !error ? "" : "code" in error ? t(`auth.errors.${error.code}`) : error.text;
  return (
    <p id={`${field}-error`} className="field-error" role={text ? "alert" : undefined} data-testid={`error-${field}`}>
      {text}
    </p>
  );
}
