import { mkdirSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { ALICE, OPERATOR, api, logIn, sessionPage, spotBalance } from "./lib/session.ts";

/**
 * Dual products end to end on a phone-sized page: an operator offers a BTC call (linked price 100,000 USDT, 36.5 % APR,
 * 1 day); Alice buys 2 shares in the browser after seeing both outcomes, the BTC price is steered below the linked
 * price, the product is matured (development hook) and the earn jobs settle it at the trail price of that instant:
 * her BTC balance changes by exactly the payout, 0.02 × (1 + 1 × 0.365 / 365) = 0.02002 BTC.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

/** A decimal string as integer minor units, exactly. */
const units = (text: string, precision: number): bigint => {
  const [i = "0", f = ""] = text.split(".");
  return BigInt(i) * 10n ** BigInt(precision) + BigInt((f + "0".repeat(precision)).slice(0, precision) || "0");
};

async function btc(request: APIRequestContext, token: string): Promise<bigint> {
  return units((await spotBalance(request, token, "BTC")).available, 8);
}

type Order = { id: number; status: number; payout: string | null; payout_currency: string | null; settle_price: string | null };

test("buy a dual product in the browser and see it settle at the trail price: the balance changes by exactly the payout", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const operator = await logIn(request, OPERATOR);
  const now = Date.now();
  const product = await api<{ id: number }>(request, "/admin/dual/product", {
    token: operator,
    data: {
      name: "E2E BTC call",
      currency: "BTC",
      type: "call",
      rate: "36.5",
      exercise_price: "100000",
      per_price: "0.01",
      total_number: "100",
      user_limit: "10",
      start_time: String(now - 60_000),
      end_time: String(now + 3_600_000),
      day: "1",
    },
  });
  expect(product.id).toBeGreaterThan(0);

  const alice = await logIn(request, ALICE);
  const btc0 = await btc(request, alice);
  const page = await sessionPage(browser, alice, "en", "dark");
  // The finance tab's entry opens now that the pages exist.
  await page.goto("/#/financial");
  const entry = page.getByTestId("finance-item").filter({ hasText: "Dual investment" });
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId("finance-soon")).toHaveCount(0);
  await entry.click();
  await expect(page).toHaveURL(/#\/invest\/invest$/);
  const card = page.getByTestId(`dual-product-${product.id}`);
  await expect(card.getByTestId("sale-status")).toHaveText("On sale");
  await expect(card.getByTestId("apr")).toHaveText("36.5%");
  await page.screenshot({ path: `${SHOTS}/dual-list-en-dark.png`, fullPage: true });
  await card.getByTestId("dual-open").click();
  await page.getByTestId("dual-num").fill("1.5");
  await page.getByTestId("dual-submit").click();
  await expect(page.getByRole("alert")).toHaveText("Enter a whole number of shares (1 or more)");
  await page.getByTestId("dual-num").fill("2");
  await expect(page.getByTestId("dual-cost")).toHaveText("0.02 BTC");
  await expect(page.getByTestId("dual-if-below")).toHaveText("0.02002 BTC");
  await expect(page.getByTestId("dual-if-above")).toHaveText("2,002 USDT");
  await page.screenshot({ path: `${SHOTS}/dual-purchase-en-dark.png`, fullPage: true });
  await page.getByTestId("dual-submit").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Buy 2 shares for 0.02 BTC, paid now.");
  await expect(dialog).toContainText("below 100,000 USDT you receive 0.02002 BTC; at or above it, 2,002 USDT.");
  await page.screenshot({ path: `${SHOTS}/dual-confirm-en-dark.png` });
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Purchased 2 shares for 0.02 BTC");
  await expect(page).toHaveURL(/#\/invest\/mine$/);
  const row = page.locator("[data-testid^=dual-order-]").first();
  await expect(row.getByTestId("status")).toHaveText("Purchased");
  const btc1 = await btc(request, alice);
  expect(btc0 - btc1).toBe(2_000_000n);
  await page.goto("/#/fund/assets");
  await expect(page.getByTestId("dual-position-BTC")).toContainText("0.02 BTC in open orders: 1");
  await page.goto("/#/invest/mine");

  // The price goes below the linked price; the product matures now and the earn jobs settle it on the trail.
  const steered = await request.post("/api/dev/steer_price", { form: { symbol: "BTC/USDT", price: "90000" } });
  expect(steered.status()).toBe(200);
  await new Promise((r) => setTimeout(r, 1_500));
  const matured = await request.post("/api/dev/dual/mature", { form: { id: String(product.id) } });
  expect(matured.status(), await matured.text()).toBe(200);
  let order: Order | undefined;
  await expect
    .poll(
      async () => {
        order = (await api<{ list: Order[] }>(request, "/dual/dual_list", { data: { limit: "1" }, token: alice })).list[0];
        if (order?.status !== 3) await request.post("/api/dev/dual/mature", { form: { id: String(product.id) } });
        return order?.status;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(3);
  expect(order!.payout_currency).toBe("BTC");
  expect(order!.payout).toBe("0.02002");
  expect(Number(order!.settle_price)).toBeLessThan(100_000);
  const btc2 = await btc(request, alice);
  expect(btc2 - btc1).toBe(2_002_000n);
  await page.reload();
  await expect(row.getByTestId("status")).toHaveText("Settled");
  await expect(row.getByTestId("payout")).toHaveText("0.02002 BTC");
  await page.screenshot({ path: `${SHOTS}/dual-mine-en-dark.png`, fullPage: true });
});

test("the dual pages in Spanish and the light theme", async ({ browser, request }) => {
  const alice = await logIn(request, ALICE);
  const page = await sessionPage(browser, alice, "spa", "light");
  await page.goto("/#/invest/invest");
  await expect(page.getByTestId("dual-product-1")).toContainText("En venta");
  await page.screenshot({ path: `${SHOTS}/dual-list-spa-light.png`, fullPage: true });
  await page.getByTestId("tab-put").click();
  await expect(page.getByTestId("dual-product-2")).toContainText("Comprar bajo (put)");
  await page.goto("/#/invest/purchase?id=2");
  await page.getByTestId("dual-num").fill("3");
  await expect(page.getByTestId("dual-formula")).toContainText("52,3 %");
  // 300 USDT at linked 90,000 over 7 days at 52.3 %: 300 × (1 + 7 × 0.523 / 365) = 303.009041… USDT, rounded down.
  await expect(page.getByTestId("dual-cost")).toHaveText("300 USDT");
  await expect(page.getByTestId("dual-if-above")).toHaveText("303,009041 USDT");
  await page.screenshot({ path: `${SHOTS}/dual-purchase-spa-light.png`, fullPage: true });
  await page.goto("/#/invest/help");
  await expect(page.getByTestId("dual-help-page")).toContainText("f = 1 + días × TAE / 365");
  await page.screenshot({ path: `${SHOTS}/dual-help-spa-light.png`, fullPage: true });
  await page.goto("/#/invest/mine");
  await expect(page.getByTestId("dual-orders").or(page.getByText("Aún no tiene órdenes duales."))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dual-mine-spa-light.png`, fullPage: true });

  const operator = await logIn(request, OPERATOR);
  const adminPage = await sessionPage(browser, operator, "spa", "light");
  await adminPage.goto("/#/admin/dual");
  await expect(adminPage.getByTestId("admin-dual-list")).toContainText("ETH buy low 14D");
  await adminPage.getByTestId("dual-new").click();
  await expect(adminPage.getByTestId("admin-dual-form")).toBeVisible();
  await adminPage.screenshot({ path: `${SHOTS}/dual-admin-spa-light.png`, fullPage: true });
});
