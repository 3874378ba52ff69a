import { LANGS } from "../../../schema/api/lang.ts";
import { NEWS_ARTICLES } from "./articles-news.ts";
import { PAGE_ARTICLES } from "./articles-pages.ts";
import { SEED_FIAT_RATES, SEED_MENU, SEED_NOTIFICATIONS, SEED_SETTINGS, type SeedArticle } from "./site.ts";
import { sqlBool, sqlInt, sqlText, insertOrIgnore } from "./sql.ts";
import { SEED_NOTIFICATION_TEXTS } from "./notification-texts.ts";

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
    out.push(insertOrIgnore("settings", { key: sqlText(key), value: sqlText(value), public: sqlBool(isPublic) }));
  }
  for (const m of SEED_MENU) {
    out.push(
      insertOrIgnore("menu_items", {
        id: sqlInt(m.id),
        title: sqlText(m.title),
        url: sqlText(m.url),
        open_type: sqlInt(m.openType),
        is_financial: sqlBool(m.isFinancial),
        icon: sqlText(m.icon),
        sort: sqlInt(m.sort),
      }),
    );
  }
  for (const a of SEED_ARTICLES) {
    out.push(
      insertOrIgnore("articles", {
        id: sqlInt(a.id),
        c_id: sqlInt(a.categoryId),
        cover: sqlText(a.cover ?? ""),
        link: sqlText(a.link ?? ""),
        sort: sqlInt(a.sort ?? 0),
        published: "1",
        created_at: sqlInt(now - a.ageDays * DAY),
      }),
    );
    for (const lang of LANGS) {
      const t = a.texts[lang];
      out.push(
        insertOrIgnore("article_texts", {
          article_id: sqlInt(a.id),
          lang: sqlText(lang),
          title: sqlText(t.title),
          abstract: sqlText(t.abstract ?? ""),
          content: sqlText(t.content),
        }),
      );
    }
  }
  for (const [code, rate] of Object.entries(SEED_FIAT_RATES)) {
    out.push(insertOrIgnore("fiat_rates", { currency_code: sqlText(code), rate: sqlText(rate), updated_at: sqlInt(now) }));
  }
  for (const n of SEED_NOTIFICATIONS) {
    const createdAt = sqlInt(now - n.ageHours * HOUR);
    out.push(
      n.uid === null
        ? insertOrIgnore("notifications", {
            id: sqlInt(n.id),
            user_id: "NULL",
            title: sqlText(n.title),
            content: sqlText(n.content),
            created_at: createdAt,
          })
        : `INSERT OR IGNORE INTO notifications (id, user_id, title, content, created_at) ` +
            `SELECT ${sqlInt(n.id)}, id, ${sqlText(n.title)}, ${sqlText(n.content)}, ${createdAt} FROM users WHERE uid = ` +
            `${sqlText(n.uid)};`,
    );
  }
  for (const t of SEED_NOTIFICATION_TEXTS) {
    out.push(
      insertOrIgnore("notification_texts", {
        notification_id: sqlInt(t.notificationId),
        lang: sqlText(t.lang),
        title: sqlText(t.title),
        content: sqlText(t.content),
      }),
    );
  }
  return out;
}
