import { type FormEvent, useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useModalFocus } from "../../../lib/modal-focus.ts";
import { useForm } from "../../../lib/form/useForm.ts";
import { fieldMessageText } from "../../../lib/form/messages.ts";
import { useTexts } from "../../../lib/i18n.ts";

type Pending = { title: string; message: string; resolve: (reason: string | null) => void };

export const REASON_MAX = 200;

/**
 * A rejection needs a reason the user will read: a dialog with a required text.
 * `ask` resolves with the trimmed reason, or null when cancelled.
 */
export function useReasonPrompt() {
  useTexts("admin");
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const { values, set, setValues, errors, setErrors, submit: submitForm } = useForm({ reason: "" });
  const titleId = useId();
  const dialog = useRef<HTMLFormElement>(null);
  useModalFocus(dialog, pending !== null);
  const current = useRef<Pending | null>(null);

  const ask = useCallback(
    (title: string, message: string) => {
      current.current?.resolve(null);
      return new Promise<string | null>((resolve) => {
        const next = { title, message, resolve };
        current.current = next;
        setValues({ reason: "" });
        setErrors({});
        setPending(next);
      });
    },
    [setValues, setErrors],
  );

  const close = (reason: string | null) => {
    pending?.resolve(reason);
    current.current = null;
    setPending(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const reason = values.reason.trim();
    void submitForm(
      () => ({
        reason: !reason
          ? { key: "admin.reason.required" }
          : [...reason].length > REASON_MAX
            ? { key: "admin.reason.tooLong", values: { max: REASON_MAX } }
            : undefined,
      }),
      async () => close(reason),
    );
  };
  const error = errors.reason ? fieldMessageText(t, errors.reason) : "";

  const element = pending ? (
    <div className="modal-backdrop" onClick={() => close(null)}>
      <form
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
        onSubmit={submit}
        noValidate
      >
        <h2 id={titleId}>{pending.title}</h2>
        <p>{pending.message}</p>
        <div className="field">
          <label htmlFor={`${titleId}-reason`}>{t("admin.reason.label")}</label>
          <textarea
            id={`${titleId}-reason`}
            className="input textarea"
            rows={3}
            value={values.reason}
            autoFocus
            maxLength={REASON_MAX + 20}
            placeholder={t("admin.reason.placeholder")}
            onChange={(e) => set("reason")(e.target.value)}
          />
          <span className="field-error" role={error ? "alert" : undefined}>
            {error}
          </span>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={() => close(null)}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn btn-down">
            {t("admin.reason.reject")}
          </button>
        </div>
      </form>
    </div>
  ) : null;

  return { ask, element };
}
