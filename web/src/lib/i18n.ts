import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANG, type Lang } from "../../../schema/api/lang.ts";
import { HTML_LANG } from "./lang-tags.ts";

/**
 * Locales live in web/src/locales/<lang>/<area>.json; each file holds one
 * top-level key named after its area, so the files merge without clashes and
 * each area's strings stay beside each other. Languages load on demand.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

async function loadLanguage(lang: Lang): Promise<Record<string, unknown>> {
  const loaders = Object.entries(files).filter(([path]) => path.startsWith(`../locales/${lang}/`));
  const parts = await Promise.all(loaders.map(([, load]) => load()));
  return Object.assign({}, ...parts.map((p) => p.default));
}

export async function initI18n(lang: Lang): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    resources: { [lang]: { translation: await loadLanguage(lang) } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = HTML_LANG[lang];
}

export async function changeLanguage(lang: Lang): Promise<void> {
  if (!i18next.hasResourceBundle(lang, "translation")) {
    i18next.addResourceBundle(lang, "translation", await loadLanguage(lang));
  }
  await i18next.changeLanguage(lang);
  document.documentElement.lang = HTML_LANG[lang];
}

/** Each language's own name, for the language picker. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  en: "English",
  zh: "简体中文",
  hk: "繁體中文",
  th: "ไทย",
  jp: "日本語",
  kor: "한국어",
  fra: "Français",
  spa: "Español",
  vn: "Tiếng Việt",
};
