import { mkdirSync } from "node:fs";
import Decimal from "decimal.js";
import { expect, test } from "@playwright/test";
import { BOB, DEMO_PAY_PASSWORD, OPERATOR, api, ensurePayPassword, logIn, registerUser, sessionPage, spotBalance } from "./lib/session.ts";

/**
 * OTC loans end to end on a phone-sized page: Bob (seeded as a professional trader, with 20 BTC) applies for 500,000 USDT
 * against 10 BTC for 30 days, sees the interest, total due and liquidation price before confirming with his pay password;
 * an operator approves in the console; Bob sees the loan outstanding, repays it whole and gets his 10 BTC back.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });
const PAY_PASSWORD = DEMO_PAY_PASSWORD;

test("apply for a loan with the figures shown first, an operator approves it, then repay it and get the collateral back", async ({
  browser,
  request,
}) => {
  const bob = await logIn(request, BOB);
  await ensurePayPassword(request, bob, BOB);
  const before = await spotBalance(request, bob, "BTC");

  // The Spanish, light page first: terms and the form as an eligible user sees them.
  const es = await sessionPage(browser, bob, "spa", "light");
  await es.goto("/#/borrowing");
  await expect(es.getByTestId("loan-form")).toBeVisible();
  await expect(es.getByTestId("loan-terms")).toContainText("0,05 % al día");
  await es.screenshot({ path: `${SHOTS}/loans-apply-es-light.png`, fullPage: true });
  await es.context().close();

  const page = await sessionPage(browser, bob, "en", "dark");
  await page.goto("/#/borrowing");
  await page.getByTestId("loan-coin-BTC").click();
  await page.getByTestId("loan-collateral").fill("10");
  await page.getByTestId("loan-amount").fill("500000");
  await page.getByTestId("loan-days").fill("30");
  await expect(page.getByTestId("preview-daily")).toHaveText("250 USDT");
  await expect(page.getByTestId("preview-total")).toHaveText("507,500 USDT");
  await expect(page.getByTestId("preview-liquidation")).toHaveText("55,825.00 USDT");
  await page.screenshot({ path: `${SHOTS}/loans-apply-en-dark.png`, fullPage: true });
  await page.getByTestId("loan-submit").click();
  const sheet = page.getByTestId("loan-confirm");
  await expect(sheet.getByTestId("confirm-total")).toHaveText("507,500 USDT");
  await expect(sheet).toContainText("reviewed in 1-3 days");
  await page.screenshot({ path: `${SHOTS}/loans-confirm-en-dark.png` });
  await page.getByTestId("loan-confirm-password").fill(PAY_PASSWORD);
  await page.getByTestId("loan-confirm-submit").click();
  await expect(page.getByTestId("toast")).toHaveText("Application submitted; it is reviewed in 1 to 3 days");
  await expect(page).toHaveURL(/#\/borrowing\/loans$/);
  const row = page.getByTestId("loan-list").locator("li").first();
  await expect(row.getByTestId("loan-status")).toHaveText("Under review");
  expect(await spotBalance(request, bob, "BTC")).toEqual({ available: new Decimal(before.available).minus(10).toFixed(), locked: "10" });
  const id = Number((await row.getAttribute("data-testid"))!.replace("loan-", ""));

  const operator = await logIn(request, OPERATOR);
  const desk = await sessionPage(browser, operator, "en", "dark");
  await desk.goto("/#/admin/loans");
  const card = desk.getByTestId(`admin-loan-${id}`);
  await expect(card).toContainText("500,000 USDT");
  await desk.screenshot({ path: `${SHOTS}/loans-admin-en-dark.png`, fullPage: true });
  await card.getByRole("button", { name: "Approve" }).click();
  const confirm = desk.getByRole("dialog");
  await expect(confirm).toContainText("500,000 USDT is paid to");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(desk.getByTestId("toast")).toHaveText("Success");

  await page.goto("/#/fund/assets");
  await expect(page.getByTestId("loan-positions")).toContainText("Owed 500,250 USDT · collateral 10 BTC");
  await page.screenshot({ path: `${SHOTS}/loans-assets-en-dark.png`, fullPage: true });
  await page.goto("/#/borrowing/loans");
  await expect(row.getByTestId("loan-status")).toHaveText("Outstanding");
  await row.click();
  await expect(page.getByTestId("loan-detail")).toBeVisible();
  await expect(page.getByTestId("loan-debt")).toHaveText("500,250 USDT");
  await page.screenshot({ path: `${SHOTS}/loans-detail-en-dark.png`, fullPage: true });
  await page.getByTestId("loan-repay").click();
  await expect(page.getByTestId("repay-message")).toContainText("500,250 USDT");
  await page.screenshot({ path: `${SHOTS}/loans-repay-en-dark.png` });
  await page.getByTestId("repay-confirm-password").fill(PAY_PASSWORD);
  await page.getByTestId("repay-confirm-submit").click();
  await expect(page.getByTestId("toast")).toHaveText("Repaid 500250 USDT; your collateral is released");
  await expect(page.getByTestId("loan-status")).toHaveText("Repaid");
  expect(await spotBalance(request, bob, "BTC")).toEqual({ available: before.available, locked: before.locked });

  await page.goto("/#/setting/bill");
  const bill = page.getByTestId("bill-list");
  await expect(bill.getByText("Loan repaid").first()).toBeVisible();
  await expect(bill.getByText("Loan received").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/loans-bill-en-dark.png`, fullPage: true });

  const list = await sessionPage(browser, bob, "spa", "light");
  await list.goto("/#/borrowing/loans");
  await expect(list.getByTestId(`loan-${id}`).getByTestId("loan-status")).toHaveText("Reembolsado");
  await list.screenshot({ path: `${SHOTS}/loans-list-es-light.png`, fullPage: true });
});

test("a user below VIP 2 without a flag is told how to qualify; an operator's professional-trader flag opens the form", async ({
  browser,
  request,
}) => {
  // A new account: the demo users' VIP levels depend on what other tests left in their balances.
  const borrower = await registerUser(request, "borrower");
  const page = await sessionPage(browser, borrower.token, "en", "light");
  await page.goto("/#/borrowing");
  await expect(page.getByTestId("loan-not-eligible")).toContainText("Loans are open to VIP level 2 and above");
  await expect(page.getByTestId("loan-form")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/loans-not-eligible-en-light.png`, fullPage: true });

  const operator = await logIn(request, OPERATOR);
  const found = await api<{ data: { id: number }[] }>(request, "/admin/users", {
    method: "GET",
    data: { q: borrower.email },
    token: operator,
  });
  const borrowerId = found.data[0]!.id;
  const desk = await sessionPage(browser, operator, "en", "light");
  await desk.goto(`/#/admin/users/${borrowerId}`);
  const flags = desk.getByTestId("loan-flags");
  await expect(flags.getByTestId("flag-pro_trader")).not.toBeChecked();
  await flags.getByTestId("flag-pro_trader").click();
  await desk.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(flags.getByTestId("flag-pro_trader")).toBeChecked();
  await flags.screenshot({ path: `${SHOTS}/loans-flags-en-light.png` });

  await page.reload();
  await expect(page.getByTestId("loan-form")).toBeVisible();
});
