import { describe, expect, it } from "vitest";
import { LANGS } from "../../schema/api/lang.ts";
import { FIAT_CODES } from "../../schema/api/content.ts";
import { SEED_ARTICLES, contentSeedStatements } from "../../worker/domain/seed/content-seed.ts";
import { demoSeedSql } from "../../worker/domain/seed/demo.ts";
import { SEED_MENU, SEED_SETTINGS } from "../../worker/domain/seed/site.ts";

const NOW = Date.UTC(2026, 10, 1);
const isDemoUser = (line: string) => line.startsWith("INSERT OR IGNORE INTO users ") && /VALUES \('8000000\d'/.test(line);
const statements = (sql: string) => sql.split("\n").filter((line) => line.trim() !== "");

describe("demo seed SQL", () => {
  it("writes the content as INSERT OR IGNORE statements only, one per line, deterministic for a given time", async () => {
    const content = contentSeedStatements(NOW);
    expect(content.length).toBeGreaterThan(100);
    expect(contentSeedStatements(NOW)).toEqual(content);
    for (const line of content) {
      expect(line).toMatch(/^INSERT OR IGNORE INTO \w+ \(/);
      expect(line).not.toContain("\n");
      expect(line.endsWith(";")).toBe(true);
      // One statement per line: no second statement hides after a semicolon outside a string.
      expect(line.replace(/'(?:[^']|'')*'/g, "''").slice(0, -1)).not.toContain(";");
    }
    // demoSeedSql carries every content statement, after the users the notices refer to.
    const all = statements(await demoSeedSql("pepper", NOW));
    const firstContent = all.indexOf(content[0]!);
    expect(all.slice(firstContent, firstContent + content.length)).toEqual(content);
    expect(all.findLastIndex(isDemoUser)).toBeLessThan(firstContent);
  });

  it("keeps the whole demo seed splittable on newlines: one complete statement per line", async () => {
    const first = statements(await demoSeedSql("pepper", NOW));
    const second = statements(await demoSeedSql("pepper", NOW));
    expect(second).toHaveLength(first.length);
    for (const line of first) {
      expect(line).toMatch(/^(INSERT|UPDATE)\b/);
      expect(line.endsWith(";")).toBe(true);
      expect(line.replace(/'(?:[^']|'')*'/g, "''").slice(0, -1)).not.toContain(";");
    }
    expect(first.filter(isDemoUser)).toHaveLength(4);
  });

  it("gives every row of an auto-increment table an explicit id, so a second run hits the same key", async () => {
    const lines = statements(await demoSeedSql("pepper", NOW));
    for (const table of ["articles", "menu_items", "notifications"]) {
      const rows = lines.filter((l) => l.startsWith(`INSERT OR IGNORE INTO ${table} `));
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) expect(row).toMatch(new RegExp(`^INSERT OR IGNORE INTO ${table} \\(id, `));
    }
    const ids = SEED_ARTICLES.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(SEED_MENU.map((m) => m.id)).size).toBe(SEED_MENU.length);
  });

  it("writes every article in all nine languages", async () => {
    const lines = statements(await demoSeedSql("pepper", NOW));
    const texts = new Map<number, Set<string>>();
    for (const line of lines) {
      const m = /^INSERT OR IGNORE INTO article_texts \(article_id, lang, title, abstract, content\) VALUES \((\d+), '(\w+)', '[^']/.exec(
        line,
      );
      if (!m) continue;
      const set = texts.get(Number(m[1])) ?? new Set();
      set.add(m[2]!);
      texts.set(Number(m[1]), set);
    }
    const articleIds = lines.flatMap((l) => /^INSERT OR IGNORE INTO articles \(id, [^)]*\) VALUES \((\d+),/.exec(l)?.[1] ?? []).map(Number);
    expect(articleIds.sort((a, b) => a - b)).toEqual(SEED_ARTICLES.map((a) => a.id).sort((a, b) => a - b));
    for (const id of articleIds) expect([...(texts.get(id) ?? [])].sort(), `article ${id}`).toEqual([...LANGS].sort());
  });

  it("translates every article instead of copying the English text", () => {
    for (const article of SEED_ARTICLES) {
      const en = article.texts.en;
      expect(en.title.trim(), `article ${article.id}`).not.toBe("");
      expect(en.content.trim(), `article ${article.id}`).not.toBe("");
      for (const lang of LANGS) {
        if (lang === "en") continue;
        const t = article.texts[lang];
        expect(t.title, `article ${article.id} ${lang} title`).not.toBe(en.title);
        expect(t.content, `article ${article.id} ${lang} content`).not.toBe(en.content);
        expect(Boolean(t.abstract), `article ${article.id} ${lang} abstract`).toBe(Boolean(en.abstract));
        // Same paragraph structure as the English original.
        expect(t.content.split("\n\n").length, `article ${article.id} ${lang} paragraphs`).toBe(en.content.split("\n\n").length);
      }
    }
  });

  it("seeds the categories the app reads: 2 banners with covers, 3 news, a pop-up and the four pages", () => {
    const byCategory = (c: number) => SEED_ARTICLES.filter((a) => a.categoryId === c);
    expect(byCategory(5)).toHaveLength(2);
    for (const banner of byCategory(5)) expect(banner.cover).toMatch(/^\/banners\/[\w-]+\.svg$/);
    expect(byCategory(4)).toHaveLength(3);
    for (const c of [32, 18, 33, 34, 35]) expect(byCategory(c), `c_id ${c}`).toHaveLength(1);
  });

  it("publishes the site settings the client reads and keeps menu titles under home", async () => {
    const publicKeys = SEED_SETTINGS.filter(([, , isPublic]) => isPublic).map(([key]) => key);
    for (const key of [
      "site_name",
      "site_logo",
      "down_logo",
      "zxkf_url",
      "telegram_url",
      "whatsApp_url",
      "line_url",
      "apk_download_url",
      "ios_apk_download_url",
      "version",
    ]) {
      expect(publicKeys).toContain(key);
    }
    for (const item of SEED_MENU) {
      expect(item.title).toMatch(/^home\.\w+$/);
      expect(item.url).toMatch(/^\/[\w/]+$/);
    }
    const lines = statements(await demoSeedSql("pepper", NOW));
    const fiats = lines.filter((l) => l.startsWith("INSERT OR IGNORE INTO fiat_rates "));
    expect(fiats.map((l) => /VALUES \('(\w+)'/.exec(l)?.[1])).toEqual([...FIAT_CODES]);
    for (const l of fiats) expect(l).toMatch(/VALUES \('\w+', '\d+(\.\d+)?', \d+\);$/);
  });

  it("escapes quotes and encodes newlines so text cannot break out of its literal", async () => {
    const lines = statements(await demoSeedSql("pepper", NOW));
    const faq = lines.find((l) => l.startsWith("INSERT OR IGNORE INTO article_texts") && l.includes("VALUES (31, 'fra'"));
    expect(faq).toContain("qu''il");
    expect(faq).toContain(" || char(10) || ");
  });

  it("the contact page says where the in-app customer-service chat is, in every language", () => {
    const contact = SEED_ARTICLES.find((a) => a.id === 32)!;
    const named = { en: "Customer service", zh: "在线客服", hk: "線上客服", fra: "Service client", spa: "Atención al cliente" } as const;
    for (const [lang, label] of Object.entries(named)) {
      expect(contact.texts[lang as keyof typeof named]?.content).toContain(label);
    }
  });
});
