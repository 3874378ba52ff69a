import { mkdirSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { ALICE, BOB, DEMO_PAY_PASSWORD, OPERATOR, api, logIn, sessionPage, clientAddress, leverTrader, toLever } from "./lib/session.ts";

// This file asks for verification codes: from an address of its own (lib/session.ts).
test.use({ extraHTTPHeaders: clientAddress("follow") });

/**
 * Copy trading end to end on a 390 px phone page: Bob is seeded as an approved trader; he gets Lv1 and a pay password
 * through the API (as a user and an operator would) and lever funds. Alice follows him in the browser (2× his lots,
 * after accepting the agreement and confirming); Bob opens a long through the API and Alice's copies page shows her
 * copy (2 lots, "Copying"); Bob closes and her copy closes with him ("Closed with the trader").
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

const PAY_PASSWORD = DEMO_PAY_PASSWORD;

const steer = (request: APIRequestContext, price: string) => api(request, "/dev/steer_price", { data: { symbol: "BTC/USDT", price } });

test("follow a trader in the browser: his open is copied to the follower's page, his close closes the copy", async ({
  browser,
  request,
}) => {
  const bob = await leverTrader(request, BOB, "2000");
  const alice = await logIn(request, ALICE);
  await toLever(request, alice, "1000");
  await steer(request, "95000");
  const page = await sessionPage(browser, alice, "en", "dark");

  await page.goto("/#/follow/index");
  const card = page.getByTestId("traders").locator("li").filter({ hasText: "Bob" });
  await expect(card).toContainText("Followers");
  await page.screenshot({ path: `${SHOTS}/follow-index-en-dark.png`, fullPage: true });
  await card.getByTestId("trader-open").click();
  await expect(page.getByTestId("trader-nickname")).toHaveText("Bob");
  await page.screenshot({ path: `${SHOTS}/follow-trader-en-dark.png`, fullPage: true });
  await page.getByTestId("follow-open").click();
  await page.getByTestId("follow-number").fill("2");
  await page.getByTestId("follow-submit").click();
  await expect(page.getByText("Please read and accept the agreement")).toBeVisible();
  await page.getByTestId("follow-agree").check();
  await page.screenshot({ path: `${SHOTS}/follow-settings-en-dark.png`, fullPage: true });
  await page.getByTestId("follow-submit").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Follow Bob: Copying 2× the trader's lots.");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("my-follows")).toContainText("Bob");

  // Bob opens 1 lot at 10×; the copy hook opens Alice's 2 lots through the same contract path.
  const opened = await api<{ id: number }>(request, "/lever/submit", {
    data: { currency_id: "1", legal_id: "3", share: "1", multiple: "10", type: "1", password: PAY_PASSWORD },
    token: bob,
  });
  const copies = page.getByTestId("copies-open");
  await expect(copies).toContainText("BTC/USDT", { timeout: 20_000 });
  const copy = copies.locator("li").first();
  await expect(copy).toContainText("2 · 10x");
  await expect(copy.getByTestId("copy-status")).toHaveText("Copying");
  await page.screenshot({ path: `${SHOTS}/follow-my-open-en-dark.png`, fullPage: true });

  await steer(request, "95500");
  await api(request, "/lever/close", { data: { id: String(opened.id) }, token: bob });
  await expect(page.getByText("No open copies.")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("tab-closed").click();
  const closed = page.getByTestId("copies-closed").locator("li").first();
  await expect(closed.getByTestId("copy-status")).toHaveText("Closed with the trader");
  await page.screenshot({ path: `${SHOTS}/follow-my-closed-en-dark.png`, fullPage: true });

  // Spanish, light theme: the same pages, and the agreement in English with a note.
  const es = await sessionPage(browser, alice, "spa", "light");
  await es.goto("/#/copytrade/my");
  await es.getByTestId("tab-closed").click();
  await expect(es.getByTestId("copies-closed").locator("li").first().getByTestId("copy-status")).toHaveText("Cerrada con el trader");
  await es.screenshot({ path: `${SHOTS}/follow-my-closed-spa-light.png`, fullPage: true });
  await es.goto("/#/follow/index");
  await expect(es.getByTestId("traders")).toContainText("Siguiendo");
  await es.screenshot({ path: `${SHOTS}/follow-index-spa-light.png`, fullPage: true });
  await es.goto("/#/follow/agreement_en");
  await expect(es.getByTestId("agreement")).toContainText("se muestra el texto en inglés");
  await es.screenshot({ path: `${SHOTS}/follow-agreement-spa-light.png`, fullPage: true });
  await es.goto("/#/copytrade/trader");
  await expect(es.getByText("Deje de seguir a todos antes de solicitar")).toBeVisible();
  await es.screenshot({ path: `${SHOTS}/follow-apply-spa-light.png`, fullPage: true });

  const operator = await logIn(request, OPERATOR);
  const admin = await sessionPage(browser, operator, "en", "light");
  await admin.goto("/#/admin/traders");
  await admin.getByTestId("tab-approved").click();
  await expect(admin.getByTestId("admin-traders")).toContainText("bob@demo.test");
  await admin.screenshot({ path: `${SHOTS}/follow-admin-en-light.png`, fullPage: true });
});
