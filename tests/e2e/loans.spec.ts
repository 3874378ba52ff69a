import { mkdirSync } from "node:fs";
import Decimal from "decimal.js";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_PAY_PASSWORD, ensurePayPassword, registerUser } from "./lib/session.ts";

/**
 * OTC loans end to end on a phone-sized page: Bob (seeded as a professional trader, with 20 BTC) applies for 500,000 USDT
 * against 10 BTC for 30 days, sees the interest, total due and liquidation price before confirming with his pay password;
 * an operator approves in the console; Bob sees the loan outstanding, repays it whole and gets his 10 BTC back.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });
const BOB = { email: "bob@demo.test", password: "bob-demo-2026" };
const OPERATOR = { email: "operator@demo.test", password: "operator-demo-2026" };
const PAY_PASSWORD = DEMO_PAY_PASSWORD;

type Envelope<T> = { type: string; message: T };

async function api<T>(request: APIRequestContext, path: string, data: Record<string, string>, token?: string): Promise<T> {
  const headers = token ? { Authorization: token } : undefined;
  // Right after it starts, the dev server may answer a first request with a plain-text warm-up page: ask again.
  for (let attempt = 0; ; attempt++) {
    const res = await request.post(`/api${path}`, { form: data, headers });
    const text = await res.text();
    if (!text.startsWith("{") && attempt < 20) {
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    const body = JSON.parse(text) as Envelope<T>;
    expect(body.type, `${path}: ${text}`).toBe("ok");
    return body.message;
  }
}

const login = (request: APIRequestContext, user: { email: string; password: string }) =>
  api<string>(request, "/user/login", { user_string: user.email, password: user.password });

async function btc(request: APIRequestContext, token: string): Promise<{ available: string; locked: string }> {
  const res = await request.post("/api/wallet/detail", { form: { currency: "BTC", type: "change" }, headers: { Authorization: token } });
  const body = (await res.json()) as Envelope<{ change_balance: string; lock_change_balance: string }>;
  return { available: body.message.change_balance, locked: body.message.lock_change_balance };
}

async function sessionPage(browser: Browser, token: string, lang: string, theme: "dark" | "light"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await context.addInitScript(
    ({ t, l, th }) => {
      if (sessionStorage.getItem("__e2e_init")) return;
      sessionStorage.setItem("__e2e_init", "1");
      localStorage.clear();
      localStorage.setItem("h5Version", "1");
      localStorage.setItem("lang", JSON.stringify(l));
      localStorage.setItem("theme", JSON.stringify(th));
      localStorage.setItem("token", JSON.stringify(t));
    },
    { t: token, l: lang, th: theme },
  );
  return context.newPage();
}

test("apply for a loan with the figures shown first, an operator approves it, then repay it and get the collateral back", async ({
  browser,
  request,
}) => {
  const bob = await login(request, BOB);
  await ensurePayPassword(request, bob, BOB);
  const before = await btc(request, bob);

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
  expect(await btc(request, bob)).toEqual({ available: new Decimal(before.available).minus(10).toFixed(), locked: "10" });
  const id = Number((await row.getAttribute("data-testid"))!.replace("loan-", ""));

  const operator = await login(request, OPERATOR);
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
  expect(await btc(request, bob)).toEqual({ available: before.available, locked: before.locked });

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

  const operator = await login(request, OPERATOR);
  const found = await request.get("/api/admin/users", { params: { q: borrower.email }, headers: { Authorization: operator } });
  const borrowerId = ((await found.json()) as Envelope<{ data: { id: number }[] }>).message.data[0]!.id;
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
