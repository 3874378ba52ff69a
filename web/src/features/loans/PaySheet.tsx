import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Sheet } from "../../components/Sheet.tsx";
import { useTexts } from "../../lib/i18n.ts";

/**
 * The confirmation before a loan moves money: the user's figures (children), the pay password, and one button.
 * `onConfirm` gets the password; while it runs the button is disabled. A failure stays on the sheet as a message.
 */
export function PaySheet({
  open,
  title,
  submit,
  onClose,
  onConfirm,
  children,
  testId,
}: {
  open: boolean;
  title: string;
  submit: string;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
  children: ReactNode;
  testId: string;
}) {
  useTexts("borrowing");
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!password) return setError(t("borrowing.confirm.passwordRequired"));
    setBusy(true);
    setError("");
    try {
      await onConfirm(password);
      setPassword("");
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Sheet open={open} title={title} onClose={onClose}>
      <div className="stack loan-sheet" data-testid={testId}>
        {children}
        <label className="field-label" htmlFor={id}>
          {t("borrowing.confirm.password")}
        </label>
        <div className={error ? "form-input invalid" : "form-input"}>
          <input
            id={id}
            className="input"
            type="password"
            autoComplete="off"
            maxLength={64}
            value={password}
            aria-invalid={Boolean(error)}
            aria-describedby={`${id}-error`}
            onChange={(e) => setPassword(e.target.value)}
            data-testid={`${testId}-password`}
          />
        </div>
        <p id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
          {error}
        </p>
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={busy}
          onClick={() => void confirm()}
          data-testid={`${testId}-submit`}
        >
          {busy ? t("borrowing.confirm.sending") : submit}
        </button>
      </div>
    </Sheet>
  );
}
