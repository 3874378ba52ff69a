import { readdirSync, readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Page, type Route, test } from "@playwright/test";
import { api } from "./lib/session.ts";

/**
 * The home tab and the content pages in a phone-sized browser, against the
 * seeded app: banners, notices and menu from the seed; the pop-up notice once
 * per id; a notice opens its article; FAQ, contact and about show their seeded
 * text; the language switch on home; the finance tab; safe article rendering.
 * Expected texts come from the API and the locale files, never from copies here.
 */

type Summary = { id: number; title: string; abstract: string; cover: string; link: string };
type Page_ = { id: number; title: string; content: string };
type Menu = { id: number; title: string; url: string; is_financial: boolean }[];

const locale = (lang: string) => JSON.parse(readFileSync(`web/src/locales/${lang}/home.json`, "utf8")).home as Record<string, unknown>;
const commonLocale = (lang: string) =>
  JSON.parse(readFileSync(`web/src/locales/${lang}/common.json`, "utf8")) as {
    nav: Record<string, string>;
    common: Record<string, string>;
  };
/** The app's page paths, read from the route tables (web/src/pages/<area>/routes.ts) as the app reads them. */
const pagePaths = readdirSync("web/src/pages", { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => {
    try {
      return [...readFileSync(`web/src/pages/${d.name}/routes.ts`, "utf8").matchAll(/path: "([^"]+)"/g)].map((m) => m[1]!);
    } catch {
      return [];
    }
  });
/** Whether a menu entry's route has a page (menu routes have no parameters). */
const built = (m: { url: string }) => pagePaths.includes(m.url.replace(/^#/, "").split("?")[0]!);
/** A menu title key ("home.ieo") translated from the locale file. */
const menuText = (lang: string, title: string) => locale(lang)[title.replace(/^home\./, "")] as string;

/** A content API's answer in `lang` (English unless told): GET or POST, as the app asks. */
const inLang = <T>(
  request: APIRequestContext,
  method: "GET" | "POST",
  path: string,
  params: Record<string, string | number> = {},
  lang = "en",
) => api<T>(request, path, { method, data: { ...params, lang } });

const firstParagraph = (content: string) =>
  content
    .split(/\n\s*\n/)[0]!
    .split("\n")
    .at(-1)!
    .trim();

/** Fresh storage per test (English, dark); optionally with the pop-up notice already dismissed. */
async function freshStart(page: Page, popupSeen?: number) {
  await page.addInitScript((seen) => {
    if (sessionStorage.getItem("__e2e_init")) return;
    sessionStorage.setItem("__e2e_init", "1");
    localStorage.clear();
    localStorage.setItem("h5Version", "1");
    localStorage.setItem("lang", JSON.stringify("en"));
    localStorage.setItem("theme", JSON.stringify("dark"));
    if (seen !== null) localStorage.setItem("popupNoticeSeen", String(seen));
  }, popupSeen ?? null);
}

async function popupId(request: APIRequestContext): Promise<number> {
  const popup = await inLang<Page_ | null>(request, "GET", "/news/index_pop");
  expect(popup, "the seed has a pop-up notice").not.toBeNull();
  return popup!.id;
}

test("home shows the seeded banners, notices and menu", async ({ page, request }) => {
  const banners = (await inLang<{ list: Summary[] }>(request, "POST", "/news/list", { c_id: 5 })).list;
  const notices = (await inLang<{ list: Summary[] }>(request, "POST", "/news/list", { c_id: 4, limit: 5 })).list;
  const menu = await inLang<Menu>(request, "GET", "/menu");
  expect(banners.length).toBeGreaterThan(1);
  expect(notices.length).toBeGreaterThan(0);
  expect(menu.length).toBeGreaterThan(3);

  await freshStart(page, await popupId(request));
  await page.goto("/");

  await expect(page.getByTestId("site-name")).toHaveText((await inLang<{ site_name: string }>(request, "GET", "/getSiteConfig")).site_name);
  const slides = page.getByTestId("banner-slide");
  await expect(slides).toHaveCount(banners.length);
  await expect(slides.first()).toContainText(banners[0]!.title);
  await expect(page.locator(".banner-caption").nth(1)).toHaveText(banners[1]!.title);

  // The ticker shows one notice at a time, starting with the newest.
  await expect(page.getByTestId("notice-item")).toHaveText(notices[0]!.title);

  // Shortcuts to products not built yet are not shown.
  const items = page.getByTestId("menu-item");
  await expect(items).toHaveText(menu.filter(built).map((m) => menuText("en", m.title)));
  for (const m of menu) expect(menuText("en", m.title), `en/home.json has ${m.title}`).toBeTruthy();

  // Auto-advance: the carousel moves to the next banner within about 4 s.
  await expect(page.locator(".dot").nth(1)).toHaveClass(/active/, { timeout: 7000 });

  // A banner that links to an app route opens it ("/aboutus" in the seed).
  const toAbout = banners.findIndex((b) => b.link === "/aboutus");
  if (toAbout >= 0) {
    await page.locator(".dot").nth(toAbout).click();
    await page.getByTestId("banner-slide").nth(toAbout).getByRole("button").click();
    await expect(page).toHaveURL(/#\/aboutus$/);
  }
});

test("the pop-up notice appears once and not again after it is dismissed and the page reloads", async ({ page, request }) => {
  const popup = await inLang<Page_>(request, "GET", "/news/index_pop");
  await freshStart(page);
  await page.goto("/");

  const dialog = page.getByTestId("popup-notice");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading")).toHaveText(popup.title);
  await expect(dialog).toContainText(firstParagraph(popup.content));
  await dialog.getByRole("button", { name: "Got it" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("popupNoticeSeen"))).toBe(String(popup.id));

  const asked = page.waitForResponse((r) => r.url().includes("/api/news/index_pop"));
  await page.reload();
  await asked;
  await expect(page.getByTestId("banner-slide").first()).toBeVisible();
  await page.waitForTimeout(500);
  await expect(dialog).toHaveCount(0);

  // A newer notice (another id) would show again: the stored id is the only thing that hides it.
  await page.evaluate(() => localStorage.setItem("popupNoticeSeen", "-1"));
  await page.reload();
  await expect(dialog).toBeVisible();
});

test("a notice opens its article, and the announcements list opens too", async ({ page, request }) => {
  const notices = (await inLang<{ list: Summary[] }>(request, "POST", "/news/list", { c_id: 4, limit: 5 })).list;
  await freshStart(page, await popupId(request));
  await page.goto("/");

  const item = page.getByTestId("notice-item");
  await expect(item).toHaveText(notices[0]!.title);
  // The ticker rolls on; click whichever notice shows and expect that article.
  const shown = (await item.textContent())!;
  const notice = notices.find((n) => n.title === shown)!;
  await item.click();
  await expect(page).toHaveURL(new RegExp(`#/article/${notice.id}$`));
  const detail = await inLang<Page_>(request, "POST", "/news/detail", { id: notice.id });
  await expect(page.getByTestId("article-title")).toHaveText(detail.title);
  await expect(page.getByTestId("article-body")).toContainText(firstParagraph(detail.content));

  await page.goto("/#/news");
  const list = page.getByTestId("news-list").getByRole("link");
  const all = (await inLang<{ list: Summary[]; count: number }>(request, "POST", "/news/list", { c_id: 4, limit: 10 })).list;
  await expect(list).toHaveCount(all.length);
  await expect(list.first()).toContainText(all[0]!.title);
  await list.nth(1).click();
  await expect(page.getByTestId("article-title")).toHaveText(all[1]!.title);

  await page.goto("/#/article/987654");
  await expect(page.getByTestId("empty")).toBeVisible();
});

test("FAQ, contact, about and compliance pages show their seeded text", async ({ page, request }) => {
  await freshStart(page);
  for (const [route, path] of [
    ["/faq", "/faq"],
    ["/contactus", "/contactus"],
    ["/aboutus", "/aboutus"],
    ["/setting/operational_compliance", "/operational_compliance"],
  ] as const) {
    const article = await inLang<Page_>(request, "GET", path);
    await page.goto(`/#${route}`);
    const body = page.getByTestId("article-body");
    await expect(page.locator("article .article-title")).toHaveText(article.title);
    await expect(body).toContainText(firstParagraph(article.content));
    const last = article.content.trim().split("\n").at(-1)!.trim();
    await expect(body).toContainText(last);
  }
});

test("switching the language on home changes the texts and the content", async ({ page, request }) => {
  const zhBanners = (await inLang<{ list: Summary[] }>(request, "POST", "/news/list", { c_id: 5 }, "zh")).list;
  const zhNotices = (await inLang<{ list: Summary[] }>(request, "POST", "/news/list", { c_id: 4, limit: 5 }, "zh")).list;
  const menu = await inLang<Menu>(request, "GET", "/menu");
  await freshStart(page, await popupId(request));
  await page.goto("/");
  await expect(page.getByTestId("login-link")).toHaveText(locale("en").login as string);

  await page.getByTestId("language-button").click();
  const sheet = page.getByTestId("language-sheet");
  await expect(sheet.getByRole("button")).toHaveText([
    "简体中文",
    "English",
    "繁體中文",
    "ไทย",
    "日本語",
    "한국어",
    "Français",
    "Español",
    "Tiếng Việt",
  ]);
  await sheet.getByRole("button", { name: "简体中文" }).click();

  await expect(page.getByTestId("login-link")).toHaveText(locale("zh").login as string);
  await expect(page.getByTestId("register-link")).toHaveText(locale("zh").register as string);
  await expect(page.getByTestId("menu-item")).toHaveText(menu.filter(built).map((m) => menuText("zh", m.title)));
  await expect(page.locator(".tabbar .tab").first()).toHaveText(commonLocale("zh").nav.home!);
  // Content is fetched again in the new language.
  await expect(page.locator(".banner-caption").first()).toHaveText(zhBanners[0]!.title);
  await expect(page.getByTestId("notice-item")).toHaveText(zhNotices[0]!.title);
  expect(zhBanners[0]!.title).not.toBe((await inLang<{ list: Summary[] }>(request, "POST", "/news/list", { c_id: 5 })).list[0]!.title);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

  // The choice is kept.
  await page.reload();
  await expect(page.getByTestId("login-link")).toHaveText(locale("zh").login as string);
});

test("the finance tab lists the financial products; those not built yet are marked coming soon and are no tap target", async ({
  page,
  request,
}) => {
  const financial = (await inLang<Menu>(request, "GET", "/menu")).filter((m) => m.is_financial);
  expect(financial.length).toBeGreaterThan(0);
  await freshStart(page);
  await page.goto("/#/financial");
  const items = page.getByTestId("finance-item");
  await expect(items).toHaveCount(financial.length);
  for (const [i, m] of financial.entries()) await expect(items.nth(i)).toContainText(menuText("en", m.title));

  const soon = financial.filter((m) => !built(m));
  await expect(page.getByTestId("finance-soon")).toHaveCount(soon.length);
  // Every financial product may have its page by now (copy trading was the last): then none says "coming soon".
  if (soon.length > 0) await expect(page.getByTestId("finance-soon").first()).toHaveText(locale("en").soon as string);
  await expect(items.and(page.locator("[aria-disabled=true]"))).toHaveCount(soon.length);
  await expect(items.and(page.locator("button"))).toHaveCount(financial.length - soon.length);
});

test("article HTML is rendered from an allow-list: no script, handler, frame or javascript: link survives", async ({ page, request }) => {
  await freshStart(page, await popupId(request));
  await page.route("**/api/news/detail", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({
        type: "ok",
        message: {
          id: 777,
          title: "Markup test",
          cover: "",
          create_time: Date.now(),
          content:
            '<p>Safe <strong>bold</strong> and <em>soft</em></p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>' +
            '<a href="javascript:window.__xss=3">bad link</a> <a href="https://example.com/" onclick="window.__xss=4">good link</a>' +
            '<iframe src="https://example.com/"></iframe><ul><li style="color:red">item</li></ul><div ' +
            'onmouseover="window.__xss=5">block</div>',
        },
      }),
    }),
  );
  await page.goto("/#/article/777");
  const body = page.getByTestId("article-body");
  await expect(body.locator("strong")).toHaveText("bold");
  await expect(body.locator("em")).toHaveText("soft");
  await expect(body.locator("li")).toHaveText("item");
  await expect(body).toContainText("bad link");
  await expect(body).toContainText("block");
  await expect(body.locator("script, iframe, img, [onerror], [onclick], [onmouseover], [style]")).toHaveCount(0);
  await expect(body.locator("a")).toHaveCount(1);
  await expect(body.locator("a")).toHaveAttribute("href", "https://example.com/");
  await expect(body.locator("a")).toHaveAttribute("rel", /noopener/);
  await body.locator("p", { hasText: "block" }).hover();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test("when the content calls fail, home shows an error with a retry that loads them", async ({ page, request }) => {
  const menu = await inLang<Menu>(request, "GET", "/menu");
  await freshStart(page, await popupId(request));
  const failing = (route: Route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ type: "error", message: "Server error" }) });
  await page.route("**/api/menu*", failing);
  await page.route("**/api/news/list", failing);
  await page.goto("/");
  // The page-level error view (the markets section below has its own).
  const error = page.locator(".error-view").filter({ hasText: commonLocale("en").common.loadFailed! });
  await expect(error).toBeVisible();
  await expect(page.getByTestId("menu-item")).toHaveCount(0);

  await page.unroute("**/api/menu*");
  await page.unroute("**/api/news/list");
  await error.getByRole("button", { name: commonLocale("en").common.retry! }).click();
  await expect(page.getByTestId("menu-item")).toHaveText(menu.filter(built).map((m) => menuText("en", m.title)));
  await expect(page.getByTestId("banner-slide").first()).toBeVisible();
});

test("a content call that fails once (a dropped connection, a 5xx from a proxy) is tried again and home shows its content", async ({
  page,
  request,
}) => {
  const menu = await inLang<Menu>(request, "GET", "/menu");
  await freshStart(page, await popupId(request));
  let failed = 0;
  await page.route("**/api/menu*", (route) => {
    if (failed++ > 0) return route.continue();
    return route.fulfill({ status: 502, contentType: "text/plain", body: "Bad gateway" });
  });
  await page.goto("/");
  await expect(page.getByTestId("menu-item")).toHaveText(menu.filter(built).map((m) => menuText("en", m.title)));
  expect(failed).toBe(2);
  await expect(page.locator(".error-view")).toHaveCount(0);
});

test("the web view frames only http(s) pages and offers to open them outside", async ({ page }) => {
  await freshStart(page);
  await page.goto(`/#/webView?url=${encodeURIComponent("https://example.com/path")}`);
  await expect(page.getByTestId("webview-frame")).toHaveAttribute("src", "https://example.com/path");
  await expect(page.getByTestId("webview-open")).toHaveAttribute("href", "https://example.com/path");
  await page.goto(`/#/webView?url=${encodeURIComponent("javascript:alert(1)")}`);
  await expect(page.getByTestId("webview-frame")).toHaveCount(0);
  await expect(page.getByRole("alert")).toBeVisible();
});
