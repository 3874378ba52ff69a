import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArticleDetail, ArticleList, ArticlePage, FiatRate, MenuEntry } from "../../schema/api/content.ts";
import { demoSeedSql } from "../../worker/domain/seed/demo.ts";
import { api } from "./helpers.ts";

const TABLES = ["users", "settings", "menu_items", "articles", "article_texts", "fiat_rates", "notifications"] as const;

/** Runs the seed file as `wrangler d1 execute --file` would: every statement, in order. */
async function runSeed(now: number) {
  const sql = await demoSeedSql(env.PASSWORD_PEPPER!, now);
  const lines = sql.split("\n").filter((l) => l.trim() !== "");
  await env.DB.batch(lines.map((line) => env.DB.prepare(line)));
}

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
    out[table] = row!.n;
  }
  return out;
}

const NOW = Date.UTC(2026, 10, 1, 12);

beforeAll(async () => {
  await runSeed(NOW);
});

describe("demo seed against D1", () => {
  it("runs twice without duplicating or changing a row", async () => {
    const before = await counts();
    const demoUsers = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE uid IN ('80000001', '80000002', '80000003')").first<{
      n: number;
    }>();
    expect(demoUsers?.n).toBe(3);
    expect(before).toMatchObject({ menu_items: 11, articles: 10, article_texts: 10 * 9, fiat_rates: 11, notifications: 5 });
    const snapshot = await env.DB.prepare("SELECT id, created_at FROM articles ORDER BY id").all();
    await runSeed(NOW + 86_400_000);
    expect(await counts()).toEqual(before);
    expect((await env.DB.prepare("SELECT id, created_at FROM articles ORDER BY id").all()).results).toEqual(snapshot.results);
  });

  it("keeps an operator's later edit when it runs again", async () => {
    await env.DB.prepare("UPDATE article_texts SET title = 'Edited by an operator' WHERE article_id = 14 AND lang = 'en'").run();
    await env.DB.prepare("UPDATE settings SET value = 'Renamed' WHERE key = 'site_name'").run();
    await runSeed(NOW);
    const row = await env.DB.prepare("SELECT title FROM article_texts WHERE article_id = 14 AND lang = 'en'").first<{ title: string }>();
    expect(row?.title).toBe("Edited by an operator");
    expect((await api<Record<string, string>>("/getSiteConfig")).body.message.site_name).toBe("Renamed");
    await env.DB.prepare("UPDATE settings SET value = 'Edge Exchange' WHERE key = 'site_name'").run();
  });

  it("gives demo users their own notices and everyone the broadcast", async () => {
    const rows = await env.DB.prepare(
      "SELECT u.uid AS uid, count(n.id) AS n FROM users u JOIN notifications n ON n.user_id = u.id GROUP BY u.uid ORDER BY u.uid",
    ).all<{ uid: string; n: number }>();
    expect(rows.results).toEqual([
      { uid: "80000001", n: 2 },
      { uid: "80000002", n: 2 },
    ]);
    const broadcast = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id IS NULL").first<{ n: number }>();
    expect(broadcast?.n).toBe(1);
  });
});

describe("content routes over the seeded data", () => {
  it("lists the two banners in zh with covers and links, and the news in fra newest first", async () => {
    const banners = await api<ArticleList>("/news/list", { form: { c_id: "5", lang: "zh" } });
    expect(banners.body.message.count).toBe(2);
    expect(banners.body.message.list.map((b) => [b.title, b.cover, b.link])).toEqual([
      ["按真实市场价格交易", "/banners/market.svg", "/market"],
      ["您的资金，您的记录", "/banners/security.svg", "/aboutus"],
    ]);
    const news = await api<ArticleList>("/news/list", { form: { c_id: "4", lang: "fra", limit: "2" } });
    expect(news.body.message.count).toBe(3);
    expect(news.body.message.list.map((n) => n.title)).toEqual([
      "Notre grille tarifaire est publique",
      "Dépôts et retraits : comment se passent les vérifications",
    ]);
    expect(news.body.message.list[0]!.abstract).toBe("Où trouver chaque frais avant de le payer.");
  });

  it("answers the single pages and the pop-up in zh and fra, with multi-line content intact", async () => {
    const faq = await api<ArticlePage>("/faq?lang=fra");
    expect(faq.body.message.title).toBe("Questions fréquentes");
    expect(faq.body.message.content).toContain("Comment ouvrir un compte ?\nInscrivez-vous");
    expect(faq.body.message.content.split("\n\n")).toHaveLength(8);
    const compliance = await api<ArticlePage>("/operational_compliance?lang=zh");
    expect(compliance.body.message.title).toBe("合规运营");
    expect((await api<ArticlePage>("/contactus?lang=zh")).body.message.title).toBe("联系我们");
    expect((await api<ArticlePage>("/aboutus?lang=fra")).body.message.title).toBe("À propos de nous");
    const pop = await api<ArticlePage>("/news/index_pop?lang=fra");
    expect(pop.body.message).toMatchObject({ id: 21, title: "Rappel de sécurité" });
    const detail = await api<ArticleDetail>("/news/detail", { form: { id: "13", lang: "zh" } });
    expect(detail.body.message.title).toBe("充值与提现：审核如何进行");
  });

  it("falls back to English per article when a translation is missing", async () => {
    await env.DB.prepare("DELETE FROM article_texts WHERE article_id = 13 AND lang IN ('fra', 'zh')").run();
    const fra = await api<ArticleList>("/news/list", { form: { c_id: "4", lang: "fra" } });
    expect(fra.body.message.list.map((n) => n.title)).toEqual([
      "Notre grille tarifaire est publique",
      "Deposits and withdrawals: how reviews work",
      "Affichez vos avoirs en 11 devises",
    ]);
    const zh = await api<ArticleDetail>("/news/detail", { form: { id: "13", lang: "zh" } });
    expect(zh.body.message.title).toBe("Deposits and withdrawals: how reviews work");
    // Putting the seed back restores the missing rows and nothing else.
    await runSeed(NOW);
    expect((await api<ArticleDetail>("/news/detail", { form: { id: "13", lang: "zh" } })).body.message.title).toBe(
      "充值与提现：审核如何进行",
    );
  });

  it("answers the seeded menu, site config and the 11 fiat rates", async () => {
    const menu = await api<MenuEntry[]>("/menu");
    expect(menu.body.message.map((m) => m.title)).toEqual([
      "home.ieo",
      "home.lockming",
      "home.invest",
      "home.follow",
      "home.nft",
      "home.borrowing",
      "home.buyCrypto",
      "home.share",
      "home.activity",
      "home.download",
      "home.guess",
    ]);
    const config = await api<Record<string, string>>("/getSiteConfig");
    expect(config.body.message).toMatchObject({
      site_name: "Edge Exchange",
      site_logo: "/logo.svg",
      zxkf_url: "#/kefu",
      version: "wgt,0.8.0",
    });
    const version = await api<{ key: string; value: string }>("/getSetting?keyword=version");
    expect(version.body.message).toEqual({ key: "version", value: "wgt,0.8.0" });
    const rates = await api<FiatRate[]>("/fiat/rates");
    expect(rates.body.message.map((r) => r.currency_code)).toEqual([
      "USD",
      "CNY",
      "GBP",
      "HKD",
      "JPY",
      "EUR",
      "AED",
      "THB",
      "PHP",
      "SGD",
      "VND",
    ]);
    expect(rates.body.message.find((r) => r.currency_code === "VND")).toEqual({ currency_code: "VND", rate: "26310", updated_at: NOW });
  });
});
