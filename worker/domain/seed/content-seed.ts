import { LANGS } from "../../../schema/api/lang.ts";
import { NEWS_ARTICLES } from "./articles-news.ts";
import { PAGE_ARTICLES } from "./articles-pages.ts";
import { SEED_FIAT_RATES, SEED_MENU, SEED_NOTIFICATIONS, SEED_SETTINGS, type SeedArticle } from "./site.ts";
import { sqlBool, sqlInt, sqlText } from "./sql.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SEED_ARTICLES: SeedArticle[] = [...NEWS_ARTICLES, ...PAGE_ARTICLES];

/**
 * Demo content as INSERT OR IGNORE statements, one per line, each keyed on a
 * primary key (setting key, explicit id, (article, lang), currency code), so a
 * second run changes nothing and operator edits made since are kept.
 * Notifications for demo users find the user by UID, so they follow the users'
 * statements in the same file.
 */
export function contentSeedStatements(now: number): string[] {
  const out: string[] = [];
  for (const [key, value, isPublic] of SEED_SETTINGS) {
    out.push(`INSERT OR IGNORE INTO settings (key, value, public) VALUES (${sqlText(key)}, ${sqlText(value)}, ${sqlBool(isPublic)});`);
  }
  for (const m of SEED_MENU) {
    out.push(
      `INSERT OR IGNORE INTO menu_items (id, title, url, open_type, is_financial, icon, sort) VALUES (${sqlInt(m.id)}, ${sqlText(m.title)}, ${sqlText(m.url)}, ${sqlInt(m.openType)}, ${sqlBool(m.isFinancial)}, ${sqlText(m.icon)}, ${sqlInt(m.sort)});`,
    );
  }
  for (const a of SEED_ARTICLES) {
    out.push(
      `INSERT OR IGNORE INTO articles (id, c_id, cover, link, sort, published, created_at) VALUES (${sqlInt(a.id)}, ${sqlInt(a.categoryId)}, ${sqlText(a.cover ?? "")}, ${sqlText(a.link ?? "")}, ${sqlInt(a.sort ?? 0)}, 1, ${sqlInt(now - a.ageDays * DAY)});`,
    );
    for (const lang of LANGS) {
      const t = a.texts[lang];
      out.push(
        `INSERT OR IGNORE INTO article_texts (article_id, lang, title, abstract, content) VALUES (${sqlInt(a.id)}, ${sqlText(lang)}, ${sqlText(t.title)}, ${sqlText(t.abstract ?? "")}, ${sqlText(t.content)});`,
      );
    }
  }
  for (const [code, rate] of Object.entries(SEED_FIAT_RATES)) {
    out.push(`INSERT OR IGNORE INTO fiat_rates (currency_code, rate, updated_at) VALUES (${sqlText(code)}, ${sqlText(rate)}, ${sqlInt(now)});`);
  }
  for (const n of SEED_NOTIFICATIONS) {
    const createdAt = sqlInt(now - n.ageHours * HOUR);
    out.push(
      n.uid === null
        ? `INSERT OR IGNORE INTO notifications (id, user_id, title, content, created_at) VALUES (${sqlInt(n.id)}, NULL, ${sqlText(n.title)}, ${sqlText(n.content)}, ${createdAt});`
        : `INSERT OR IGNORE INTO notifications (id, user_id, title, content, created_at) SELECT ${sqlInt(n.id)}, id, ${sqlText(n.title)}, ${sqlText(n.content)}, ${createdAt} FROM users WHERE uid = ${sqlText(n.uid)};`,
    );
  }
  return out;
}
