import type { FiatCode } from "../../../schema/api/content.ts";
import type { Lang } from "../../../schema/api/lang.ts";

/**
 * Demo site content: settings, home menu, fiat rates and message-centre
 * notices. Articles live in articles-news.ts and articles-pages.ts. Every row
 * has a stable key (setting key, explicit id, currency code) so the seed's
 * INSERT OR IGNORE statements are idempotent.
 */

export type ArticleText = { title: string; abstract?: string; content: string };
export type SeedArticle = {
  /** Explicit, stable id: INSERT OR IGNORE keys on it. */
  id: number;
  categoryId: number;
  cover?: string;
  link?: string;
  sort?: number;
  /** Published this many days before the seed runs. */
  ageDays: number;
  /** Every language, checked by the type. */
  texts: Record<Lang, ArticleText>;
};

/** Paragraphs separated by a blank line (article content is plain text). */
export const p = (...paragraphs: string[]) => paragraphs.join("\n\n");
/** Question and answer pairs: the question on its own line, then the answer. */
export const qa = (...pairs: [question: string, answer: string][]) => pairs.map(([q, a]) => `${q}\n${a}`).join("\n\n");

/** [key, value, public]. Support links are in-app routes or empty (the web hides empty links). */
export const SEED_SETTINGS: [key: string, value: string, isPublic: boolean][] = [
  ["site_name", "Edge Exchange", true],
  ["site_logo", "/logo.svg", true],
  ["down_logo", "/logo.svg", true],
  ["zxkf_url", "#/kefu", true],
  ["support_url", "#/kefu", true],
  ["telegram_url", "", true],
  ["whatsApp_url", "", true],
  ["line_url", "", true],
  ["apk_download_url", "", true],
  ["ios_apk_download_url", "", true],
  ["game_url", "", true],
  /** "wgt|apk,<version>" as the original app-update check reads it. */
  ["version", "wgt,0.8.0", true],
  /** Pages the web view may open: the local app itself and the documentation domain demo links use. */
  ["webview_hosts", "localhost,127.0.0.1,example.com", true],
];

/** Home menu grid: title is an i18n key under `home`; url is an app hash route. */
export const SEED_MENU: { id: number; title: string; url: string; openType: number; isFinancial: boolean; icon: string; sort: number }[] = [
  { id: 1, title: "home.ieo", url: "/ieo/ieo", openType: 1, isFinancial: true, icon: "rocket", sort: 10 },
  { id: 2, title: "home.lockming", url: "/lockming/lockming", openType: 1, isFinancial: true, icon: "lock", sort: 20 },
  { id: 3, title: "home.invest", url: "/invest/invest", openType: 1, isFinancial: true, icon: "chart", sort: 30 },
  { id: 4, title: "home.follow", url: "/follow/index", openType: 1, isFinancial: false, icon: "users", sort: 40 },
  { id: 5, title: "home.nft", url: "/nft/nft", openType: 1, isFinancial: false, icon: "image", sort: 50 },
  { id: 6, title: "home.borrowing", url: "/borrowing", openType: 1, isFinancial: true, icon: "bank", sort: 60 },
  { id: 7, title: "home.buyCrypto", url: "/otc/otc", openType: 1, isFinancial: false, icon: "card", sort: 70 },
  { id: 8, title: "home.share", url: "/setting/share", openType: 1, isFinancial: false, icon: "gift", sort: 80 },
  { id: 20, title: "home.activity", url: "/activity/activity", openType: 1, isFinancial: false, icon: "vip", sort: 90 },
  { id: 21, title: "home.download", url: "/downLoad_new", openType: 1, isFinancial: false, icon: "download", sort: 100 },
  { id: 9, title: "home.guess", url: "/game", openType: 1, isFinancial: false, icon: "game", sort: 110 },
];

/** Plausible units per 1 USD; the daily cron replaces them when a provider is configured. */
export const SEED_FIAT_RATES: Record<FiatCode, string> = {
  USD: "1",
  CNY: "7.12",
  GBP: "0.745",
  HKD: "7.78",
  JPY: "151.2",
  EUR: "0.862",
  AED: "3.6725",
  THB: "32.45",
  PHP: "58.3",
  SGD: "1.297",
  VND: "26310",
};

/** Message-centre notices. `uid` null means everyone; otherwise the demo user with that UID. */
export const SEED_NOTIFICATIONS: { id: number; uid: string | null; ageHours: number; title: string; content: string }[] = [
  {
    id: 1,
    uid: null,
    ageHours: 72,
    title: "Welcome to Edge Exchange",
    content: p(
      "Fees, ratios and limits are shown before you confirm, and every change to your balance appears in your asset records.",
      "Questions? See Contact us under Settings. We will never ask for your password or verification codes.",
    ),
  },
  {
    id: 2,
    uid: "80000001",
    ageHours: 48,
    title: "Verify your identity to raise your limits",
    content: p(
      "Lv1 (basic) allows withdrawals up to 200 BTC per 24 hours and fiat trades up to 2,000 USDT per order.",
      "Lv2 (advanced) allows 500 BTC per 24 hours and 1,000,000 USDT per order. Start in Settings > Identity verification.",
    ),
  },
  {
    id: 3,
    uid: "80000001",
    ageHours: 6,
    title: "Set your trade password",
    content: "A trade password protects withdrawals and transfers. Set it in Settings > Security before your first withdrawal.",
  },
  {
    id: 4,
    uid: "80000002",
    ageHours: 24,
    title: "How deposit reviews work",
    content: p(
      "After you upload a payment voucher, an operator matches it with the receiving account and credits you; we aim to finish " +
        "within 24 hours.",
      "If a deposit cannot be matched it is rejected with a reason, shown in your deposit records.",
    ),
  },
  {
    id: 5,
    uid: "80000002",
    ageHours: 2,
    title: "Convert coins at live prices",
    content:
      "A conversion quotes the amount you receive from live market prices and holds it for 10 seconds; confirming pays exactly that " +
      "quote, fee included.",
  },
];
