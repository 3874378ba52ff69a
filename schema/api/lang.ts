/** The nine languages of the product; English is the default and the fallback. */
export const LANGS = ["zh", "en", "hk", "th", "jp", "kor", "fra", "spa", "vn"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "en";

export const isLang = (value: unknown): value is Lang => typeof value === "string" && (LANGS as readonly string[]).includes(value);
