import { and, asc, count, desc, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { ArticleDetail, ArticleList, ArticlePage } from "../../../schema/api/content.ts";
import { ARTICLE_CATEGORY } from "../../../schema/api/content.ts";
import { DEFAULT_LANG, type Lang } from "../../../schema/api/lang.ts";
import { articleTexts, articles } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";

/**
 * Articles with their text in the requested language, falling back to English
 * per article: an article with a text row in the language shows that row, one
 * without shows its English row, and one with neither is not shown at all.
 * Only published articles are ever answered.
 */

/** The text rows in the requested language and in English. */
const inLang = alias(articleTexts, "t_lang");
const inEnglish = alias(articleTexts, "t_en");

/** Picks the requested language's column when that row exists, else the English one. */
const pick = (column: "title" | "abstract" | "content") =>
  sql<string>`case when ${inLang.articleId} is not null then ${inLang[column]} else ${inEnglish[column]} end`;

/** Join conditions for the two text rows. */
const langRow = (lang: Lang) => and(eq(inLang.articleId, articles.id), eq(inLang.lang, lang));
const englishRow = and(eq(inEnglish.articleId, articles.id), eq(inEnglish.lang, DEFAULT_LANG));

/** Published and readable in this language (or its English fallback). */
const visible = (...extra: SQL[]) =>
  and(eq(articles.published, true), or(isNotNull(inLang.articleId), isNotNull(inEnglish.articleId)), ...extra);

/** A select from articles joined to its two text rows; every query here goes through this. */
const withTexts = <Q extends SQLiteSelect>(query: Q, lang: Lang) => query.leftJoin(inLang, langRow(lang)).leftJoin(inEnglish, englishRow);

const pageColumns = { id: articles.id, title: pick("title"), content: pick("content"), create_time: articles.createdAt };
/** Pinned (lower sort) first, then newest first. */
const pinnedFirst = [asc(articles.sort), desc(articles.createdAt), desc(articles.id)];

/** The single-page categories (FAQ, contact, about, compliance). */
export const PAGE_CATEGORY = {
  faq: ARTICLE_CATEGORY.faq,
  contactus: ARTICLE_CATEGORY.contact,
  aboutus: ARTICLE_CATEGORY.about,
  operational_compliance: ARTICLE_CATEGORY.compliance,
} as const;

/** The page of a single-page category: the first by sort, then the newest. Null when there is none. */
export async function categoryPage(db: Db, categoryId: number, lang: Lang): Promise<ArticlePage | null> {
  const row = await withTexts(db.select(pageColumns).from(articles).$dynamic(), lang)
    .where(visible(eq(articles.categoryId, categoryId)))
    .orderBy(...pinnedFirst)
    .get();
  return row ?? null;
}

/** GET /news/index_pop: the newest published pop-up notice, or null. */
export async function latestPopup(db: Db, lang: Lang): Promise<ArticlePage | null> {
  const row = await withTexts(db.select(pageColumns).from(articles).$dynamic(), lang)
    .where(visible(eq(articles.categoryId, ARTICLE_CATEGORY.popup)))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .get();
  return row ?? null;
}

/** POST /news/list: one page of a category, pinned (lower sort) first, then newest first. */
export async function listArticles(db: Db, query: { categoryId: number; page: number; limit: number }, lang: Lang): Promise<ArticleList> {
  const where = visible(eq(articles.categoryId, query.categoryId));
  const summary = {
    id: articles.id,
    title: pick("title"),
    abstract: pick("abstract"),
    cover: articles.cover,
    link: articles.link,
    create_time: articles.createdAt,
  };
  // One round trip for the page and the count (the home tab asks twice on every visit).
  const [list, total] = await db.batch([
    withTexts(db.select(summary).from(articles).$dynamic(), lang)
      .where(where)
      .orderBy(...pinnedFirst)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    withTexts(db.select({ n: count() }).from(articles).$dynamic(), lang).where(where),
  ]);
  return { list, count: total[0]?.n ?? 0, page: query.page, limit: query.limit };
}

/** POST /news/detail: one published article; null for an unknown, unpublished or textless id. */
export async function articleDetail(db: Db, id: number, lang: Lang): Promise<ArticleDetail | null> {
  const row = await withTexts(
    db
      .select({ ...pageColumns, cover: articles.cover })
      .from(articles)
      .$dynamic(),
    lang,
  )
    .where(visible(eq(articles.id, id)))
    .get();
  return row ?? null;
}
