import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { OPERATOR, api, logIn, sessionPage, spotBalance } from "./lib/session.ts";

/**
 * Lock mining end to end on a phone-sized page: Alice deposits 1,000 USDT into the seeded 7-day product (0.3 % a day,
 * 0.4 % per remaining day), sees her numbers before confirming, then redeems early, sees the penalty before confirming,
 * and her exchange balance ends exactly the penalty lower.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

test("deposit to lock mining with the numbers shown first, then redeem early paying exactly the shown penalty", async ({
  browser,
  request,
}) => {
  const token = await logIn(request);
  const before = (await spotBalance(request, token, "USDT")).available;
  const page = await sessionPage(browser, token, "en", "dark");

  await page.goto("/#/lockming/lockming");
  const product = page.getByTestId("mining-config-1");
  await expect(product).toContainText("USDT · 7 days");
  await expect(product).toContainText("0.3% / day");
  await page.screenshot({ path: `${SHOTS}/earn-mining-list-en-dark.png`, fullPage: true });
  await product.getByTestId("mining-buy").click();

  await page.getByTestId("mining-amount").fill("1000");
  await expect(page.getByTestId("preview-daily")).toHaveText("3 USDT");
  await expect(page.getByTestId("preview-total")).toHaveText("21 USDT");
  await page.getByTestId("mining-submit").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Lock 1,000 USDT for 7 days. Daily interest 3 USDT, 21 USDT in total");
  await expect(dialog).toContainText("a penalty of 28 USDT");
  await page.screenshot({ path: `${SHOTS}/earn-mining-confirm-en-dark.png` });
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Purchase successful");

  await expect(page).toHaveURL(/#\/lockming\/order$/);
  const order = page.locator("[data-testid^=mining-order-]").first();
  await expect(order.getByTestId("status")).toHaveText("In progress");
  await expect(order.getByTestId("amount")).toHaveText("1,000 USDT");
  await order.getByTestId("mining-redeem").click();
  await expect(dialog).toContainText("7 remaining days × 0.4% = a penalty of 28 USDT. You receive 972 USDT");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Redeemed: 972 USDT returned to your exchange account");
  await expect(order.getByTestId("status")).toHaveText("Redeemed early");
  await expect(order.getByTestId("penalty")).toHaveText("28 USDT");
  await page.screenshot({ path: `${SHOTS}/earn-mining-orders-en-dark.png`, fullPage: true });

  const after = (await spotBalance(request, token, "USDT")).available;
  expect(Number(before) - Number(after)).toBe(28);

  // The bill lists each movement.
  await page.goto("/#/fund/assets_all_record");
  await expect(page.getByText("Lock mining early redemption").first()).toBeVisible();
  await expect(page.getByText("Lock mining deposit").first()).toBeVisible();
});

test("the lock-mining pages in French and the light theme, and the help with its formulas", async ({ browser, request }) => {
  const token = await logIn(request);
  const page = await sessionPage(browser, token, "fra", "light");
  await page.goto("/#/lockming/lockming");
  await expect(page.getByTestId("mining-config-1")).toContainText("0.3 % / jour");
  await page.screenshot({ path: `${SHOTS}/earn-mining-list-fra-light.png`, fullPage: true });
  await page.goto("/#/lockming/buy?id=2");
  await page.getByTestId("mining-amount").fill("1000");
  await expect(page.getByTestId("preview-daily")).toHaveText("3,5 USDT");
  await page.screenshot({ path: `${SHOTS}/earn-mining-buy-fra-light.png`, fullPage: true });
  await page.goto("/#/lockming/welcome");
  await expect(page.getByTestId("mining-welcome")).toContainText("taux × jours restants × montant");
  await page.screenshot({ path: `${SHOTS}/earn-mining-welcome-fra-light.png`, fullPage: true });
  await page.goto("/#/lockming/order");
  await page.screenshot({ path: `${SHOTS}/earn-mining-orders-fra-light.png`, fullPage: true });
});

test("an operator creates a lock-mining product in the console and it is offered at once", async ({ browser, request }) => {
  const token = await logIn(request, OPERATOR);
  const page = await sessionPage(browser, token, "en", "dark");
  await page.goto("/#/admin/mining");
  await page.getByTestId("mining-new").click();
  const form = page.getByTestId("admin-mining-form");
  // The browser's checks name what is wrong under each field, and nothing is sent.
  const saves: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/api/admin/mining/config")) saves.push(r.url());
  });
  await form.getByTestId("mining-currency").fill("");
  await form.getByTestId("mining-days").fill("0");
  await form.getByTestId("mining-daily_rate").fill("120");
  await form.getByTestId("mining-save").click();
  await expect(form.getByRole("alert")).toHaveText(["This field is required", "Enter a whole number from 1 to 3,650", "At most 100%"]);
  expect(saves).toEqual([]);
  await form.getByTestId("mining-currency").fill("ETH");
  await form.getByTestId("mining-days").fill("60");
  await form.getByTestId("mining-daily_rate").fill("0.38");
  await form.getByTestId("mining-min_amount").fill("0.5");
  await form.getByTestId("mining-cancel_ratio").fill("0.4");
  await page.screenshot({ path: `${SHOTS}/earn-admin-mining-form-en-dark.png`, fullPage: true });
  await form.getByTestId("mining-save").click();
  await expect(page.getByTestId("toast")).toHaveText("Saved");
  await expect(page.getByTestId("admin-mining-list")).toContainText("ETH · 60 days");
  await page.screenshot({ path: `${SHOTS}/earn-admin-mining-en-dark.png`, fullPage: true });
  const list = await api<{ currency: string; days: number; daily_rate: string }[]>(request, "/lh/deposit/config", { method: "GET" });
  expect(list.some((c) => c.currency === "ETH" && c.days === 60 && c.daily_rate === "0.38")).toBe(true);
  await page.goto("/#/admin/ieo");
  await expect(page.getByTestId("admin-ieo-list")).toContainText("Edge Token round 2");
  await page.screenshot({ path: `${SHOTS}/earn-admin-ieo-en-dark.png`, fullPage: true });
});
