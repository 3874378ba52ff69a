import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AccountType } from "../api.ts";
import type { FieldMessage } from "../../../lib/form/messages.ts";
import { AreaSelect } from "./AreaSelect.tsx";
import { FieldError } from "./FieldError.tsx";

/** The tab chosen in AccountTypeTabs; a switch runs `onSwitch` (the form empties the address: an email is no mobile). */
export function useAccountType(initial: AccountType, onSwitch: () => void) {
  const [type, setType] = useState(initial);
  const switchType = (next: AccountType) => {
    if (next === type) return;
    setType(next);
    onSwitch();
  };
  return [type, switchType] as const;
}

/** Email | mobile tabs of the auth forms. */
export function AccountTypeTabs({ value, onChange }: { value: AccountType; onChange: (type: AccountType) => void }) {
  const { t } = useTranslation();
  return (
    <div className="segmented auth-tabs" role="tablist">
      {(["email", "mobile"] as const).map((type) => (
        <button
          key={type}
          type="button"
          role="tab"
          aria-selected={value === type}
          className={value === type ? "active" : ""}
          onClick={() => onChange(type)}
          data-testid={`tab-${type}`}
        >
          {t(type === "email" ? "auth.email" : "auth.mobile")}
        </button>
      ))}
    </div>
  );
}

/** The account box: an email address, or the area code picker and a mobile number. */
export function AccountField({
  type,
  value,
  onChange,
  error,
  id = "user_string",
  trailing,
}: {
  type: AccountType;
  value: string;
  onChange: (value: string) => void;
  error: FieldMessage | undefined;
  id?: string;
  trailing?: ReactNode;
}) {
  const { t } = useTranslation();
  const label = t(type === "email" ? "auth.email" : "auth.mobile");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={type === "mobile" || trailing ? "input-group" : undefined}>
        {type === "mobile" && <AreaSelect />}
        <input
          id={id}
          className="input"
          type={type === "email" ? "email" : "tel"}
          inputMode={type === "email" ? "email" : "numeric"}
          autoComplete={type === "email" ? "email" : "tel-national"}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={type === "email" ? 254 : 11}
          value={value}
          onChange={(e) => onChange(type === "mobile" ? e.target.value.replace(/\D/g, "") : e.target.value)}
          placeholder={t(type === "email" ? "auth.emailPlaceholder" : "auth.mobilePlaceholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
        />
        {trailing}
      </div>
      <FieldError field={id} error={error} />
    </div>
  );
}
