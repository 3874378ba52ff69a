import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { Decimal } from "decimal.js";
import { type OnrampConfigView, usdtUnits } from "../../schema/api/onramp.ts";
import { ALICE, BOB, OPERATOR, api, apiResult, logIn, sessionPage, spotBalance } from "./lib/session.ts";

/**
 * Buy crypto by bank transfer on a phone-sized page: Alice orders 3,500 THB of USDT, sees the figures before confirming,
 * gets the receiving account and her reference; an operator confirms the transfer in the console; her USDT balance rises
 * by exactly the amount at the published rate, once.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

async function fillPayer(page: Page) {
  await page.getByTestId("otc-first_name").fill("Alice");
  await page.getByTestId("otc-last_name").fill("Demo");
  await page.getByTestId("otc-email").fill("alice@demo.test");
  await page.getByTestId("otc-phone").fill("+66812345678");
  await page.getByTestId("otc-tax_id").fill("1234567890123");
}

test("buy crypto by bank transfer; an operator confirms it and USDT is credited at the published rate", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const alice = await logIn(request, ALICE);
  const config = await api<OnrampConfigView>(request, "/onramp/config", { method: "GET" });
  const thb = config.countries.find((c) => c.code === "TH")!.fiats.find((f) => f.code === "THB")!;
  const expected = new Decimal(usdtUnits(3500, thb.rate)).div(1_000_000);
  const before = new Decimal((await spotBalance(request, alice, "USDT")).available);

  const page = await sessionPage(browser, alice, "en", "dark");
  await page.goto("/#/otc/otc");
  await page.getByTestId("otc-country").selectOption("TH");
  await page.getByTestId("otc-fiat").selectOption("THB");
  await page.getByTestId("otc-bank").selectOption("Kasikornbank");
  await page.getByTestId("otc-amount").fill("349");
  await fillPayer(page);
  await page.getByTestId("otc-submit").click();
  await expect(page.getByText("The minimum is 350 THB")).toBeVisible();
  await page.getByTestId("otc-amount").fill("3500");
  await expect(page.getByTestId("otc-receive")).toHaveText(`${expected.toFixed()} USDT`);
  await page.screenshot({ path: `${SHOTS}/onramp-form-en-dark.png`, fullPage: true });
  await page.getByTestId("otc-submit").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Pay 3,500 THB from Kasikornbank in the name of Alice Demo and receive ${expected.toFixed()} USDT`);
  await page.screenshot({ path: `${SHOTS}/onramp-confirm-en-dark.png` });
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/#\/otc\/order\?id=\d+$/);
  const id = Number(new URL(page.url().replace("/#/", "/")).searchParams.get("id"));
  const reference = (await page.getByTestId("otc-reference").textContent())!;
  expect(reference).toMatch(/^EX[A-Z2-9]{10}$/);
  await expect(page.getByTestId("otc-status")).toHaveText("To be paid");
  await expect(page.getByTestId("otc-receiving")).toContainText("Bangkok Bank");
  await expect(page.getByTestId("otc-countdown")).toContainText(/Pay within 1:5\d:\d\d/);
  await page.screenshot({ path: `${SHOTS}/onramp-order-en-dark.png`, fullPage: true });

  const operator = await logIn(request, OPERATOR);
  const desk = await sessionPage(browser, operator, "en", "dark");
  await desk.goto("/#/admin/onramp");
  const card = desk.getByTestId(`admin-onramp-${id}`);
  await expect(card.getByTestId("admin-onramp-reference")).toHaveText(reference);
  await desk.screenshot({ path: `${SHOTS}/onramp-admin-en-dark.png`, fullPage: true });
  await card.getByRole("button", { name: "Money received" }).click();
  const confirm = desk.getByRole("dialog");
  await expect(confirm).toContainText(reference);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(desk.getByTestId("toast")).toHaveText("Success");

  await expect
    .poll(async () => new Decimal((await spotBalance(request, alice, "USDT")).available).minus(before).toFixed())
    .toBe(expected.toFixed());
  await page.reload();
  await expect(page.getByTestId("otc-status")).toHaveText("Payment successful");
  await page.screenshot({ path: `${SHOTS}/onramp-paid-en-dark.png`, fullPage: true });
  await page.goto("/#/otc/orders");
  await expect(page.getByTestId(`otc-order-${id}`)).toContainText("Payment successful");
  // A second confirmation changes nothing.
  const again = await apiResult(request, "/admin/onramp/confirm", { data: { id: String(id) }, token: operator });
  expect(again.status).toBe(409);
  expect(new Decimal((await spotBalance(request, alice, "USDT")).available).minus(before).toFixed()).toBe(expected.toFixed());
});

test("the buy-crypto pages in Spanish and the light theme", async ({ browser, request }) => {
  const bob = await logIn(request, BOB);
  const page = await sessionPage(browser, bob, "spa", "light");
  await page.goto("/#/otc/orders");
  await expect(page.getByText("Aún no hay pedidos")).toBeVisible();
  await page.goto("/#/otc/otc");
  await page.getByTestId("otc-country").selectOption("PH");
  await page.getByTestId("otc-amount").fill("1000");
  await page.getByTestId("otc-submit").click();
  await expect(page.getByText("Obligatorio").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/onramp-form-spa-light.png`, fullPage: true });
  await fillPayer(page);
  await page.getByTestId("otc-submit").click();
  await page.getByRole("dialog").getByRole("button").last().click();
  await expect(page.getByTestId("otc-status")).toHaveText("Pendiente de pago");
  await page.screenshot({ path: `${SHOTS}/onramp-order-spa-light.png`, fullPage: true });
  await page.getByTestId("otc-cancel").click();
  await page.getByRole("dialog").getByRole("button").last().click();
  await expect(page.getByTestId("otc-status")).toHaveText("Cancelado");
});

test("buy crypto by card: the payer pays on the provider's page and the USDT is credited", async ({ browser, request }) => {
  const bob = await logIn(request, BOB);
  const before = new Decimal((await spotBalance(request, bob, "USDT")).available);
  const page = await sessionPage(browser, bob, "en", "light");
  await page.goto("/#/otc/otc");
  await page.getByTestId("otc-country").selectOption("US");
  await page.getByLabel("Payment method").selectOption("card");
  await page.getByTestId("otc-amount").fill("25");
  await fillPayer(page);
  await page.getByTestId("otc-submit").click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/api\/onramp\/sim\/checkout\?reference=EX/);
  await page.getByTestId("sim-account").fill("4111 1111 1111 1111");
  await page.getByTestId("sim-pay").click();
  await expect(page).toHaveURL(/#\/otc\/order\?id=\d+$/);
  await expect(page.getByTestId("otc-status")).toHaveText("Payment successful");
  await page.screenshot({ path: `${SHOTS}/onramp-card-paid-en-light.png`, fullPage: true });
  expect(new Decimal((await spotBalance(request, bob, "USDT")).available).minus(before).toFixed()).toBe("25");
});
