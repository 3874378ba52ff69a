import type { ArticleDetail, ArticleList, ArticlePage, MenuEntry } from "../../../../schema/api/content.ts";
import { get, post, read } from "../../lib/api.ts";
import { menuRead, newsRead, PAGE_SIZE } from "./reads.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";

export type { ArticleDetail, ArticleList, ArticlePage, ArticleSummary, MenuEntry } from "../../../../schema/api/content.ts";

/**
 * Content calls (the spec's "Content" calls). The reads and their constants live in reads.ts as plain numbers
 * (schema/api/content.ts holds the zod schemas, which the home route must not pull into its first load).
 */
export { CATEGORY, PAGE_SIZE } from "./reads.ts";
/** `open_type` of a menu entry: 1 an in-app route, 2 an external page in the web view. */
export const OPEN_TYPE = { route: 1, webView: 2 } as const;

export type CmsPageKind = "faq" | "contactus" | "aboutus" | "operational_compliance";

export const fetchNews = (categoryId: number, page = 1, limit = PAGE_SIZE) =>
  read<ArticleList>(newsRead(categoryId, page, limit), { silent: true, background: true });

export const fetchArticle = (id: number) => post<ArticleDetail>("/news/detail", { id }, { silent: true });

export const fetchPopup = () => get<ArticlePage | null>("/news/index_pop", undefined, { silent: true, background: true });

export const fetchCmsPage = (kind: CmsPageKind) => get<ArticlePage>(`/${kind}`, undefined, { silent: true });

/** The menu changes rarely: one request per session, shared by home and the finance tab. */
export const menuQuery: QueryDef<MenuEntry[]> = {
  key: [Q.content, "menu"],
  load: async () => {
    const items = await read<MenuEntry[]>(menuRead, { silent: true, background: true });
    return [...items].sort((a, b) => a.sort - b.sort || a.id - b.id);
  },
  staleTime: Number.POSITIVE_INFINITY,
};

/** A page of a news category in a language (texts are translated by the server). */
export const newsQuery = (categoryId: number, lang: string, page = 1, limit = PAGE_SIZE): QueryDef<ArticleList> => ({
  key: [Q.content, "news", categoryId, lang, page, limit],
  load: () => fetchNews(categoryId, page, limit),
});
