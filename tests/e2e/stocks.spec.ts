import { mkdirSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { BOB, DEMO_PAY_PASSWORD, OPERATOR, api, logIn, clientAddress, leverTrader } from "./lib/session.ts";

// This file asks for verification codes: from an address of its own (lib/session.ts).
test.use({ extraHTTPHeaders: clientAddress("stocks") });

/**
 * Stock contracts end to end, independent of the real clock: the local-only dev clock (POST /api/dev/stock_clock)
 * puts the stock feeds on a Tuesday morning in New York (in session) or a Saturday (closed). Bob opens a long on
 * AAPL/USDT from its contract page in session; on Saturday the page shows the market closed and the order button is
 * disabled with the reason. Screenshots at phone width in dark and light, English and Spanish.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

const PAY_PASSWORD = DEMO_PAY_PASSWORD;
/** Tuesday 24 November 2026, 10:00 in New York; Saturday 28 November 2026, 10:00 in New York. */
const IN_SESSION = String(Date.parse("2026-11-24T15:00:00Z"));
const SATURDAY = String(Date.parse("2026-11-28T15:00:00Z"));

const clock = (request: APIRequestContext, at: string) => api(request, "/dev/stock_clock", { data: { at } });

async function as(page: Page, token: string | null, lang: string, theme: "dark" | "light"): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(
    ([t, l, th]) => {
      localStorage.setItem("h5Version", "1");
      localStorage.setItem("lang", JSON.stringify(l));
      localStorage.setItem("theme", JSON.stringify(th));
      if (t) localStorage.setItem("token", JSON.stringify(t));
    },
    [token, lang, theme] as const,
  );
  // A hash-only goto would not reload the document, and the stored language and theme are read at load.
  await page.goto("about:blank");
}

test("the Stocks tab lists the five stock pairs with price, change and the session, on the market list and on home", async ({
  page,
  request,
}) => {
  await clock(request, SATURDAY);
  for (const [lang, theme, closed] of [
    ["en", "dark", "Closed"],
    ["spa", "light", "Cerrado"],
  ] as const) {
    await as(page, null, lang, theme);
    await page.goto("/#/market");
    await page.getByTestId("market-tab-stocks").click();
    const rows = page.getByTestId("stock-row");
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toHaveAttribute("data-symbol", "AAPL/USDT");
    await expect(rows.first().getByTestId("session-badge")).toHaveText(closed);
    await expect(rows.first().getByTestId("quote-price")).toHaveText(/^\d+[.,]\d{2}$/);
    await page.screenshot({ path: `${SHOTS}/stocks-tab-${lang}-${theme}.png`, fullPage: true });
  }
  await clock(request, IN_SESSION);
  // Home's pop-up notice (seen once per id) is marked seen, so the boards take the tap.
  const popup = await api<{ id: number } | null>(request, "/news/index_pop", { method: "GET" });
  await page.addInitScript((id) => {
    if (id !== null) localStorage.setItem("popupNoticeSeen", String(id));
  }, popup?.id ?? null);
  for (const [lang, theme, open] of [
    ["en", "dark", "Open"],
    ["spa", "light", "Abierto"],
  ] as const) {
    await as(page, null, lang, theme);
    await page.goto("/#/");
    await page.getByTestId("home-board-stocks").click();
    await expect(page.getByTestId("home-stock")).toHaveCount(5);
    await expect(page.getByTestId("home-stock").first().getByTestId("session-badge")).toHaveText(open);
    await page.getByTestId("home-stock").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/stocks-home-${lang}-${theme}.png` });
  }
});

test("a stock position opens in session from the contract page; on Saturday the order button is disabled with the reason", async ({
  page,
  request,
}) => {
  const token = await leverTrader(request, BOB, "500");
  await clock(request, IN_SESSION);
  await as(page, token, "en", "dark");
  await page.goto("/#/transaction/contract?symbol=AAPL-USDT");
  await expect(page.getByTestId("stock-card").getByTestId("session-badge")).toHaveText("Open");
  await expect(page.getByTestId("contract-closed")).toBeHidden();

  await page.getByTestId("contract-lots").fill("3");
  await page.getByTestId("contract-multiple-10").click();
  await expect(page.getByTestId("contract-liq")).not.toHaveText("--");
  await page.getByTestId("contract-submit").click();
  const sheet = page.getByTestId("contract-confirm");
  await expect(sheet).toBeVisible();
  await page.getByTestId("contract-confirm-submit").click();
  await page.getByTestId("contract-password").fill(PAY_PASSWORD);
  await page.getByTestId("contract-confirm-submit").click();
  await expect(sheet).toBeHidden();
  const row = page.getByTestId("position-row").first();
  await expect(row).toContainText("AAPL/USDT");
  await expect(row).toContainText("3 lots · 10×");
  await page.screenshot({ path: `${SHOTS}/stocks-contract-open-en-dark.png`, fullPage: true });

  const held = await api<{ message: { symbol: string; share: number; price: string; open_ref: string }[] }>(request, "/lever/my_trade", {
    data: { currency_id: "101", legal_id: "3", status: "1" },
    token,
  });
  expect(held.message[0]).toMatchObject({ symbol: "AAPL/USDT", share: 3 });

  await clock(request, SATURDAY);
  for (const [lang, theme, reason] of [
    ["en", "light", "The stock market is closed."],
    ["spa", "dark", "La bolsa está cerrada."],
  ] as const) {
    await as(page, token, lang, theme);
    await page.goto("/#/transaction/contract?symbol=AAPL-USDT");
    await expect(page.getByTestId("contract-closed")).toContainText(reason);
    await expect(page.getByTestId("contract-submit")).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/stocks-contract-closed-${lang}-${theme}.png`, fullPage: true });
  }
  await clock(request, IN_SESSION);
});

test("the console lists the stock pairs with their feed, hours and session beside the spot pairs", async ({ page, request }) => {
  await clock(request, SATURDAY);
  const operator = await logIn(request, OPERATOR);
  await as(page, operator, "en", "light");
  await page.goto("/#/admin/contracts");
  const aapl = page.getByTestId("contract-pair-101");
  await expect(aapl.getByTestId("contract-feed")).toHaveText("Stock feed (NYSE hours: 09:30–16:00 New York, Mon–Fri) · Closed");
  await expect(page.getByTestId("contract-pair-1").getByTestId("contract-feed")).toHaveText("Spot market");
  await aapl.getByTestId("contract-feed").evaluate((el) => el.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/stocks-console-en-light.png` });
});
