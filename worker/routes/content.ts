import { Hono } from "hono";
import { getSettingQuery, newsDetailBody, newsListBody } from "../../schema/api/content.ts";
import { noInput } from "../../schema/api/fields.ts";
import { articleDetail, categoryPage, latestPopup, listArticles, PAGE_CATEGORY } from "../domain/content/articles.ts";
import { homeMenu } from "../domain/content/menu.ts";
import { readSetting, siteConfig } from "../domain/content/settings.ts";
import { findSession } from "../domain/auth/sessions.ts";
import { notFound } from "../domain/errors.ts";
import { bearerToken } from "../http/auth.ts";
import type { AppContext, AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** Single-page articles by category, in the request language with English fallback. */
const page = (categoryId: number) => async (c: AppContext) => {
  parse(c, noInput());
  const article = await categoryPage(c.var.db, categoryId, c.var.lang);
  if (!article) throw notFound("PAGE_NOT_AVAILABLE");
  return ok(c, article);
};

export const contentRoutes = new Hono<AppEnv>()
  .get("/getSiteConfig", async (c) => {
    parse(c, noInput());
    return ok(c, await siteConfig(c.var.db));
  })
  .get("/getSetting", async (c) => {
    const { keyword } = parse(c, getSettingQuery);
    // Optional session: an operator may read private settings; anyone else, or a bad token, is a guest.
    const isOperator = async () => (await findSession(c.var.db, bearerToken(c)))?.role === "operator";
    const setting = await readSetting(c.var.db, keyword, isOperator);
    if (!setting) throw notFound("SETTING_NOT_FOUND");
    return ok(c, setting);
  })
  .get("/menu", async (c) => {
    parse(c, noInput());
    return ok(c, await homeMenu(c.var.db));
  })
  .get("/faq", page(PAGE_CATEGORY.faq))
  .get("/contactus", page(PAGE_CATEGORY.contactus))
  .get("/aboutus", page(PAGE_CATEGORY.aboutus))
  .get("/operational_compliance", page(PAGE_CATEGORY.operational_compliance))
  .get("/news/index_pop", async (c) => {
    parse(c, noInput());
    return ok(c, await latestPopup(c.var.db, c.var.lang));
  })
  .post("/news/list", async (c) => {
    const q = parse(c, newsListBody);
    return ok(c, await listArticles(c.var.db, { categoryId: q.c_id, page: q.page, limit: q.limit }, c.var.lang));
  })
  .post("/news/detail", async (c) => {
    const { id } = parse(c, newsDetailBody);
    const article = await articleDetail(c.var.db, id, c.var.lang);
    if (!article) throw notFound("ARTICLE_NOT_FOUND");
    return ok(c, article);
  });
