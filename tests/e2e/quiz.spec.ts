import { mkdirSync } from "node:fs";
import Decimal from "decimal.js";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { ALICE, BOB, OPERATOR, api, logIn, sessionPage, spotBalance } from "./lib/session.ts";

/**
 * The prediction quiz end to end (issue #11): an operator adds a short round on BTC/USDT (20 s of bets, 12 s to the end);
 * Alice bets 20 USDT on lower through the API, Bob 10 USDT on higher from the game page (possible payout shown, then a
 * confirmation); the simulated price is steered up after the cut-off; the QuizMarket object settles the round at its end
 * and Bob's bet shows hit with exactly 29.4 USDT (pool 30 minus the 2 % fee), his exchange balance moved by -10 + 29.4.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

const usdt = async (request: APIRequestContext, token: string) => new Decimal((await spotBalance(request, token, "USDT")).available);

type Round = { id: number; cutoff_at: number; ends_at: number; state: string };

test("a bet on a short round settles at its end with the exact pari-mutuel payout", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const operator = await logIn(request, OPERATOR);
  const alice = await logIn(request, ALICE);
  const bob = await logIn(request, BOB);
  const steer = (price: string) => api(request, "/dev/steer_price", { data: { symbol: "BTC/USDT", price } });
  await steer("90000");
  const now = Date.now();
  const round = await api<Round>(request, "/admin/guess/round", {
    data: { match_id: "1", opens_at: String(now), cutoff_at: String(now + 20_000), ends_at: String(now + 32_000) },
    token: operator,
  });
  await api(request, "/guess/bet", {
    data: { round_id: String(round.id), side: "2", amount: "20" },
    token: alice,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  const before = await usdt(request, bob);

  const page = await sessionPage(browser, bob);
  await page.goto("/#/game");
  const card = page.getByTestId(`round-${round.id}`);
  await expect(card.getByTestId("round-state")).toHaveText("Guessing");
  await expect(card.getByTestId("pool-down")).toHaveText("20 USDT");
  await page.screenshot({ path: `${SHOTS}/quiz-rounds.png`, fullPage: true });
  await card.getByTestId(`bet-up-${round.id}`).click();
  await page.getByTestId("bet-amount").fill("10");
  // At the current pools: 10 on higher against 20 on lower, 2 % of 30 kept: a win pays 29.4.
  await expect(page.getByTestId("bet-possible")).toHaveText("29.4 USDT");
  await page.screenshot({ path: `${SHOTS}/quiz-bet-sheet.png` });
  await page.getByTestId("bet-submit").click();
  const dialog = page.getByRole("dialog").filter({ hasText: "Confirm your bet" });
  await expect(dialog).toContainText("29.4 USDT");
  await page.screenshot({ path: `${SHOTS}/quiz-bet-confirm.png` });
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(card.getByTestId("pool-up")).toHaveText("10 USDT");
  expect((await usdt(request, bob)).toFixed()).toBe(before.minus(10).toFixed());

  // After the cut-off the price rises well above the cut-off's.
  await expect(card.getByTestId("round-state")).toHaveText("Cut off", { timeout: 25_000 });
  await steer("99000");
  await page.getByTestId("game-tab-bets").click();
  const bet = page.locator("[data-testid^='bet-'][data-state]").first();
  await expect(bet.getByTestId("bet-state")).toHaveText("Hit", { timeout: 30_000 });
  await expect(bet.getByTestId("bet-payout")).toHaveText("29.4 USDT");
  expect((await usdt(request, bob)).toFixed()).toBe(before.minus(10).plus("29.4").toFixed());
  await page.screenshot({ path: `${SHOTS}/quiz-bets.png`, fullPage: true });

  const settled = await api<{ state: string; outcome: number; fee: string; cutoff_entry: { price: string }; end_entry: { price: string } }>(
    request,
    "/guess/round",
    { method: "GET", data: { id: String(round.id) } },
  );
  expect(settled).toMatchObject({ state: "over", outcome: 1, fee: "0.6" });
  expect(new Decimal(settled.end_entry.price).gt(settled.cutoff_entry.price)).toBe(true);
  await page.getByTestId("game-tab-history").click();
  const history = page.getByTestId(`round-${round.id}`);
  await expect(history.getByTestId("round-outcome")).toContainText("Higher won");
  const grouped = (price: string) => new Decimal(price).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  await expect(history.getByTestId("cutoff-price")).toContainText(grouped(settled.cutoff_entry.price));
  await expect(history.getByTestId("end-price")).toContainText(grouped(settled.end_entry.price));
  await page.screenshot({ path: `${SHOTS}/quiz-history.png`, fullPage: true });
  // The public trail around the round holds both entries it was decided on.
  await history.getByTestId("round-trail").click();
  await expect(page.getByTestId("trail-table")).toBeVisible();
  await expect(page.getByTestId("trail-table")).toContainText(settled.cutoff_entry.price);
  await expect(page.getByTestId("trail-table")).toContainText(settled.end_entry.price);
});

test("the game page in both themes, in English and Spanish, for a guest and a user", async ({ browser, request }) => {
  const bob = await logIn(request, BOB);
  for (const [lang, theme, token] of [
    ["en", "dark", bob],
    ["en", "light", bob],
    ["spa", "dark", bob],
    ["spa", "light", null],
  ] as const) {
    const page = await sessionPage(browser, token, lang, theme);
    await page.goto("/#/game");
    await expect(page.getByTestId("game-rounds")).toBeVisible();
    await page.getByTestId("game-rules").locator("summary").click();
    // Opening the rules scrolled the page; a full-page shot from the top keeps the sticky bar where it belongs.
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/quiz-${lang}-${theme}${token ? "" : "-guest"}.png`, fullPage: true });
    await page.getByTestId("game-tab-bets").click();
    await expect(page.getByTestId(token ? "game-bets" : "game-login").or(page.getByTestId("empty"))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/quiz-bets-${lang}-${theme}${token ? "" : "-guest"}.png` });
    await page.context().close();
  }
});

test("operators add a round from the console (confirmed, then audited) and it is listed as open", async ({ browser, request }) => {
  const operator = await logIn(request, OPERATOR);
  const page = await sessionPage(browser, operator);
  await page.goto("/#/admin/quiz");
  await expect(page.getByTestId("admin-quiz-config")).toBeVisible();
  await expect(page.getByTestId("quiz-fee")).toHaveValue("2");
  await page.getByTestId("round-market").fill("2");
  await page.getByTestId("round-guess").fill("120");
  await page.getByTestId("round-run").fill("60");
  await page.getByTestId("round-create").click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Round created")).toBeVisible();
  const rounds = await api<{ data: { symbol: string; auto: boolean; cutoff_at: number; opens_at: number }[] }>(request, "/guess/rounds", {
    method: "GET",
    data: {
      limit: "50",
    },
  });
  const made = rounds.data.find((r) => r.symbol === "ETH/USDT" && !r.auto);
  expect(made && made.cutoff_at - made.opens_at).toBe(120_000);
  await page.screenshot({ path: `${SHOTS}/quiz-admin.png`, fullPage: true });
});
