import * as z from "zod/mini";
import { id, limit, page } from "./fields.ts";

/**
 * Content API contracts (settings, menu, articles, fiat rates), shared by
 * worker and web. Article `content` is plain text: paragraphs separated by a
 * blank line, lines by a newline. The web renders it as text (white-space:
 * pre-line), never as HTML.
 */

/** Article categories (c_id) as the original API numbers them. */
export const ARTICLE_CATEGORY = {
  news: 4,
  banner: 5,
  faq: 18,
  popup: 32,
  contact: 33,
  about: 34,
  compliance: 35,
} as const;

/** Categories that POST /news/list pages through. */
export const LISTABLE_CATEGORIES: readonly number[] = [ARTICLE_CATEGORY.news, ARTICLE_CATEGORY.banner];

/** Setting keys: letters, digits, underscore, dot and dash. */
export const settingKey = () => z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: "INVALID_SETTING_KEY" }));

export const getSettingQuery = z.strictObject({ keyword: settingKey() });

export const newsListBody = z.strictObject({
  c_id: z.pipe(id(), z.number().check(z.refine((n) => LISTABLE_CATEGORIES.includes(n), { error: "INVALID_CATEGORY" }))),
  page: z.pipe(page(), z.number().check(z.maximum(100_000))),
  limit: limit(50, 15),
});

export const newsDetailBody = z.strictObject({ id: id() });

/** Menu `open_type`: 1 opens an in-app hash route, 2 an external page in the web view. */
export const MENU_OPEN_TYPE = { route: 1, webView: 2 } as const;

export type SettingEntry = { key: string; value: string };
/** GET /getSiteConfig: the public settings by key; the known keys are always present (empty when unset). */
export type SiteConfig = Record<string, string>;
export type MenuEntry = { id: number; title: string; url: string; open_type: number; is_financial: boolean; icon: string; sort: number };
/** Times are epoch milliseconds. */
export type ArticlePage = { id: number; title: string; content: string; create_time: number };
export type ArticleSummary = { id: number; title: string; abstract: string; cover: string; link: string; create_time: number };
export type ArticleList = { list: ArticleSummary[]; count: number; page: number; limit: number };
export type ArticleDetail = { id: number; title: string; content: string; cover: string; create_time: number };
/** Rates are units of the fiat per 1 USD, as canonical decimal strings. */
export type FiatRate = { currency_code: string; rate: string; updated_at: number };

/** The supported fiats in the spec's order; rates are per 1 USD. */
export const FIAT_CODES = ["USD", "CNY", "GBP", "HKD", "JPY", "EUR", "AED", "THB", "PHP", "SGD", "VND"] as const;
export type FiatCode = (typeof FIAT_CODES)[number];
export const isFiatCode = (value: unknown): value is FiatCode =>
  typeof value === "string" && (FIAT_CODES as readonly string[]).includes(value);
