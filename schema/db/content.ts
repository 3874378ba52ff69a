import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Site settings. Only rows marked public are readable without a session. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  public: integer("public", { mode: "boolean" }).notNull().default(false),
});

/**
 * Articles by category (c_id): 4 news, 5 banners, 18 FAQ, 32 pop-up notice,
 * 33 contact us, 34 about us, 35 operational compliance.
 * Text lives per language in article_texts, with English as the fallback.
 */
export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    categoryId: integer("c_id").notNull(),
    cover: text("cover").notNull().default(""),
    link: text("link").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("articles_category").on(t.categoryId, t.published, t.sort)],
);

export const articleTexts = sqliteTable(
  "article_texts",
  {
    articleId: integer("article_id").notNull(),
    lang: text("lang").notNull(),
    title: text("title").notNull(),
    abstract: text("abstract").notNull().default(""),
    content: text("content").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.lang] })],
);

/** Home menu grid; title is an i18n key under `home`. */
export const menuItems = sqliteTable("menu_items", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  url: text("url").notNull(),
  openType: integer("open_type").notNull().default(1),
  isFinancial: integer("is_financial", { mode: "boolean" }).notNull().default(false),
  icon: text("icon").notNull().default(""),
  sort: integer("sort").notNull().default(0),
});

/** USD-based fiat rates as canonical decimal text; refreshed daily by cron. */
export const fiatRates = sqliteTable("fiat_rates", {
  currencyCode: text("currency_code").primaryKey(),
  rate: text("rate").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** Message centre notifications; userId null means everyone. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id"),
    title: text("title").notNull(),
    content: text("content").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("notifications_user").on(t.userId, t.createdAt)],
);

export const notificationReads = sqliteTable(
  "notification_reads",
  {
    notificationId: integer("notification_id").notNull(),
    userId: integer("user_id").notNull(),
    readAt: integer("read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);

/**
 * A notification's text in one language (announcements are written once per language an operator translates them into).
 * The list and detail show the reader's language when a row exists, else the notification's own title and content.
 */
export const notificationTexts = sqliteTable(
  "notification_texts",
  {
    notificationId: integer("notification_id").notNull(),
    lang: text("lang").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.lang] })],
);
