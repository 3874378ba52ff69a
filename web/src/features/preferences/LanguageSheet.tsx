import { useAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { LANGS, type Lang } from "../../../../schema/api/lang.ts";
import { Sheet } from "../../components/Sheet.tsx";
import { LANGUAGE_NAMES, changeLanguage } from "../../lib/i18n.ts";
import { HTML_LANG } from "../../lib/lang-tags.ts";
import { langAtom } from "./atoms.ts";
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet is imported for its effect
import "../../styles/languages.css";

/** Switches the app language: loads the locale, then stores the choice (API calls carry it). */
export async function switchLanguage(lang: Lang, setLang: (lang: Lang) => void): Promise<void> {
  await changeLanguage(lang);
  setLang(lang);
}

/** A bottom sheet listing the nine languages by their own names. */
export function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [lang, setLang] = useAtom(langAtom);
  const pick = (next: Lang) => {
    onClose();
    if (next !== lang) void switchLanguage(next, setLang);
  };
  return (
    <Sheet open={open} title={t("home.language")} onClose={onClose}>
      <ul className="lang-list" role="listbox" aria-label={t("home.language")} data-testid="language-sheet">
        {LANGS.map((code) => (
          <li key={code} role="option" aria-selected={code === lang}>
            <button
              type="button"
              className={code === lang ? "lang-option active" : "lang-option"}
              lang={HTML_LANG[code]}
              onClick={() => pick(code)}
              data-testid={`home-lang-${code}`}
            >
              <span>{LANGUAGE_NAMES[code]}</span>
              {code === lang && (
                <svg
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2.2}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
              )}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
