import { mkdirSync } from "node:fs";
import Decimal from "decimal.js";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ALICE, DEMO_PAY_PASSWORD, api, clientAddress, leverTrader } from "./lib/session.ts";

// This file asks for verification codes: from an address of its own (lib/session.ts).
test.use({ extraHTTPHeaders: clientAddress("contract") });

/**
 * Contracts end to end, in a phone-sized browser against the app as `npm start` serves it (price simulator running):
 * Alice (made Lv1 with a pay password through the API, as a user and an operator would) opens a long with
 * take-profit and stop-loss from the contract page; the simulated price is walked through the take-profit
 * (POST /api/dev/steer_price, local only); the contract object closes it and her lever balance moves by exactly
 * the P/L minus the fee.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

const PAY_PASSWORD = DEMO_PAY_PASSWORD;

async function as(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (sessionStorage.getItem("__e2e")) return;
    sessionStorage.setItem("__e2e", "1");
    localStorage.setItem("h5Version", "1");
    localStorage.setItem("token", JSON.stringify(t));
  }, token);
}

const steer = (request: APIRequestContext, price: string) => api(request, "/dev/steer_price", { data: { symbol: "BTC/USDT", price } });
const lever = async (request: APIRequestContext, token: string) =>
  new Decimal((await api<{ user_lever: string }>(request, "/lever/deal", { data: { currency_id: "1", legal_id: "3" }, token })).user_lever);

test("a long with take-profit and stop-loss closes at the take-profit; the lever balance moves by exactly P/L minus the fee", async ({
  page,
  request,
}) => {
  const token = await leverTrader(request, ALICE, "2000");
  await steer(request, "95000");
  await as(page, token);
  await page.goto("/#/transaction/contract?symbol=BTC-USDT");
  await expect(page.getByTestId("contract-balance")).toHaveText("2,000.0000 USDT");
  const before = await lever(request, token);

  await page.getByTestId("contract-lots").fill("2");
  await page.getByTestId("contract-multiple-10").click();
  await page.getByTestId("contract-target_profit_price").fill("97000");
  await page.getByTestId("contract-stop_loss_price").fill("93000");
  await expect(page.getByTestId("contract-liq")).not.toHaveText("--");
  await page.getByTestId("contract-submit").click();
  const sheet = page.getByTestId("contract-confirm");
  await expect(sheet).toBeVisible();
  await page.getByTestId("contract-confirm-submit").click();
  await expect(sheet.getByText("Enter your pay password")).toBeVisible();
  await page.getByTestId("contract-password").fill(PAY_PASSWORD);
  await page.screenshot({ path: `${SHOTS}/contract-confirm.png` });
  await page.getByTestId("contract-confirm-submit").click();
  await expect(sheet).toBeHidden();

  const row = page.getByTestId("position-row").first();
  await expect(row).toContainText("2 lots · 10×");
  await expect(row.getByTestId("position-liq")).not.toHaveText("--");
  await page.screenshot({ path: `${SHOTS}/contract-open.png`, fullPage: true });

  // The price walks through the take-profit: the contract object closes the position at that tick's price.
  await steer(request, "97250");
  await page.getByTestId("contract-tab-history").click();
  const closed = page.getByTestId("position-row").first();
  await expect(closed.getByTestId("position-reason")).toHaveText("Take-profit", { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/contract-closed.png`, fullPage: true });

  const history = await api<{ message: { price: string; quantity: string; trade_fee: string; update_price: string; profits: string }[] }>(
    request,
    "/lever/my_trade",
    { data: { currency_id: "1", legal_id: "3", status: "3" }, token },
  );
  const position = history.message[0]!;
  expect(position.update_price).toBe("97250");
  const pnl = new Decimal(position.update_price).minus(position.price).times(position.quantity);
  expect(position.profits).toBe(pnl.toFixed());
  await expect(closed.getByTestId("position-pnl")).toHaveText(`+${pnl.toFixed()}`);
  const after = await lever(request, token);
  expect(after.minus(before).toFixed()).toBe(pnl.minus(position.trade_fee).toFixed());
  const [whole, fraction] = after.toFixed(4).split(".");
  await expect(page.getByTestId("contract-balance")).toHaveText(`${whole!.replace(/\B(?=(\d{3})+$)/g, ",")}.${fraction} USDT`);
});
