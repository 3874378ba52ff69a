import { useTranslation } from "react-i18next";
import type { CodePurpose } from "../../../../../schema/api/auth.ts";
import type { UserInfo } from "../../../../../schema/api/profile.ts";
import { requestCode } from "../api.ts";
import { maskEmail, maskMobile } from "../mask.ts";
import type { FieldMessage } from "../../../lib/form/messages.ts";
import { CodeButton } from "./CodeButton.tsx";
import { CodeField } from "./Fields.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect (the code button)
import "../../../styles/auth.css";
import { useTexts } from "../../../lib/i18n.ts";

/** Where the server sends codes for the signed-in account: its email, else its mobile; null when it has neither. */
export function ownAddress(user: UserInfo): { send: (scene: CodePurpose) => Promise<string>; shown: string } | null {
  if (user.email) {
    const email = user.email;
    return { send: (scene) => requestCode({ type: "email", email }, scene), shown: maskEmail(email) };
  }
  if (user.mobile && user.area_code) {
    const { mobile, area_code: areaCode } = user;
    return { send: (scene) => requestCode({ type: "mobile", areaCode, mobile }, scene), shown: `+${areaCode} ${maskMobile(mobile)}` };
  }
  return null;
}

/** The code box of a form whose code goes to the signed-in account's own email or mobile (re-authentication, withdrawals). */
export function OwnCodeField({
  user,
  scene,
  id,
  value,
  onChange,
  error,
}: {
  user: UserInfo;
  scene: CodePurpose;
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: FieldMessage | undefined;
}) {
  useTexts("security");
  const { t } = useTranslation();
  const own = ownAddress(user);
  if (!own) return null;
  return (
    <>
      <CodeField
        id={id}
        value={value}
        onChange={onChange}
        error={error}
        button={<CodeButton countdownKey={`${scene}:own`} canSend={() => true} send={() => own.send(scene)} />}
      />
      <p className="field-hint" data-testid={`${id}-to`}>
        {t("security.codeSentTo", { address: own.shown })}
      </p>
    </>
  );
}
