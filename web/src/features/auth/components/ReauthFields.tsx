import { useTranslation } from "react-i18next";
import type { CodePurpose } from "../../../../../schema/api/auth.ts";
import type { UserInfo } from "../../../../../schema/api/profile.ts";
import type { FieldMessage } from "../../../lib/form/messages.ts";
import { PasswordField } from "./Fields.tsx";
import { OwnCodeField, ownAddress } from "./OwnCodeField.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../../styles/auth.css";
import { useTexts } from "../../../lib/i18n.ts";

/**
 * "Confirm it's you" for sensitive changes (first pay password, binding a
 * mobile, saving a withdrawal address): the log-in password, or a code sent
 * to the account's own email or mobile. Only the ways the account has are offered.
 */
export type ReauthMode = "password" | "code";

export const reauthModes = (user: UserInfo): ReauthMode[] => [
  ...(user.has_password ? (["password"] as const) : []),
  ...(ownAddress(user) ? (["code"] as const) : []),
];

/** The fields the server reads for the chosen way: `login_password`, or the form's code field. */
export const proofFields = (mode: ReauthMode, values: { login_password: string; code: string }, codeField = "code") =>
  mode === "password" ? { login_password: values.login_password } : { [codeField]: values.code };

export function ReauthFields({
  user,
  scene,
  mode,
  onMode,
  password,
  onPassword,
  passwordError,
  code,
  onCode,
  codeError,
  codeId = "code",
}: {
  user: UserInfo;
  scene: CodePurpose;
  mode: ReauthMode;
  onMode: (mode: ReauthMode) => void;
  password: string;
  onPassword: (value: string) => void;
  passwordError: FieldMessage | undefined;
  code: string;
  onCode: (value: string) => void;
  codeError: FieldMessage | undefined;
  codeId?: string;
}) {
  useTexts("security");
  const { t } = useTranslation();
  const modes = reauthModes(user);
  return (
    <fieldset className="reauth" data-testid="reauth">
      <legend className="field-label">{t("security.reauth.title")}</legend>
      <p className="faint">{t("security.reauth.hint")}</p>
      {modes.length > 1 && (
        <div className="segmented" role="radiogroup" aria-label={t("security.reauth.title")}>
          {modes.map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              className={mode === m ? "active" : ""}
              onClick={() => onMode(m)}
              data-testid={`reauth-${m}`}
            >
              {m === "password" ? t("security.reauth.byPassword") : t("security.reauth.byCode")}
            </button>
          ))}
        </div>
      )}
      {mode === "password" ? (
        <PasswordField
          id="login_password"
          label={t("security.reauth.byPassword")}
          placeholder={t("security.reauth.passwordPlaceholder")}
          autoComplete="current-password"
          value={password}
          onChange={onPassword}
          error={passwordError}
        />
      ) : (
        <OwnCodeField user={user} scene={scene} id={codeId} value={code} onChange={onCode} error={codeError} />
      )}
    </fieldset>
  );
}
