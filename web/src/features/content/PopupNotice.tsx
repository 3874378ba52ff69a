import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useModalFocus } from "../../lib/modal-focus.ts";
import { ArticleBody } from "./ArticleBody.tsx";
import { fetchPopup, type ArticlePage } from "./api.ts";

/** The id of the pop-up notice the user closed; a newer notice shows again. */
export const POPUP_SEEN_KEY = "popupNoticeSeen";

const seenId = () => {
  try {
    return localStorage.getItem(POPUP_SEEN_KEY);
  } catch {
    return null;
  }
};

/**
 * The home pop-up notice (GET /news/index_pop), shown once per notice id as a
 * modal. Give it `key={lang}` so a language switch asks again.
 */
export function PopupNotice() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<ArticlePage | null>(null);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    fetchPopup().then(
      (n) => live && setNotice(n && String(n.id) !== seenId() ? n : null),
      () => undefined, // a missing pop-up is not worth an error view
    );
    return () => {
      live = false;
    };
  }, []);

  const dismiss = () => {
    if (!notice) return;
    try {
      localStorage.setItem(POPUP_SEEN_KEY, String(notice.id));
    } catch {
      // storage full or blocked: it shows again next time, which is harmless
    }
    setNotice(null);
  };

  useModalFocus(dialog, notice !== null);

  useEffect(() => {
    if (!notice) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && dismiss();
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  });

  if (!notice) return null;
  return (
    <div className="modal-backdrop" onClick={dismiss}>
      <div
        className="modal popup-notice"
        role="dialog"
        aria-modal="true"
        aria-labelledby="popup-title"
        data-testid="popup-notice"
        tabIndex={-1}
        ref={dialog}
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="popup-title">{notice.title}</h2>
        <ArticleBody content={notice.content} className="popup-body" />
        <button type="button" className="btn btn-primary btn-block" onClick={dismiss}>
          {t("home.popupOk")}
        </button>
      </div>
    </div>
  );
}
