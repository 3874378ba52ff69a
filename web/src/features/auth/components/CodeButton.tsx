import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CodePurpose } from "../../../../../schema/api/auth.ts";
import { ApiFailure } from "../../../lib/api.ts";
import { toast } from "../../../lib/ui.ts";
import { type AccountType, requestCode } from "../api.ts";
import type { FieldMessage } from "../../../lib/form/messages.ts";
import { CodeField } from "./Fields.tsx";
import { useCountdown } from "./useCountdown.ts";

/** The server's re-send gate is 60 s; the button counts it down. */
export const CODE_RESEND_SECONDS = 60;

/**
 * "Send code" with the re-send countdown. `canSend` checks the address first
 * (and shows its field error); `send` asks the server. A 429 that says the
 * last code is still fresh starts the countdown from the seconds it names.
 */
export function CodeButton({ countdownKey, canSend, send }: { countdownKey: string; canSend: () => boolean; send: () => Promise<string> }) {
  const { t } = useTranslation();
  const { left, start } = useCountdown(countdownKey);
  const [sending, setSending] = useState(false);
  const onClick = async () => {
    if (!canSend()) return;
    setSending(true);
    try {
      toast(await send());
      start(CODE_RESEND_SECONDS);
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 429 && err.code === "CODE_SENT_RECENTLY") {
        const seconds = Number(/\d+/.exec(err.message)?.[0] ?? CODE_RESEND_SECONDS);
        start(Math.min(CODE_RESEND_SECONDS, Math.max(1, seconds)));
      }
    } finally {
      setSending(false);
    }
  };
  return (
    <button type="button" className="code-btn" onClick={onClick} disabled={sending || left > 0} data-testid="send-code">
      {left > 0 ? t("auth.resendIn", { seconds: left }) : sending ? t("auth.sending") : t("auth.sendCode")}
    </button>
  );
}

/** The code box of a form whose address is an email or a mobile: its button sends a `scene` code to `account` once `canSend` passes. */
export function AccountCodeField({
  scene,
  type,
  account,
  areaCode,
  canSend,
  value,
  onChange,
  error,
}: {
  scene: CodePurpose;
  type: AccountType;
  account: string;
  areaCode: string;
  canSend: () => boolean;
  value: string;
  onChange: (value: string) => void;
  error: FieldMessage | undefined;
}) {
  const send = () => requestCode(type === "email" ? { type, email: account } : { type, areaCode, mobile: account }, scene);
  return (
    <CodeField
      value={value}
      onChange={onChange}
      error={error}
      button={<CodeButton countdownKey={`${scene}:${type}`} canSend={canSend} send={send} />}
    />
  );
}
