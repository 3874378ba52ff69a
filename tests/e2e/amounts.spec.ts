import Decimal from "decimal.js";
import { expect, type Page, test } from "@playwright/test";
import { logIn, sessionPage, spotBalance } from "./lib/session.ts";

/**
 * Issue #8: an amount is read in the user's language or refused, never as another
 * number. "1,000" typed in English once became one USDT; here it is one thousand in
 * English, one in French, and a text a language does not write is refused with a
 * message, before anything is sent.
 */

/** Fails the test if the page sends an order. */
function forbidOrders(page: Page): () => void {
  let sent = false;
  page.on("request", (r) => {
    if (r.url().includes("/api/coin/trade")) sent = true;
  });
  return () => expect(sent, "no order may be sent").toBe(false);
}

async function openLimitForm(page: Page) {
  await page.goto("/#/transaction/currency?symbol=BTC-USDT");
  await expect(page.getByTestId("order-form")).toBeVisible();
  await page.getByTestId("type-limit").click();
}

test("the order form reads English separators as English: '1,000' is one thousand and '1,5' is refused", async ({ browser, request }) => {
  const page = await sessionPage(browser, await logIn(request), "en");
  const noOrder = forbidOrders(page);
  await openLimitForm(page);
  await page.getByTestId("order-price").fill("1,000");
  await page.getByTestId("order-amount").fill("2");
  await expect(page.getByTestId("order-total")).toHaveText("2,000.00 USDT");
  // The box keeps what was typed.
  await expect(page.getByTestId("order-price")).toHaveValue("1,000");

  await page.getByTestId("order-amount").fill("1,5");
  await expect(page.getByTestId("order-total")).toHaveText("--");
  await page.getByTestId("order-submit").click();
  await expect(page.getByTestId("amount-error")).toHaveText(
    "Write amounts like 1,234.56: “.” before the decimals, thousands in groups of three",
  );
  noOrder();
});

test("the order form reads French separators as French: '1,000' is one, spaces group thousands, a point is refused", async ({
  browser,
  request,
}) => {
  const page = await sessionPage(browser, await logIn(request), "fra");
  const noOrder = forbidOrders(page);
  await openLimitForm(page);
  await page.getByTestId("order-price").fill("1 000");
  await page.getByTestId("order-amount").fill("1,000");
  // Figures are written with French marks too: what the page shows types back as the same number.
  await expect(page.getByTestId("order-total")).toHaveText("1\u202f000,00 USDT");
  await page.getByTestId("order-amount").fill("0,5");
  await expect(page.getByTestId("order-total")).toHaveText("500,00 USDT");

  await page.getByTestId("order-amount").fill("1.000");
  await page.getByTestId("order-submit").click();
  await expect(page.getByTestId("amount-error")).toContainText("« , » avant les décimales");
  noOrder();
});

test("a transfer of '1,000' typed in English moves one thousand, never one", async ({ browser, request }) => {
  const token = await logIn(request);
  const available = new Decimal((await spotBalance(request, token, "USDT")).available);
  const page = await sessionPage(browser, token, "en");
  await page.goto("/#/fund/fundTransfer");
  await page.getByTestId("transfer-coin").selectOption({ label: "USDT" });
  await page.getByTestId("transfer-from").selectOption("change");
  await page.getByTestId("transfer-amount").fill("1,000");
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  if (available.gte(1000)) {
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Move 1,000 USDT from Exchange");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  } else {
    await expect(page.getByText(/^More than available/)).toBeVisible();
  }
});

/** A 1×1 PNG, the payment voucher. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
/** An ERC20 transaction hash (0x and 64 hex characters); the request that would claim it is answered here. */
const TX_HASH = `0x${"ab".repeat(32)}`;

/**
 * Opens the USDT deposit form (ERC20, its first network) and answers its request in the
 * browser, so nothing is recorded; returns the amounts the page sent.
 */
async function openDeposit(page: Page): Promise<string[]> {
  const sent: string[] = [];
  await page.route("**/api/wallet/charge_req", async (route) => {
    sent.push(new URLSearchParams(route.request().postData() ?? "").get("amount") ?? "");
    await route.fulfill({ json: { type: "ok", message: "ok" } });
  });
  await page.goto("/#/fund/receive?currency=3");
  await expect(page.getByTestId("deposit-address")).toHaveText("0xDe0000000000000000000000000000000000dE03");
  await page.getByTestId("deposit-tx-hash").fill(TX_HASH);
  await page.locator('input[type="file"]').setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByTestId("deposit-voucher").locator("img")).toBeVisible();
  return sent;
}

test("a deposit of '1,000' typed in English is reported as one thousand (the issue's original report)", async ({ browser, request }) => {
  const page = await sessionPage(browser, await logIn(request), "en");
  const sent = await openDeposit(page);
  await page.getByTestId("deposit-amount").fill("1,000");
  await expect(page.getByTestId("deposit-amount")).toHaveValue("1,000");
  await page.getByRole("button", { name: "Submit deposit" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`You sent 1,000 USDT over ERC20 in transaction ${TX_HASH}.`);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect.poll(() => sent).toEqual(["1000"]);
  await page.context().close();
});

test("a deposit of '1,000' typed in French is one, never one thousand; '1.000' is refused before sending", async ({ browser, request }) => {
  const page = await sessionPage(browser, await logIn(request), "fra");
  const sent = await openDeposit(page);
  await page.getByTestId("deposit-amount").fill("1.000");
  await page.getByRole("button", { name: "Déclarer le dépôt" }).click();
  await expect(
    page.getByText("Écrivez les montants ainsi : 1 234,56 (« , » avant les décimales, milliers par groupes de trois)"),
  ).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.getByTestId("deposit-amount").fill("1,000");
  await page.getByRole("button", { name: "Déclarer le dépôt" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Vous avez envoyé 1 USDT via ERC20 dans la transaction ${TX_HASH}.`);
  await dialog.getByRole("button", { name: "Confirmer" }).click();
  await expect.poll(() => sent).toEqual(["1"]);
  await page.context().close();
});

test("a conversion of '1,000' typed in English is quoted for one thousand", async ({ browser, request }) => {
  const page = await sessionPage(browser, await logIn(request), "en");
  await page.goto("/#/fund/transfer");
  await page.getByTestId("convert-from").selectOption({ label: "USDT" });
  const quoted = page.waitForRequest(
    (r) => r.url().endsWith("/api/user/getTransferFee") && new URLSearchParams(r.postData() ?? "").get("number") === "1000",
  );
  await page.getByTestId("convert-amount").fill("1,000");
  await quoted;
  await expect(page.getByTestId("convert-amount")).toHaveValue("1,000");
  await page.context().close();
});
