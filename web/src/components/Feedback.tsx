import { useAtomValue } from "jotai";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useModalFocus } from "../lib/modal-focus.ts";
import { LOADING_DELAY_MS, confirmAtom, pendingAtom, toastAtom } from "../lib/ui.ts";

/** Shows nothing for the first 800 ms, so quick loads never flash a spinner. */
export function DelayedSpinner({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className={fullscreen ? "spinner-overlay" : "spinner-inline"} role="status" aria-live="polite">
      <span className="spinner" />
      <span className="visually-hidden">{t("common.loading")}</span>
    </div>
  );
}

export function GlobalLoading() {
  return useAtomValue(pendingAtom) > 0 ? <DelayedSpinner fullscreen /> : null;
}

export function ToastHost() {
  const current = useAtomValue(toastAtom);
  if (!current) return null;
  return (
    <div className="toast" role="alert" key={current.id} data-testid="toast">
      {current.message}
    </div>
  );
}

/** The one confirmation prompt; Escape or leaving the page counts as "cancel". */
export function ConfirmHost() {
  const { t } = useTranslation();
  const request = useAtomValue(confirmAtom);
  const dialog = useRef<HTMLDivElement>(null);
  useModalFocus(dialog, request !== null);
  useEffect(() => {
    if (!request) return;
    const cancel = () => request.resolve(false);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && cancel();
    addEventListener("keydown", onKey);
    addEventListener("hashchange", cancel);
    return () => {
      removeEventListener("keydown", onKey);
      removeEventListener("hashchange", cancel);
    };
  }, [request]);
  if (!request) return null;
  return (
    <div className="modal-backdrop" onClick={() => request.resolve(false)}>
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="confirm-title">{request.title}</h2>
        <p id="confirm-message">{request.message}</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={() => request.resolve(false)}>
            {request.cancelText ?? t("common.cancel")}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => request.resolve(true)}>
            {request.confirmText ?? t("common.confirm")}
          </button>
        </div>
      </div>
    </div>
  );
}
