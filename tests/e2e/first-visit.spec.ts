import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { OPERATOR, api, logIn } from "./lib/session.ts";

/**
 * What a first visit at 390 x 844 found, kept fixed: the trade page's form and book above the fold, the
 * cancel dialog's words, menu entries of products not built yet, and the other defects of the walkthrough.
 * Expected texts come from the locale files and the API, never from copies here.
 */

test.use({ viewport: { width: 390, height: 844 } });

const texts = (lang: string, area: string) => JSON.parse(readFileSync(`web/src/locales/${lang}/${area}.json`, "utf8"));

/** Fresh English storage, the session if given, and the seeded pop-up notice marked seen (it is shown once per id). */
async function start(page: Page, token = "") {
  const popup = ((await (await page.request.get("/api/news/index_pop")).json()) as { message: { id: number } | null }).message;
  await page.addInitScript(
    ([t, seen]) => {
      if (sessionStorage.getItem("__e2e_init")) return;
      sessionStorage.setItem("__e2e_init", "1");
      localStorage.clear();
      localStorage.setItem("h5Version", "1");
      localStorage.setItem("lang", JSON.stringify("en"));
      if (seen) localStorage.setItem("popupNoticeSeen", seen);
      if (t) localStorage.setItem("token", JSON.stringify(t));
    },
    [token, popup ? String(popup.id) : ""] as const,
  );
}

test("the trade page shows the order form, its button and the book above the fold and above the tab bar", async ({ page }) => {
  await start(page);
  await page.goto("/#/transaction/currency?symbol=BTC-USDT");
  const submit = page.getByTestId("order-submit");
  await expect(submit).toBeVisible();
  await expect(page.getByTestId("book-last")).toBeVisible();

  const tabbar = (await page.locator(".tabbar").boundingBox())!;
  const button = (await submit.boundingBox())!;
  expect(button.y + button.height, "the order button ends above the tab bar").toBeLessThanOrEqual(tabbar.y);
  const book = (await page.getByTestId("order-book").boundingBox())!;
  expect(book.y + book.height).toBeLessThanOrEqual(tabbar.y);

  // The chart follows and folds away; the choice is kept.
  const toggle = page.getByTestId("chart-toggle");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator(".chart-box")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("chart-toggle")).toHaveAttribute("aria-expanded", "false");
});

test("cancelling an order asks with 'Keep order' and 'Cancel order'; keeping it leaves it open", async ({ page, request }) => {
  const token = await logIn(request);
  const order = { currency_id: "1", legal_id: "3", type: "1", amount: "0.001", target_price: "50000", order_type: "limit" };
  await api(request, "/coin/trade", { data: order, token });
  await start(page, token);
  await page.goto("/#/transaction/currency?symbol=BTC-USDT");
  const rows = page.getByTestId("open-orders").getByTestId("cancel-order");
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();

  const words = texts("en", "trade").trade.orders;
  await rows.first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button")).toHaveText([words.keep, words.cancelConfirm]);
  await dialog.getByRole("button", { name: words.keep }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(before);

  await rows.first().click();
  await dialog.getByRole("button", { name: words.cancelConfirm }).click();
  await expect(page.getByTestId("toast")).toHaveText(words.cancelled);
  await expect(rows).toHaveCount(before - 1);
});

test("home shows no dead taps: every shortcut opens a page, and a banner about a product not built yet is no button", async ({
  page,
  request,
}) => {
  const menu = await api<{ url: string }[]>(request, "/menu", { method: "GET" });
  const banners = (await api<{ list: { link: string; title: string }[] }>(request, "/news/list", { data: { c_id: "5" } })).list;
  await start(page);
  await page.goto("/");
  await expect(page.getByTestId("banner-slide").first()).toBeVisible();
  const shortcuts = page.getByTestId("menu-item");
  const shown = await shortcuts.count();
  expect(shown).toBeLessThanOrEqual(menu.length);
  for (let i = 0; i < shown; i++) {
    await page.goto("/");
    await shortcuts.nth(i).click();
    await expect(page).not.toHaveURL(/#\/$/);
    await expect(page.getByTestId("toast")).toHaveCount(0);
  }

  await page.goto("/");
  for (const [i, b] of banners.entries()) {
    const slide = page.getByTestId("banner-slide").nth(i);
    // The seed's lock-mining banner points at a product without a page yet.
    if (b.link === "/lockming/lockming") await expect(slide.getByRole("button")).toHaveCount(0);
    if (b.link === "/market") await expect(slide.getByRole("button", { includeHidden: true })).toHaveCount(1);
  }
});

test("the bill is reachable from assets, and a coin's details offer Trade and Convert", async ({ page, request }) => {
  const token = await logIn(request);
  const words = texts("en", "fund").fund.assets;
  await start(page, token);
  await page.goto("/#/fund/assets");
  await page.getByTestId("assets-bill").click();
  await expect(page).toHaveURL(/#\/setting\/bill$/);

  await page.goto("/#/fund/assets");
  await page.getByTestId("holding-change-BTC").click();
  await expect(page.getByTestId("coin-trade")).toHaveText(words.trade);
  await expect(page.getByTestId("coin-convert")).toHaveText(words.convert);
  await page.getByTestId("coin-trade").click();
  await expect(page).toHaveURL(/#\/transaction\/currency\?symbol=BTC-USDT$/);
  await expect(page.locator(".pair-btn")).toContainText("BTC/USDT");

  // USDT is the quote of every market: no Trade button there.
  await page.goto("/#/fund/assets");
  await page.getByTestId("holding-change-USDT").click();
  await expect(page.getByTestId("coin-convert")).toBeVisible();
  await expect(page.getByTestId("coin-trade")).toHaveCount(0);
});

test("numbers read the same everywhere: a balance shows its coin's digits on assets, trade and transfer; fiat in its own decimals", async ({
  page,
  request,
}) => {
  const token = await logIn(request);
  await start(page, token);
  await page.goto("/#/fund/assets?account=change");
  const usdt = page.getByTestId("holding-change-USDT").getByTestId("available");
  // USDT shows four digits, BTC eight (their display_decimals), grouped by thousands.
  await expect(usdt).toHaveText(/^\d{1,3}(,\d{3})*\.\d{4}$/);
  await expect(page.getByTestId("holding-change-BTC").getByTestId("available")).toHaveText(/^\d{1,3}(,\d{3})*\.\d{8}$/);
  const shown = (await usdt.textContent())!;

  await page.goto("/#/transaction/currency?symbol=BTC-USDT");
  await expect(page.getByTestId("order-available")).toHaveText(`${shown} USDT`);
  // The last price with its fiat equivalent under it (USD: two decimals).
  await expect(page.getByTestId("price-fiat")).toHaveText(/^≈ \$\d{1,3}(,\d{3})*\.\d{2}$/);
  // A tiny fee stays one short line: rounded up at the coin's digits, never two lines.
  await page.getByTestId("order-amount").fill("0.0001");
  const fee = page.getByTestId("order-fee");
  await expect(fee).toHaveText(/^≈ 0\.\d{1,8} BTC$/);
  const line = await fee.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 16);
  expect((await fee.boundingBox())!.height).toBeLessThan(line * 1.5);

  await page.goto("/#/fund/fundTransfer?currency=3&from=change&to=legal");
  await expect(page.getByTestId("transfer-from-balance")).toHaveText(`${shown} USDT`);

  // JPY has no minor unit: the fiat equivalent shows none.
  await page.evaluate(() => localStorage.setItem("fiat", JSON.stringify({ currency_code: "JPY", rate: "150" })));
  await page.goto("/#/transaction/currency?symbol=BTC-USDT");
  await page.reload();
  await expect(page.getByTestId("price-fiat")).toHaveText(/^≈ ¥\d{1,3}(,\d{3})*$/);
});

test("the bill shows a hold and its release as one line each, and its filter offers every movement type", async ({ page, request }) => {
  const token = await logIn(request);
  const order = { currency_id: "1", legal_id: "3", type: "1", amount: "0.001", target_price: "50000", order_type: "limit" };
  const placed = await api<{ id: number }>(request, "/coin/trade", { data: order, token });
  await api(request, "/coin/cancel", { data: { id: String(placed.id) }, token });
  // The market settles the release a moment later.
  const newest = async () =>
    (await api<{ list: { kind: string }[] }>(request, "/wallet/legal_log", { data: { limit: "1" }, token })).list[0]?.kind;
  await expect.poll(newest).toBe("release");
  const words = texts("en", "fund").fund;
  await start(page, token);
  await page.goto("/#/setting/bill");

  // Every translated kind but the catch-all and the two that never write a user's rows (kinds.ts NO_USER_ROWS).
  const kinds = Object.keys(words.kinds).filter((k) => !["other", "deposit_reject", "consume"].includes(k));
  expect(kinds).toEqual(expect.arrayContaining(["spot_trade", "convert"]));
  await expect(page.getByTestId("bill-kind").locator("option")).toHaveText([words.bill.allKinds, ...kinds.map((k) => words.kinds[k])]);
  // Newest first: the release, then the hold, each one unsigned line of 50 USDT (0.001 × 50,000).
  const lines = page.getByTestId("bill-list").getByTestId("ledger-amount");
  await expect(lines.nth(0)).toHaveText(`${words.bill.released} 50 USDT`);
  await expect(lines.nth(1)).toHaveText(`${words.bill.held} 50 USDT`);

  await page.getByTestId("bill-kind").selectOption("hold");
  await expect(lines.first()).toHaveText(`${words.bill.held} 50 USDT`);
  await expect(page.getByTestId("bill-list").getByText(/^[+-]/)).toHaveCount(0);
});

test("operators reach the console from settings, and the audit log reads in words: action, operator's name, user's UID", async ({
  page,
  request,
}) => {
  const alice = await logIn(request);
  const aliceInfo = await api<{ id: number; uid: string }>(request, "/user/info", { method: "GET", token: alice });
  await start(page, alice);
  await page.goto("/#/setting/setting");
  await expect(page.getByTestId("security-link")).toBeVisible();
  await expect(page.getByTestId("console-link")).toHaveCount(0);

  const operator = await logIn(request, OPERATOR);
  const me = await api<{ nickname: string }>(request, "/user/info", { method: "GET", token: operator });
  await api(request, "/admin/users/detail", { method: "GET", data: { id: String(aliceInfo.id) }, token: operator });
  await page.evaluate((t) => localStorage.setItem("token", JSON.stringify(t)), operator);
  await page.goto("/#/setting/setting");
  await page.reload();
  const words = texts("en", "admin").admin.audit;
  await expect(page.getByTestId("console-link")).toHaveText(texts("en", "setting").setting.console);
  await page.getByTestId("console-link").click();
  await expect(page).toHaveURL(/#\/admin$/);

  await page.goto("/#/admin/audit");
  const row = page.getByTestId("audit-row").first();
  await expect(row.getByTestId("audit-action")).toHaveText(words.actions.view_user);
  await expect(row.getByTestId("audit-actor")).toHaveText(me.nickname);
  await expect(row.getByTestId("audit-user")).toHaveText(aliceInfo.uid);
  await expect(page.getByTestId("audit-table")).not.toContainText("{");
  await expect(page.getByTestId("audit-table")).not.toContainText("user_id");
});

test("the price colour preference (red up, green down) swaps up and down everywhere, charts included, and is kept", async ({ page }) => {
  await start(page);
  await page.goto("/#/transaction/currency?symbol=BTC-USDT");
  const chart = page.getByTestId("candle-chart");
  await expect(chart).toHaveAttribute("data-up-color", /.+/);
  const green = (await chart.getAttribute("data-up-color"))!;
  const red = (await chart.getAttribute("data-down-color"))!;
  const buyFill = await page.getByTestId("order-submit").evaluate((el) => getComputedStyle(el).backgroundColor);

  const token = await logIn(page.request);
  await page.evaluate((t) => localStorage.setItem("token", JSON.stringify(t)), token);
  await page.goto("/#/setting/setting");
  await page.reload();
  const words = texts("en", "setting").setting;
  await page.getByRole("radiogroup", { name: words.colors }).getByRole("radio", { name: words.colorModes.redUp }).click();
  await expect(page.getByTestId("colors-red-up")).toHaveAttribute("aria-checked", "true");
  await expect(page.locator("html")).toHaveAttribute("data-colors", "red-up");

  await page.goto("/#/transaction/currency?symbol=BTC-USDT");
  await expect(chart).toHaveAttribute("data-up-color", red);
  await expect(chart).toHaveAttribute("data-down-color", green);
  const css = await page.evaluate(() => {
    const s = getComputedStyle(document.documentElement);
    return [s.getPropertyValue("--up").trim(), s.getPropertyValue("--down").trim()];
  });
  expect(css).toEqual([red, green]);
  // The buy button is the "up" fill: now the red one.
  expect(await page.getByTestId("order-submit").evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(buyFill);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-colors", "red-up");
});

test("accounts are offered once their product has a page, and the seeded pages describe only what exists", async ({ page, request }) => {
  const token = await logIn(request);
  const words = texts("en", "fund").fund.accounts;
  await start(page, token);
  await page.goto("/#/fund/assets?account=micro");
  // Contracts and seconds contracts have their pages now, so the leverage and seconds accounts are offered with the others
  // (pages/fund/shown-accounts.ts hides an account type only while its product has no page).
  const all = [words.legal, words.change, words.lever, words.micro];
  await expect(page.getByRole("tab")).toHaveText(all);
  await expect(page.getByTestId("account-tab-micro")).toHaveAttribute("aria-selected", "true");

  await page.goto("/#/fund/fundTransfer?currency=3");
  await expect(page.getByTestId("transfer-from").locator("option")).toHaveText(all);
  await expect(page.getByTestId("transfer-to").locator("option")).toHaveText(all);

  for (const route of ["/aboutus", "/contactus", "/faq", "/setting/operational_compliance"]) {
    await page.goto(`/#${route}`);
    const article = page.locator("article");
    await expect(article).toBeVisible();
    // Seeded texts promise only products that exist: these have no page yet.
    await expect(article).not.toContainText(/copy trad/i);
  }
  // The in-app chat exists, and the contact page says where to find it.
  await page.goto("/#/contactus");
  await expect(page.locator("article")).toContainText("open Customer service from your account page");
});
