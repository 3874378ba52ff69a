import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANG, type Lang } from "../../../schema/api/lang.ts";
import { setNumberLanguage } from "./number-marks.ts";
import { HTML_LANG } from "./lang-tags.ts";

/**
 * Locales live in web/src/locales/<lang>/<area>.json; each file holds one
 * top-level key named after its area, so the files merge without clashes and
 * each area's strings stay beside each other. Languages load on demand.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

/** "../locales/en/fund.json" → ["en", "fund"]. */
const langAndArea = (path: string) => path.slice("../locales/".length, -".json".length).split("/") as [string, string];

/** Areas a first visit never needs (the operator console's texts): loaded by the first page that asks (`loadArea`). */
const LAZY_AREAS = new Set(["admin"]);
/** The areas every language loads: all but the lazy ones, plus each lazy one once asked for. */
const wanted = new Set(
  Object.keys(files)
    .map((path) => langAndArea(path)[1])
    .filter((area) => !LAZY_AREAS.has(area)),
);
/** "lang/area" already loaded. */
const loaded = new Set<string>();

/** Loads the wanted areas of a language not loaded yet; once i18next runs, merges them into its bundle. */
async function ensureAreas(lang: Lang): Promise<Record<string, unknown>> {
  const missing = Object.entries(files).filter(([path]) => {
    const [l, area] = langAndArea(path);
    return l === lang && wanted.has(area) && !loaded.has(`${l}/${area}`);
  });
  const parts = await Promise.all(missing.map(([, load]) => load()));
  for (const [path] of missing) loaded.add(langAndArea(path).join("/"));
  const texts: Record<string, unknown> = Object.assign({}, ...parts.map((p) => p.default));
  if (i18next.isInitialized && missing.length) i18next.addResourceBundle(lang, "translation", texts, true, true);
  return texts;
}

export async function initI18n(lang: Lang): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    resources: { [lang]: { translation: await ensureAreas(lang) } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  setNumberLanguage(lang);
  document.documentElement.lang = HTML_LANG[lang];
}

export async function changeLanguage(lang: Lang): Promise<void> {
  await ensureAreas(lang);
  // Figures follow the language; pages re-render with the language change below.
  setNumberLanguage(lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = HTML_LANG[lang];
}

/** Loads a lazy area's texts (in the current language, and in every language switched to afterwards). */
export async function loadArea(area: string): Promise<void> {
  wanted.add(area);
  await ensureAreas(i18next.language as Lang);
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
