import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArticleDetail, ArticleList, ArticlePage, MenuEntry } from "../../schema/api/content.ts";
import { api } from "./helpers.ts";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

type Text = [lang: string, title: string, abstract: string, content: string];

async function article(
  id: number,
  cId: number,
  opts: { createdAt?: number; sort?: number; published?: boolean; cover?: string; link?: string },
  texts: Text[],
) {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO articles (id, c_id, cover, link, sort, published, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)").bind(
      id,
      cId,
      opts.cover ?? "",
      opts.link ?? "",
      opts.sort ?? 0,
      opts.published === false ? 0 : 1,
      opts.createdAt ?? T0,
    ),
    ...texts.map(([lang, title, abstract, content]) =>
      env.DB.prepare("INSERT INTO article_texts (article_id, lang, title, abstract, content) VALUES (?, ?, ?, ?, ?)").bind(
        id,
        lang,
        title,
        abstract,
        content,
      ),
    ),
  ]);
}

beforeAll(async () => {
  // News (c_id 4): 20 published, one unpublished, one with only a Thai text.
  for (let i = 1; i <= 20; i++) {
    const texts: Text[] = [["en", `News ${i}`, `Abstract ${i}`, `Body ${i}`]];
    if (i % 2 === 0) texts.push(["zh", `新闻 ${i}`, `摘要 ${i}`, `正文 ${i}`]);
    await article(100 + i, 4, { createdAt: T0 + i * DAY, cover: i === 20 ? "/banners/x.svg" : "" }, texts);
  }
  await article(200, 4, { createdAt: T0 + 99 * DAY, published: false }, [["en", "Draft", "", "Not yet"]]);
  await article(201, 4, { createdAt: T0 + 98 * DAY }, [["th", "ข่าวภาษาไทยเท่านั้น", "", "เนื้อหา"]]);
  // Banners (c_id 5) in sort order 2, 1.
  await article(300, 5, { sort: 2, cover: "/banners/b.svg", link: "/lockming" }, [["en", "Banner B", "", ""]]);
  await article(301, 5, { sort: 1, cover: "/banners/a.svg", link: "/ieo" }, [
    ["en", "Banner A", "", ""],
    ["fra", "Bannière A", "", ""],
  ]);
  // Pop-ups (c_id 32): the newest published one wins.
  await article(400, 32, { createdAt: T0 + DAY }, [["en", "Old notice", "", "old"]]);
  await article(401, 32, { createdAt: T0 + 3 * DAY }, [
    ["en", "New notice", "", "new"],
    ["jp", "新しいお知らせ", "", "新"],
  ]);
  await article(402, 32, { createdAt: T0 + 5 * DAY, published: false }, [["en", "Unpublished notice", "", "hidden"]]);
  // Single pages.
  await article(500, 18, {}, [
    ["en", "FAQ", "", "Questions"],
    ["kor", "자주 묻는 질문", "", "질문"],
  ]);
  await article(501, 33, {}, [["en", "Contact us", "", "Write to us"]]);
  await article(502, 34, {}, [
    ["en", "About us", "", "Who we are"],
    ["spa", "Quiénes somos", "", "Somos"],
  ]);
  await article(503, 35, {}, [
    ["en", "Operational compliance", "", "Rules"],
    ["vn", "Tuân thủ vận hành", "", "Quy tắc"],
  ]);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO menu_items (id, title, url, open_type, is_financial, icon, sort) VALUES (1, 'home.nft', '/nft', 1, 0, 'image', 20)",
    ),
    env.DB.prepare(
      "INSERT INTO menu_items (id, title, url, open_type, is_financial, icon, sort) VALUES (2, 'home.ieo', '/ieo', 1, 1, 'rocket', 10)",
    ),
  ]);
});

describe("POST /news/list", () => {
  it("pages newest first with the default limit of 15 and a total count", async () => {
    const res = await api<ArticleList>("/news/list", { form: { c_id: "4" } });
    expect(res.status).toBe(200);
    const { list, count, page, limit } = res.body.message;
    // 20 published English-readable news; the draft and the Thai-only article are not readable in English.
    expect(count).toBe(20);
    expect(page).toBe(1);
    expect(limit).toBe(15);
    expect(list).toHaveLength(15);
    expect(list[0]).toEqual({
      id: 120,
      title: "News 20",
      abstract: "Abstract 20",
      cover: "/banners/x.svg",
      link: "",
      create_time: T0 + 20 * DAY,
    });
    expect(list.map((a) => a.id)).not.toContain(200);
    const second = await api<ArticleList>("/news/list", { form: { c_id: "4", page: "2" } });
    expect(second.body.message.list.map((a) => a.id)).toEqual([105, 104, 103, 102, 101]);
  });

  it("answers each article in the request language, falling back to English per article", async () => {
    const res = await api<ArticleList>("/news/list", { form: { c_id: "4", limit: "4", lang: "zh" } });
    expect(res.body.message.list.map((a) => a.title)).toEqual(["新闻 20", "News 19", "新闻 18", "News 17"]);
    expect(res.body.message.list[0]!.abstract).toBe("摘要 20");
  });

  it("shows an article with no English text only in its own language", async () => {
    const th = await api<ArticleList>("/news/list", { form: { c_id: "4", limit: "1", lang: "th" } });
    expect(th.body.message.list[0]).toMatchObject({ id: 201, title: "ข่าวภาษาไทยเท่านั้น" });
    expect(th.body.message.count).toBe(21);
  });

  it("lists banners by sort with cover and link", async () => {
    const res = await api<ArticleList>("/news/list", { form: { c_id: "5", lang: "fra" } });
    expect(res.body.message.list.map((a) => [a.id, a.title, a.cover, a.link])).toEqual([
      [301, "Bannière A", "/banners/a.svg", "/ieo"],
      [300, "Banner B", "/banners/b.svg", "/lockming"],
    ]);
  });

  it("accepts JSON bodies and the limit ceiling of 50", async () => {
    const res = await api<ArticleList>("/news/list", { json: { c_id: 4, limit: 50 } });
    expect(res.status).toBe(200);
    expect(res.body.message.list).toHaveLength(20);
  });

  it("rejects other categories, bad paging and unknown fields", async () => {
    for (const form of [
      { c_id: "18" },
      { c_id: "32" },
      { c_id: "abc" },
      {},
      { c_id: "4", limit: "51" },
      { c_id: "4", limit: "0" },
      { c_id: "4", page: "-1" },
      { c_id: "4", page: "1e3" },
      { c_id: "4", page: "100001" },
      { c_id: "4", version: "1" },
    ] as Record<string, string>[]) {
      const res = await api("/news/list", { form });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.body.type).toBe("error");
    }
    const res = await api("/news/list", { form: { c_id: "18", lang: "hk" } });
    expect(res.body).toMatchObject({ code: "INVALID_CATEGORY", message: "未知的文章分類" });
  });

  it("answers an empty page past the end", async () => {
    const res = await api<ArticleList>("/news/list", { form: { c_id: "4", page: "9" } });
    expect(res.body.message).toMatchObject({ list: [], count: 20, page: 9 });
  });
});

describe("POST /news/detail", () => {
  it("answers one published article in the request language", async () => {
    const res = await api<ArticleDetail>("/news/detail", { form: { id: "118", lang: "zh" } });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual({ id: 118, title: "新闻 18", content: "正文 18", cover: "", create_time: T0 + 18 * DAY });
    const fallback = await api<ArticleDetail>("/news/detail", { form: { id: "117", lang: "zh" } });
    expect(fallback.body.message.title).toBe("News 17");
  });

  it("answers 404 for an unknown, unpublished or unreadable id", async () => {
    for (const id of ["999999", "200"]) {
      const res = await api("/news/detail", { form: { id, lang: "spa" } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "ARTICLE_NOT_FOUND", message: "Este artículo no existe o ha sido retirado" });
    }
    expect((await api("/news/detail", { form: { id: "201", lang: "en" } })).status).toBe(404);
    expect((await api("/news/detail", { form: { id: "201", lang: "th" } })).status).toBe(200);
  });

  it("rejects a missing or malformed id", async () => {
    expect((await api("/news/detail", { form: {} })).status).toBe(400);
    expect((await api("/news/detail", { form: { id: "1 OR 1=1" } })).status).toBe(400);
    expect((await api("/news/detail", { form: { id: "0" } })).status).toBe(400);
  });
});

describe("GET /news/index_pop", () => {
  it("answers the newest published pop-up notice in the request language", async () => {
    const res = await api<ArticlePage>("/news/index_pop?lang=jp");
    expect(res.body.message).toEqual({ id: 401, title: "新しいお知らせ", content: "新", create_time: T0 + 3 * DAY });
    const en = await api<ArticlePage>("/news/index_pop?lang=kor");
    expect(en.body.message.title).toBe("New notice");
  });
});

describe("single pages", () => {
  it("answers FAQ, contact, about and compliance by category with English fallback", async () => {
    const faq = await api<ArticlePage>("/faq?lang=kor");
    expect(faq.body.message).toMatchObject({ id: 500, title: "자주 묻는 질문", content: "질문" });
    const contact = await api<ArticlePage>("/contactus?lang=kor");
    expect(contact.body.message).toMatchObject({ id: 501, title: "Contact us" });
    const about = await api<ArticlePage>("/aboutus?lang=spa");
    expect(about.body.message).toMatchObject({ id: 502, title: "Quiénes somos" });
    const compliance = await api<ArticlePage>("/operational_compliance?lang=vn");
    expect(compliance.body.message).toMatchObject({ id: 503, title: "Tuân thủ vận hành", content: "Quy tắc" });
    expect(Object.keys(compliance.body.message).sort()).toEqual(["content", "create_time", "id", "title"]);
  });

  it("falls back to English for an unknown lang value", async () => {
    const res = await api<ArticlePage>("/faq?lang=xx");
    expect(res.body.message.title).toBe("FAQ");
  });
});

describe("GET /menu", () => {
  it("answers the menu grid in sort order with i18n keys and hash routes", async () => {
    const res = await api<MenuEntry[]>("/menu");
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual([
      { id: 2, title: "home.ieo", url: "/ieo", open_type: 1, is_financial: true, icon: "rocket", sort: 10 },
      { id: 1, title: "home.nft", url: "/nft", open_type: 1, is_financial: false, icon: "image", sort: 20 },
    ]);
  });
});
