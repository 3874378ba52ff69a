import { mkdirSync } from "node:fs";
import Decimal from "decimal.js";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { BOB, OPERATOR, api, logIn, sessionPage } from "./lib/session.ts";

/**
 * Seconds contracts end to end (issue #11): a 30-second up order on BTC/USDT from the trade tab's seconds mode, its
 * countdown with the live expected profit or loss, its result, the micro balance changed by exactly amount + fee out
 * and the payout in, and the two trail entries it was settled on, found again on the public trail page.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

const SYMBOL = "BTC-USDT";

type Payable = { id: number; user_wallet: { micro_balance: string } }[];
const microBalance = async (request: APIRequestContext, token: string) =>
  new Decimal(
    (await api<Payable>(request, "/microtrade/payable_currencies", { method: "GET", token })).find((c) => c.id === 3)!.user_wallet
      .micro_balance,
  );

test("a 30-second up order: confirm, countdown, result, the exact balance change and the trail entries it settled on", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await logIn(request, BOB);
  await api(request, "/wallet/change", { data: { currency_id: "3", number: "100", from_field: "change", to_field: "micro" }, token });
  const before = await microBalance(request, token);

  const page = await sessionPage(browser, token);
  await page.goto(`/#/transaction/index?symbol=${SYMBOL}`);
  await expect(page.getByTestId("seconds-form")).toBeVisible();
  await expect(page.getByTestId("seconds-balance")).toContainText(before.toFixed(2));
  await expect(page.getByTestId("seconds-price")).not.toHaveText("--");
  await page.getByTestId("duration-30").click();
  await page.getByTestId("seconds-amount").fill("10");
  await page.getByTestId("seconds-up").click();
  const sheet = page.getByTestId("seconds-confirm");
  await expect(sheet).toBeVisible();
  await expect(page.getByTestId("confirm-fee")).toHaveText("0.01 USDT");
  await expect(page.getByTestId("confirm-win")).toHaveText("22 USDT");
  await page.screenshot({ path: `${SHOTS}/seconds-confirm.png` });
  await page.getByTestId("seconds-confirm-ok").click();

  const card = page.getByTestId("seconds-order").first();
  await expect(card).toHaveAttribute("data-status", "1");
  await expect(card.getByTestId("seconds-countdown")).toHaveText(/^00:(2\d|30)$/);
  await expect(card.getByTestId("seconds-expected")).toHaveText(/USDT$/);
  await page.screenshot({ path: `${SHOTS}/seconds-countdown.png` });
  expect((await microBalance(request, token)).toFixed()).toBe(before.minus("10.01").toFixed());

  // Settled within a few seconds of its due time, pushed or polled.
  await expect(card).toHaveAttribute("data-status", "3", { timeout: 45_000 });
  const payout = (await card.getByTestId("seconds-payout").innerText()).replace(" USDT", "");
  expect(["22", "10", "0"]).toContain(payout);
  const id = Number(await card.getAttribute("data-order-id"));
  const order = await api<{ payout: string; open_entry: { time: number; price: string }; close_entry: { time: number; price: string } }>(
    request,
    "/microtrade/get_result",
    { method: "GET", data: { id: String(id) }, token },
  );
  expect(order.payout).toBe(payout);
  expect((await microBalance(request, token)).toFixed()).toBe(before.minus("10.01").plus(payout).toFixed());
  await page.screenshot({ path: `${SHOTS}/seconds-result.png` });

  // The trail around the order shows both entries it was decided on.
  await card.getByTestId("trail-link").click();
  await expect(page.getByTestId("trail-table")).toBeVisible();
  const marked = page.getByTestId("trail-marked");
  await expect(marked).toHaveCount(2);
  await expect(marked.nth(0)).toContainText(order.open_entry.price);
  await expect(marked.nth(1)).toContainText(order.close_entry.price);
  await page.screenshot({ path: `${SHOTS}/seconds-trail.png`, fullPage: true });

  // History lists it.
  await page.goto(`/#/transaction/seconds_order`);
  await page.getByTestId("seconds-tab-history").click();
  await expect(page.getByTestId("seconds-list-history").locator(`[data-order-id="${id}"]`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/seconds-history.png` });
});

test("the seconds mode in light theme and in Spanish", async ({ browser, request }) => {
  const token = await logIn(request, BOB);
  for (const [lang, theme] of [
    ["en", "light"],
    ["spa", "dark"],
    ["fra", "light"],
  ] as const) {
    const page = await sessionPage(browser, token, lang, theme);
    await page.goto(`/#/transaction/index?symbol=${SYMBOL}`);
    await expect(page.getByTestId("seconds-form")).toBeVisible();
    await page.getByTestId("seconds-amount").fill("3");
    await expect(page.locator(".field-error")).not.toBeEmpty();
    await page.screenshot({ path: `${SHOTS}/seconds-${lang}-${theme}.png`, fullPage: true });
    await page.goto(`/#/transaction/seconds_order`);
    await expect(page.getByTestId("empty").or(page.getByTestId("seconds-list-open"))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/seconds-orders-${lang}-${theme}.png` });
    await page.context().close();
  }
});

test("operators see and save the seconds configuration (confirmed, then audited)", async ({ browser, request }) => {
  const token = await logIn(request, OPERATOR);
  const page = await sessionPage(browser, token);
  await page.goto(`/#/admin/seconds`);
  await expect(page.getByTestId("admin-seconds")).toBeVisible();
  await expect(page.getByTestId("seconds-fee")).toHaveValue("0.1");
  await page.getByTestId("seconds-max-open").fill("12");
  await page.getByTestId("seconds-save").click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Saved")).toBeVisible();
  const config = await api<{ max_open_per_coin: number }>(request, "/microtrade/config", { method: "GET" });
  expect(config.max_open_per_coin).toBe(12);
  await page.screenshot({ path: `${SHOTS}/seconds-admin.png`, fullPage: true });
});

test("the seconds mode's chart, below the form, is drawn when the visitor scrolls to it, not before", async ({ browser, request }) => {
  const token = await logIn(request, BOB);
  const page = await sessionPage(browser, token, "en", "dark");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#/transaction/index?symbol=${SYMBOL}`);
  await expect(page.getByTestId("seconds-form")).toBeVisible();
  // The candles are in (the notes row says where they come from) but the chart is off screen: nothing is drawn yet.
  await expect(page.getByTestId("chart-simulated").or(page.getByTestId("chart-index")).first()).toBeAttached();
  await expect(page.getByTestId("candle-chart")).toHaveCount(0);
  await page.locator(".chart-box").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("candle-chart")).toHaveAttribute("data-bars", /^[1-9]\d*$/);
  await page.context().close();
});
