import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ALICE, OPERATOR, logIn, sessionPage, spotBalance } from "./lib/session.ts";

/**
 * IEO end to end on a phone-sized page: an operator opens a project of EDGE at 0.05 USDT that ends in a few seconds;
 * Alice subscribes to 200 EDGE in the browser, sees the cost before confirming, and once the project has ended the
 * scheduled distribution (the every-minute cron kicks the earn jobs) delivers her tokens and takes the held cost.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

test("subscribe to an IEO in the browser and receive the tokens after it ends", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const operator = await logIn(request, OPERATOR);
  const now = Date.now();
  const created = await request.post("/api/admin/ieo/project", {
    headers: { Authorization: operator },
    form: {
      name: "E2E round",
      currency: "EDGE",
      pay_currency: "USDT",
      price: "0.05",
      total_amount: "1000",
      min_amount: "10",
      start_at: String(now - 60_000),
      end_at: String(now + 25_000),
    },
  });
  const project = ((await created.json()) as { message: { id: number } }).message;
  expect(project.id).toBeGreaterThan(0);

  const alice = await logIn(request, ALICE);
  const usdt0 = await spotBalance(request, alice, "USDT");
  const edge0 = await spotBalance(request, alice, "EDGE");
  const page = await sessionPage(browser, alice, "en", "dark");
  await page.goto("/#/ieo/ieo");
  await page.getByTestId("tab-2").click();
  const card = page.getByTestId(`ieo-project-${project.id}`);
  await expect(card.getByTestId("time-status")).toHaveText("In progress");
  await page.screenshot({ path: `${SHOTS}/earn-ieo-list-en-dark.png`, fullPage: true });
  await card.getByTestId("ieo-open").click();
  await page.getByTestId("ieo-amount").fill("200");
  await expect(page.getByTestId("ieo-cost")).toHaveText("10 USDT");
  await page.getByTestId("ieo-submit").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Subscribe to 200 EDGE at 0.05 USDT each: 10 USDT is held now");
  await page.screenshot({ path: `${SHOTS}/earn-ieo-confirm-en-dark.png` });
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Subscribed: 200 EDGE for 10 USDT, delivered after the project ends");
  await expect(page).toHaveURL(/#\/ieo\/order$/);
  const order = page.locator("[data-testid^=ieo-order-]").first();
  await expect(order.getByTestId("status")).toHaveText("Awaiting delivery");
  const held = await spotBalance(request, alice, "USDT");
  expect(Number(usdt0.available) - Number(held.available)).toBe(10);
  expect(Number(held.locked) - Number(usdt0.locked)).toBe(10);

  // After the end, the every-minute cron kicks the earn jobs (wrangler dev runs a scheduled event on request).
  await expect
    .poll(
      async () => {
        if (Date.now() > now + 26_000) await request.get(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("* * * * *")}`);
        return (await spotBalance(request, alice, "EDGE")).available;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(String(Number(edge0.available) + 200));
  const after = await spotBalance(request, alice, "USDT");
  expect(Number(after.locked)).toBe(Number(usdt0.locked));
  expect(Number(usdt0.available) - Number(after.available)).toBe(10);
  await page.reload();
  await expect(order.getByTestId("status")).toHaveText("Delivered");
  await page.screenshot({ path: `${SHOTS}/earn-ieo-orders-en-dark.png`, fullPage: true });
});

test("the IEO pages in Spanish and the light theme", async ({ browser, request }) => {
  const alice = await logIn(request, ALICE);
  const page = await sessionPage(browser, alice, "spa", "light");
  await page.goto("/#/ieo/ieo");
  await expect(page.getByTestId("ieo-project-1")).toContainText("En curso");
  await page.screenshot({ path: `${SHOTS}/earn-ieo-list-spa-light.png`, fullPage: true });
  await page.goto("/#/ieo/subscribe?id=2");
  await expect(page.getByText("Este proyecto aún no ha comenzado.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/earn-ieo-warmup-spa-light.png`, fullPage: true });
  await page.goto("/#/ieo/subscribe?id=1");
  await page.getByTestId("ieo-amount").fill("1000");
  await expect(page.getByTestId("ieo-cost")).toHaveText("50 USDT");
  await page.screenshot({ path: `${SHOTS}/earn-ieo-subscribe-spa-light.png`, fullPage: true });
});
