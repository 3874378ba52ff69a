import type { Lang } from "../../../schema/api/lang.ts";
import type { LazyArea } from "./lazy-areas.ts";

/**
 * The text modules, by language: the start-up areas in one module per language (locales/<lang>/startup.ts: one
 * request, not one per area) and each lazy area in a chunk of its own. lib/i18n.ts loads them into i18next; the boot
 * script asks for the opened page's ones first, so they download beside the app's code. No i18next here.
 */
type Texts = { default: Record<string, unknown> };
const startup = import.meta.glob<Texts>("./*/startup.ts");
/** The start-up areas stay out: a file imported both ways would be split out of startup.ts. */
const areas = import.meta.glob<Texts>(["./*/*.json", "!./*/{auth,common,home,market,trade}.json"]);

export const loadStartupTexts = (lang: Lang): Promise<Texts> => startup[`./${lang}/startup.ts`]!();

/** A lazy area's texts in a language (an area a language lacks is empty). */
export const loadAreaTexts = (lang: Lang, area: LazyArea): Promise<Texts> =>
  areas[`./${lang}/${area}.json`]?.() ?? Promise.resolve({ default: {} });
