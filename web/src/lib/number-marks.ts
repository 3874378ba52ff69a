import type { Lang } from "../../../schema/api/lang.ts";

/**
 * Each language's decimal mark and thousands separators, as Intl.NumberFormat writes them: AmountInput reads typed
 * amounts with them and the formatter (format.ts) writes figures with them, so what a page shows types back as the same
 * number. Kept apart from both so the shell can set the language without loading decimal.js.
 */
export type Separators = {
  /** The decimal mark. */
  decimal: "." | ",";
  /** Grouping separators accepted between thousands (the first is the one shown). */
  groups: readonly string[];
};

const DOT_DECIMAL: Separators = { decimal: ".", groups: [","] };
// French groups with a narrow no-break space (Intl), a no-break space or a plain space: all the same to a reader.
const FRENCH: Separators = { decimal: ",", groups: ["\u202f", "\u00a0", " "] };
const COMMA_DECIMAL_DOT_GROUPS: Separators = { decimal: ",", groups: ["."] };

export const SEPARATORS: Record<Lang, Separators> = {
  en: DOT_DECIMAL,
  zh: DOT_DECIMAL,
  hk: DOT_DECIMAL,
  th: DOT_DECIMAL,
  jp: DOT_DECIMAL,
  kor: DOT_DECIMAL,
  fra: FRENCH,
  spa: COMMA_DECIMAL_DOT_GROUPS,
  vn: COMMA_DECIMAL_DOT_GROUPS,
};

let current: Separators = SEPARATORS.en;

/** The marks figures are written with now (the reader's language). */
export const numberMarks = (): Separators => current;

/** Figures follow the language (lib/i18n.ts calls this when it starts and on every switch). */
export function setNumberLanguage(lang: Lang): void {
  current = SEPARATORS[lang] ?? SEPARATORS.en;
}
