import i18next from "i18next";
import { use } from "react";
import { initReactI18next, useTranslation } from "react-i18next";
import { DEFAULT_LANG, type Lang } from "../../../schema/api/lang.ts";
import type { LazyArea } from "../locales/lazy-areas.ts";
import { loadAreaTexts, loadStartupTexts } from "../locales/loaders.ts";
import { HTML_LANG } from "./lang-tags.ts";
import { setNumberLanguage } from "./number-marks.ts";

/**
 * Locales live in web/src/locales/<lang>/<area>.json; each file holds one
 * top-level key named after its area, so the files merge without clashes and
 * each area's strings stay beside each other. Languages load on demand, and
 * within a language the lazy areas (locales/lazy-areas.ts) load when a
 * component that needs them renders (useTexts).
 */
/** Settles once i18next is set up: a lazy area may download before that (preloadTexts), but is added only after. */
let markInitialised = () => {};
const initialised = new Promise<void>((resolve) => (markInitialised = resolve));

/** Lazy areas asked for so far (loaded again on a language change), and each language's load of each. */
const wanted = new Set<LazyArea>();
const loads = new Map<string, Promise<void>>();
const ready = new Set<string>();

function loadTexts(lang: Lang, area: LazyArea): Promise<void> {
  const key = `${lang}/${area}`;
  let load = loads.get(key);
  if (!load) {
    wanted.add(area);
    load = Promise.all([loadAreaTexts(lang, area), initialised]).then(([m]) => {
      i18next.addResourceBundle(lang, "translation", m.default, true, true);
      ready.add(key);
    });
    load.catch(() => loads.delete(key)); // a failed chunk load may be retried by the next render
    loads.set(key, load);
  }
  return load;
}

const waits = new Map<string, Promise<void>>();

function loadAll(lang: Lang, areas: LazyArea[]): Promise<void> {
  const key = `${lang}/${[...areas].sort().join(",")}`;
  let wait = waits.get(key);
  if (!wait) {
    wait = Promise.all(areas.map((a) => loadTexts(lang, a))).then(() => undefined);
    wait.catch(() => waits.delete(key));
    waits.set(key, wait);
  }
  return wait;
}

/** A thenable React reads as already fulfilled: `use` returns at once, without suspending. */
const NOTHING_MISSING = Object.assign(Promise.resolve(), { status: "fulfilled" as const, value: undefined });

/** Suspends the calling component until the lazy text areas it uses are loaded in the current language. */
export function useTexts(...areas: LazyArea[]): void {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const missing = areas.filter((a) => !ready.has(`${lang}/${a}`));
  // One cached promise per missing set: a retried render must wait on the same thenable, whatever resolved meanwhile.
  // And `use` is called every time, even with nothing missing: when a suspended first render is replayed, React mounts
  // the hooks after a `use` call; a component with two useTexts calls whose first no longer called `use` would meet its
  // second call's hooks as updates of hooks that never existed (React error 467).
  use(missing.length > 0 ? loadAll(lang, missing) : NOTHING_MISSING);
}

/** Starts loading lazy areas a page about to open will ask for (before set-up too), so it need not suspend for them. */
export function preloadTexts(lang: Lang, areas: readonly LazyArea[]): Promise<void> {
  return loadAll(lang, [...areas]).catch(() => undefined); // the page's own useTexts shows a failure
}

export async function initI18n(lang: Lang): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    resources: { [lang]: { translation: (await loadStartupTexts(lang)).default } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  markInitialised();
  setNumberLanguage(lang);
  document.documentElement.lang = HTML_LANG[lang];
}

export async function changeLanguage(lang: Lang): Promise<void> {
  if (!i18next.hasResourceBundle(lang, "translation")) {
    i18next.addResourceBundle(lang, "translation", (await loadStartupTexts(lang)).default, true, true);
  }
  // Mounted pages keep their texts through the switch: the lazy areas already in use load before it.
  await Promise.all([...wanted].map((area) => loadTexts(lang, area)));
  // Figures follow the language; pages re-render with the language change below.
  setNumberLanguage(lang);
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
