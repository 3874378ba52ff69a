import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FieldMessage } from "../../../lib/form/messages.ts";
import { FieldError } from "./FieldError.tsx";
import { PasswordInput } from "./PasswordInput.tsx";

type Base = { id: string; label: string; value: string; onChange: (value: string) => void; error: FieldMessage | undefined; hint?: string };

/** A labelled password box with show/hide, its hint and its error line. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  autoComplete = "new-password",
}: Base & { placeholder?: string; autoComplete?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <PasswordInput
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={64}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
      />
      {hint && !error ? <p className="field-hint">{hint}</p> : <FieldError field={id} error={error} />}
    </div>
  );
}

/** The 6-digit code box with its "send code" button beside it. */
export function CodeField({
  value,
  onChange,
  error,
  button,
  id = "code",
}: Omit<Base, "id" | "label"> & { id?: string; button: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t("auth.code")}</label>
      <div className="input-group">
        <input
          id={id}
          className="input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, "").slice(0, 6))}
          placeholder={t("auth.codePlaceholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
        />
        {button}
      </div>
      <FieldError field={id} error={error} />
    </div>
  );
}

/** A plain labelled text box with its error line. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  maxLength,
}: Base & { placeholder?: string; maxLength?: number }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
      />
      {hint && !error ? <p className="field-hint">{hint}</p> : <FieldError field={id} error={error} />}
    </div>
  );
}
