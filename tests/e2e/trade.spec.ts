import { mkdirSync } from "node:fs";
import Decimal from "decimal.js";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ALICE, BOB, api, logIn, sessionPage, spotBalance } from "./lib/session.ts";
import { socketGate } from "./lib/socket-gate.ts";

/**
 * Spot trading end to end, in phone-sized browsers against the app as
 * `npm start` serves it (market maker and price simulator running).
 *
 * The market maker quotes five levels each side around the reference price and
 * re-quotes as it moves, so two users can only trade with each other at a price
 * outside its ladder, and only when the taker does not meet the maker's better
 * prices first (price priority). Bob therefore rests a bid far below the market;
 * Alice sells more than the maker's whole bid ladder at exactly Bob's price: her
 * order takes every maker bid (all better than Bob's), then Bob's bid, and what
 * is left rests until the maker's next bids take it.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

const SYMBOL = "BTC-USDT";
/** Far below the market (about 95,000): no maker bid or ask ever gets there. */
const FAR_PRICE = "50000";
const BOB_AMOUNT = "0.01";
/** More than the maker's five 0.05 BTC bid levels, so Alice's sell reaches Bob's bid. */
const ALICE_AMOUNT = "0.3";
const MAKER_FEE = "0.0008";
/** The order form estimates the taker fee, the most an order can pay. */
const TAKER_FEE = "0.001";

/** Available and locked of a coin in the spot (change) account. */
async function spot(request: APIRequestContext, token: string, coin: string) {
  const { available, locked } = await spotBalance(request, token, coin);
  return { available: new Decimal(available), locked: new Decimal(locked) };
}

type Order = {
  id: number;
  type: 1 | 2;
  target_price: string;
  amount: string;
  trade_amount: string;
  avg_price: string;
  fee: string;
  fee_currency: string;
  state: string;
};
const orders = async (request: APIRequestContext, token: string, status: "1" | "2") =>
  (
    await api<{ data: Order[] }>(request, "/coin/list", {
      method: "GET",
      data: { status, currency_id: "1", legal_id: "3", limit: "50" },
      token,
    })
  ).data;

/** The app's display of a price: thousands separators, two decimals (BTC/USDT's precision). */
/** A USDT balance as every page shows it: its four display digits, rounded down, grouped. */
function usdtBalance(value: Decimal): string {
  const [int, frac] = value.toFixed(4, Decimal.ROUND_DOWN).split(".");
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac}`;
}

function price(value: string | Decimal): string {
  const [int, frac] = new Decimal(value).toFixed(2).split(".");
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac}`;
}

/** The price cells of the recent-trades list (time, price, amount per row), newest first. */
const tradePrices = (page: Page) => page.getByTestId("trade-row").locator("span:nth-child(2)");

async function openTrade(page: Page) {
  await page.goto(`/#/transaction/currency?symbol=${SYMBOL}`);
  await expect(page.getByTestId("last-price")).toBeVisible();
  await expect(page.getByTestId("book-bid").first()).toBeVisible({ timeout: 20_000 });
}

/** Places a limit order through the form and the confirmation; returns the Idempotency-Key it carried. */
async function placeLimit(page: Page, side: "buy" | "sell", limit: string, amount: string): Promise<string> {
  await page.getByTestId(`side-${side}`).click();
  await page.getByTestId("type-limit").click();
  await page.getByTestId("order-price").fill(limit);
  await page.getByTestId("order-amount").fill(amount);
  const sent = page.waitForRequest((r) => r.url().includes("/api/coin/trade") && r.method() === "POST");
  await page.getByTestId("order-submit").click();
  const dialog = page.getByRole("dialog");
  const sideText = side === "buy" ? "Buy" : "Sell";
  const total = new Decimal(limit).times(amount);
  // A buy pays its fee in the BTC it receives, a sell in the USDT; the estimate shows six significant digits.
  const fee = (side === "buy" ? new Decimal(amount) : total).times(TAKER_FEE).toSignificantDigits(6).toFixed();
  await expect(dialog.locator("p")).toHaveText(
    [
      `Side: ${sideText} · Limit`,
      `Price: ${price(limit)} USDT`,
      `Amount: ${new Decimal(amount).toFixed(4)} BTC`,
      `Total: ${price(total)} USDT`,
      `Fee: ≈ ${fee} ${side === "buy" ? "BTC" : "USDT"}`,
    ].join("\n"),
  );
  await dialog.getByRole("button", { name: sideText }).click();
  const request = await sent;
  await expect(page.getByTestId("toast")).toHaveText("Order placed");
  return request.headers()["idempotency-key"] ?? "";
}

test("the book, the last price and the chart move while the trade page is open", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const aliceToken = await logIn(request, ALICE);
  const page = await sessionPage(browser, null);
  await openTrade(page);
  await expect(page.getByTestId("candle-chart")).toHaveAttribute("data-bars", /\d+/);

  // The market maker re-quotes as the simulated price moves: the book changes without a reload.
  const bookNow = async () => (await page.getByTestId("order-book").getByRole("button").allTextContents()).join("|");
  const before = await bookNow();
  await expect.poll(bookNow, { timeout: 60_000, intervals: [500] }).not.toBe(before);

  // A trade (another user's market buy): the last price, the trades list and the newest candle follow it.
  await api(request, "/coin/trade", {
    data: { currency_id: "1", legal_id: "3", type: "1", amount: "0.001", order_type: "market" },
    token: aliceToken,
  });
  // The simulated traders keep trading, so the page is checked against the newest trade at one moment: the last price and the
  // newest candle's close both show it, and the poll retries until nothing traded between the reads.
  let tradePrice = "";
  await expect
    .poll(
      async () => {
        const trades = await api<{ price: string }[]>(request, "/currency/trades", {
          method: "GET",
          data: { symbol: "BTC/USDT", limit: "1" },
        });
        tradePrice = trades[0]?.price ?? "";
        const shown = (await page.getByTestId("last-price").textContent())?.trim();
        const close = await page.getByTestId("candle-chart").getAttribute("data-last-close");
        return tradePrice !== "" && shown === price(tradePrice) && close === tradePrice;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
  await page.getByTestId("tab-trades").click();
  // The simulated traders keep trading, so the newest line may already be a later trade: the one read above is listed.
  await expect(
    tradePrices(page)
      .filter({ hasText: new RegExp(`^${price(tradePrice).replace(/[.,]/g, "\\$&")}$`) })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/trade-live.png` });
  await page.context().close();
});

test("two users trade with each other: both see the fill live, and balances and order histories agree", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const aliceToken = await logIn(request, ALICE);
  const bobToken = await logIn(request, BOB);
  const aliceBefore = { btc: await spot(request, aliceToken, "BTC"), usdt: await spot(request, aliceToken, "USDT") };
  const bobBefore = { btc: await spot(request, bobToken, "BTC"), usdt: await spot(request, bobToken, "USDT") };
  expect(aliceBefore.btc.available.gte(ALICE_AMOUNT), "alice needs BTC in her spot account (demo seed)").toBe(true);
  expect(bobBefore.usdt.available.gte(new Decimal(FAR_PRICE).times(BOB_AMOUNT)), "bob needs USDT in his spot account (demo seed)").toBe(
    true,
  );

  const bob = await sessionPage(browser, bobToken);
  const alice = await sessionPage(browser, aliceToken);
  await openTrade(bob);
  await openTrade(alice);

  // Client-side checks come first: too many decimals, then more than Bob has.
  await bob.getByTestId("side-buy").click();
  await bob.getByTestId("order-price").fill(FAR_PRICE);
  await bob.getByTestId("order-amount").fill("0.000001");
  await bob.getByTestId("order-submit").click();
  await expect(bob.getByTestId("amount-error")).toHaveText("The amount may have at most 4 decimals");
  await bob.getByTestId("order-amount").fill("1");
  await bob.getByTestId("order-submit").click();
  await expect(bob.getByTestId("amount-error")).toHaveText("Insufficient USDT balance");
  await expect(bob.getByRole("dialog")).toBeHidden();

  // Bob rests a bid far below the market; it shows under his open orders and holds his USDT.
  const bobKey = await placeLimit(bob, "buy", FAR_PRICE, BOB_AMOUNT);
  expect(bobKey).toMatch(/^[0-9a-f-]{36}$/);
  const bobRow = bob.getByTestId("open-orders").getByTestId("order-row");
  await expect(bobRow).toHaveCount(1);
  // Price, amount, filled (and its share).
  await expect(bobRow.getByRole("definition")).toHaveText([price(FAR_PRICE), new Decimal(BOB_AMOUNT).toFixed(4), "0.0000 (0%)"]);
  await expect(bob.getByTestId("order-available")).toHaveText(`${usdtBalance(bobBefore.usdt.available.minus(500))} USDT`);
  const [bobOpen] = await orders(request, bobToken, "1");
  expect(bobOpen).toMatchObject({ type: 1, target_price: FAR_PRICE, amount: BOB_AMOUNT, state: "open" });

  // Alice sells at exactly Bob's price: every maker bid first, then Bob's.
  const aliceKey = await placeLimit(alice, "sell", FAR_PRICE, ALICE_AMOUNT);
  expect(aliceKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(aliceKey).not.toBe(bobKey);

  // Bob sees the fill live: his open order goes and the trade at his price is listed. (The ticker's last
  // price may already have moved on: the simulated traders take the maker's quotes every few seconds, and
  // market frames render as transitions, which show the newest price and may skip one in between.)
  await expect(bobRow).toHaveCount(0, { timeout: 15_000 });
  await expect(bob.getByTestId("tab-open-orders")).toHaveText("Open orders");
  await bob.getByTestId("tab-trades").click();
  await expect.poll(() => tradePrices(bob).allTextContents()).toContain(price(FAR_PRICE));
  await bob.screenshot({ path: `${SHOTS}/trade-bob-filled.png` });

  // Alice's order fills completely (the maker takes what Bob did not) and leaves her open orders.
  await expect(alice.getByTestId("open-orders").getByTestId("order-row")).toHaveCount(0, { timeout: 30_000 });

  // Histories, in the orders page of each.
  await bob.getByRole("link", { name: "All orders" }).click();
  await bob.getByTestId("orders-tab-history").click();
  const bobHistory = bob.getByTestId("orders-history").getByTestId("order-row").first();
  await expect(bobHistory).toHaveAttribute("data-state", "filled");
  await expect(bobHistory.getByTestId("order-avg")).toHaveText(price(FAR_PRICE));
  await expect(bobHistory.getByTestId("order-filled")).toHaveText("0.0100");
  const bobFee = new Decimal(BOB_AMOUNT).times(MAKER_FEE); // maker fee, in the BTC received
  await expect(bobHistory.getByTestId("order-fee")).toHaveText(bobFee.toFixed());
  await bob.screenshot({ path: `${SHOTS}/trade-bob-history.png` });

  await alice.getByRole("link", { name: "All orders" }).click();
  await alice.getByTestId("orders-tab-history").click();
  const aliceHistory = alice.getByTestId("orders-history").getByTestId("order-row").first();
  await expect(aliceHistory).toHaveAttribute("data-state", "filled");
  await expect(aliceHistory.getByTestId("order-filled")).toHaveText("0.3000");

  // The server agrees with the pages, and balances match the orders to the last unit.
  const [bobDone] = await orders(request, bobToken, "2");
  expect(bobDone).toMatchObject({ id: bobOpen!.id, state: "filled", trade_amount: BOB_AMOUNT, avg_price: FAR_PRICE, fee_currency: "BTC" });
  expect(new Decimal(bobDone!.fee).eq(bobFee)).toBe(true);
  const bobAfter = { btc: await spot(request, bobToken, "BTC"), usdt: await spot(request, bobToken, "USDT") };
  expect(bobAfter.usdt.available.toFixed()).toBe(bobBefore.usdt.available.minus(new Decimal(FAR_PRICE).times(BOB_AMOUNT)).toFixed());
  expect(bobAfter.usdt.locked.toFixed()).toBe(bobBefore.usdt.locked.toFixed());
  expect(bobAfter.btc.available.toFixed()).toBe(bobBefore.btc.available.plus(BOB_AMOUNT).minus(bobFee).toFixed());

  const aliceDone = (await orders(request, aliceToken, "2")).find((o) => o.type === 2 && o.target_price === FAR_PRICE);
  expect(aliceDone).toMatchObject({ state: "filled", trade_amount: ALICE_AMOUNT, fee_currency: "USDT" });
  // Bob's 0.01 at 50,000 is inside Alice's fills: her average lies between Bob's price and the maker's bids.
  expect(new Decimal(aliceDone!.avg_price).gt(FAR_PRICE)).toBe(true);
  const aliceAfter = { btc: await spot(request, aliceToken, "BTC"), usdt: await spot(request, aliceToken, "USDT") };
  expect(aliceAfter.btc.available.toFixed()).toBe(aliceBefore.btc.available.minus(ALICE_AMOUNT).toFixed());
  const proceeds = new Decimal(aliceDone!.avg_price).times(ALICE_AMOUNT).minus(aliceDone!.fee);
  // avg_price is shown to the market's price precision: the USDT received matches it within a cent.
  expect(aliceAfter.usdt.available.minus(aliceBefore.usdt.available).minus(proceeds).abs().lte("0.01")).toBe(true);
  const trades = await api<{ price: string; qty: string }[]>(request, "/currency/trades", {
    method: "GET",
    data: { symbol: "BTC/USDT", limit: "50" },
  });
  expect(trades.some((t) => new Decimal(t.price).eq(FAR_PRICE) && new Decimal(t.qty).eq(BOB_AMOUNT))).toBe(true);

  await alice.screenshot({ path: `${SHOTS}/trade-alice-history.png` });
  await bob.context().close();
  await alice.context().close();
});

test("after the user room reconnects, the page reads what changed while it was down (an order placed meanwhile)", async ({
  browser,
  request,
}) => {
  const bobToken = await logIn(request, BOB);
  const bob = await sessionPage(browser, bobToken);
  // Sockets go through until one is live; the test closes that one and holds the reconnect until an order was placed
  // meanwhile.
  const gate = await socketGate(bob, /\/user-room\//);
  await openTrade(bob);
  const rows = bob.getByTestId("open-orders").getByTestId("order-row");
  await expect(rows).toHaveCount(0);
  await expect.poll(() => gate.live() !== null).toBe(true);
  gate.hold();
  await gate.live()!.close();

  const order = { currency_id: "1", legal_id: "3", type: "1", amount: "0.001", target_price: FAR_PRICE, order_type: "limit" };
  const placed = await api<{ id: number }>(request, "/coin/trade", { data: order, token: bobToken });
  // The order's frame went to no socket of bob's; the reconnect's read finds it.
  gate.release();
  await expect(rows).toHaveCount(1, { timeout: 15_000 });
  await expect(rows.getByRole("definition").first()).toHaveText(price(FAR_PRICE));

  await api(request, "/coin/cancel", { data: { id: String(placed.id) }, token: bobToken });
  await expect(rows).toHaveCount(0, { timeout: 15_000 });
  await bob.context().close();
});
