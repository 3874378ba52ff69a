import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useModalFocus } from "../lib/modal-focus.ts";
import { IconClose } from "./icons.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../styles/sheet.css";

/** A bottom sheet (pickers on phones): closes on the backdrop, the close button and Escape. */
export function Sheet({ open, title, onClose, children }: { open: boolean; title: ReactNode; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useModalFocus(dialog, open);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <div ref={dialog} className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
        <div className="sheet-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t("common.cancel")}>
            <IconClose size={20} />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
