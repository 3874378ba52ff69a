import { atom } from "jotai";
import { isLang, type Lang } from "../../../../schema/api/lang.ts";
import { oneOf, persisted } from "../../lib/persist.ts";
import { STORED_LANG } from "../../lib/stored.ts";

export type ThemeChoice = "dark" | "light" | "system";
const THEME_CHOICES: readonly ThemeChoice[] = ["dark", "light", "system"];
export const themeAtom = persisted<ThemeChoice>("theme", "dark", oneOf(THEME_CHOICES));
export const langAtom = persisted<Lang>(STORED_LANG.key, STORED_LANG.initial, isLang);
/** Which way prices read: green up and red down, or red up and green down (as many Chinese-language users expect). */
export type ColorChoice = "green-up" | "red-up";
export const COLOR_CHOICES: readonly ColorChoice[] = ["green-up", "red-up"];
export const colorsAtom = persisted<ColorChoice>("colors", "green-up", oneOf(COLOR_CHOICES));

/** The spec's 11 display fiats, in its order. */
export const FIATS = ["USD", "CNY", "GBP", "HKD", "JPY", "EUR", "AED", "THB", "PHP", "SGD", "VND"] as const;
export type FiatCode = (typeof FIATS)[number];
export type FiatRate = { currency_code: FiatCode; rate: string; saveTime?: number };

export const fiatAtom = persisted<FiatRate>("fiat", { currency_code: "USD", rate: "1" });
export const fiatsAtom = persisted<FiatRate[]>("fiats", []);

/** Site branding from /getSiteConfig, kept so the shell paints before the network answers. */
export type SiteBrand = { site_name: string; logo: string; logoRed: string; down_logo: string };
export const siteAtom = persisted<SiteBrand>("site", {
  site_name: "Edge Exchange",
  logo: "/logo.svg",
  logoRed: "/logo.svg",
  down_logo: "/logo.svg",
});

/** What the system prefers right now, for the "system" theme. */
export const systemDarkAtom = atom(typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)").matches : true);
export const effectiveThemeAtom = atom((get) => {
  const choice = get(themeAtom);
  return choice === "system" ? (get(systemDarkAtom) ? "dark" : "light") : choice;
});
/** Theme and price colours together: what charts repaint on ("dark:red-up"). */
export const paletteAtom = atom((get) => `${get(effectiveThemeAtom)}:${get(colorsAtom)}`);
