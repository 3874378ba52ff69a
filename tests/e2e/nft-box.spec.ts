import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ALICE, BOB, OPERATOR, logIn, sessionPage, spotBalance } from "./lib/session.ts";

/**
 * Blind boxes end to end on a phone-sized page: an operator creates a two-box series; Alice buys a box in the browser
 * (confirmed), opens it (confirmed), buys and opens the last one, and the series is revealed: the verify page recomputes
 * both draws in the browser from the seed and shows each one matching, and the seed's SHA-256 matching the commitment.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

test("alice buys and opens a blind box; once the series sells out the verify page shows every draw matching", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const operator = await logIn(request, OPERATOR);
  const now = Date.now();
  const created = await request.post("/api/admin/nft_box/series", {
    headers: { Authorization: operator },
    form: {
      name: "E2E Twins",
      artist_id: "100",
      currency: "USDT",
      price: "2.5",
      start_time: String(now - 60_000),
      end_time: String(now + 3_600_000),
      items: JSON.stringify([
        { name: "Silver twin", rarity: 1, count: 1 },
        { name: "Gold twin", rarity: 4, count: 1 },
      ]),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const series = ((await created.json()) as { message: { id: number; commitment: string } }).message;

  const alice = await logIn(request, ALICE);
  const before = (await spotBalance(request, alice, "USDT")).available;
  const page = await sessionPage(browser, alice, "en", "dark");
  // The way in: the NFT market's artworks tab leads to the blind boxes.
  await page.goto("/#/nft/nft");
  await page.getByTestId("nft-boxes-link").click();
  await expect(page).toHaveURL(/#\/nft\/box\/list/);
  const card = page.getByTestId(`box-series-${series.id}`);
  await expect(card.getByTestId("box-status")).toHaveText("On sale");
  await expect(card.getByTestId("box-remaining")).toHaveText("2 / 2");
  await page.screenshot({ path: `${SHOTS}/nft-box-list-en-dark.png`, fullPage: true });
  await card.getByTestId("box-series-open").click();
  await expect(page.getByTestId("box-commitment")).toHaveText(series.commitment);
  await expect(page.getByTestId("box-odds")).toContainText("Legendary");
  await expect(page.getByTestId("box-odds")).toContainText("50.00%");
  await page.screenshot({ path: `${SHOTS}/nft-box-detail-en-dark.png`, fullPage: true });
  await page.getByTestId("box-buy").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("You pay 2.5 USDT from your exchange account for one box of E2E Twins.");
  await page.screenshot({ path: `${SHOTS}/nft-box-confirm-en-dark.png` });
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast")).toHaveText(`Blind box BX${series.id}-1 bought for 2.5 USDT`);
  await expect(page).toHaveURL(/#\/nft\/box\/mine$/);
  const box = page.getByTestId(`box-BX${series.id}-1`);
  await expect(box).toContainText("Unopened");
  const after = (await spotBalance(request, alice, "USDT")).available;
  expect(Number(before) * 1_000_000 - Number(after) * 1_000_000).toBeCloseTo(2_500_000, 0);

  // Before the reveal the verify page says so and shows no seed.
  const verify = await sessionPage(browser, alice, "en", "dark");
  await verify.goto(`/#/nft/box/verify?id=${series.id}`);
  await expect(verify.getByTestId("verify-not-revealed")).toBeVisible();
  await expect(verify.getByTestId(`verify-BX${series.id}-1`)).toHaveAttribute("data-result", "pending");

  await box.getByTestId("box-open").click();
  await expect(page.getByRole("dialog")).toContainText(`Opening box BX${series.id}-1 is irrevocable`);
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast")).toContainText("You received");
  await expect(box.getByTestId("box-item")).toContainText("twin");
  await page.screenshot({ path: `${SHOTS}/nft-box-mine-en-dark.png`, fullPage: true });

  // The last box: bought and opened through the API, so the series is sold out and fully opened, and revealed.
  const bought = await request.post("/api/bind_box/buyBlindBox", { headers: { Authorization: alice }, form: { id: String(series.id) } });
  expect(bought.status()).toBe(200);
  const opened = await request.post("/api/bind_box/openBlindBox", {
    headers: { Authorization: alice },
    form: { code: `BX${series.id}-2` },
  });
  expect(opened.status()).toBe(200);

  await verify.reload();
  await expect(verify.getByTestId("verify-seed")).toHaveText(/^[0-9a-f]{64}$/);
  await expect(verify.getByTestId("verify-commitment-result")).toHaveText("SHA-256 of the seed matches the commitment");
  await expect(verify.getByTestId(`verify-BX${series.id}-1`)).toHaveAttribute("data-result", "match");
  await expect(verify.getByTestId(`verify-BX${series.id}-2`)).toHaveAttribute("data-result", "match");
  await expect(verify.locator("[data-result=mismatch]")).toHaveCount(0);
  await verify.screenshot({ path: `${SHOTS}/nft-box-verify-en-dark.png`, fullPage: true });

  const es = await sessionPage(browser, alice, "spa", "light");
  await es.goto(`/#/nft/box/verify?id=${series.id}`);
  await expect(es.getByTestId(`verify-BX${series.id}-2`)).toContainText("Coincide");
  await es.screenshot({ path: `${SHOTS}/nft-box-verify-spa-light.png`, fullPage: true });
  await es.goto("/#/nft/box/list");
  await expect(es.getByTestId("box-series-1")).toContainText("En venta");
  await es.screenshot({ path: `${SHOTS}/nft-box-list-spa-light.png`, fullPage: true });
  await es.goto("/#/nft/box/detail?id=1");
  await expect(es.getByTestId("box-odds")).toContainText("Legendaria");
  await expect(es.getByTestId("box-items").locator("li")).toHaveCount(10);
  await expect(es.getByTestId("box-items")).toContainText("Golden Cat");
  await es.screenshot({ path: `${SHOTS}/nft-box-detail-spa-light.png`, fullPage: true });
  await es.goto("/#/nft/box/mine");
  await expect(es.getByTestId(`box-BX${series.id}-2`)).toContainText("Abierta");
  await es.screenshot({ path: `${SHOTS}/nft-box-mine-spa-light.png`, fullPage: true });

  const adminPage = await sessionPage(browser, operator, "spa", "light");
  await adminPage.goto("/#/admin/nft-box");
  await expect(adminPage.getByTestId("admin-box-list")).toContainText("E2E Twins");
  await adminPage.getByTestId("box-new").click();
  await expect(adminPage.getByTestId("admin-box-form")).toBeVisible();
  await adminPage.screenshot({ path: `${SHOTS}/nft-box-admin-spa-light.png`, fullPage: true });
});

test("bob's empty box list, then a box of the demo series opened with its picture, in light English", async ({ browser, request }) => {
  const bob = await logIn(request, BOB);
  const page = await sessionPage(browser, bob, "en", "light");
  await page.goto("/#/nft/box/mine");
  await expect(page.getByText("You have no blind boxes yet.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/nft-box-mine-empty-en-light.png`, fullPage: true });
  const bought = await request.post("/api/bind_box/buyBlindBox", { headers: { Authorization: bob }, form: { id: "1" } });
  const { code } = ((await bought.json()) as { message: { code: string } }).message;
  expect((await request.post("/api/bind_box/openBlindBox", { headers: { Authorization: bob }, form: { code } })).status()).toBe(200);
  await page.reload();
  const picture = page.getByTestId(`box-${code}`).locator("img.box-thumb");
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/nft-box-mine-en-light.png`, fullPage: true });
  await page.goto("/#/nft/box/detail?id=1");
  await expect(page.getByTestId("box-series-1")).toContainText("Harbour Cats");
  await page.screenshot({ path: `${SHOTS}/nft-box-detail-en-light.png`, fullPage: true });
  await page.goto("/#/nft/box/detail?id=999999");
  await expect(page.getByText("This blind box series does not exist")).toBeVisible();
});
