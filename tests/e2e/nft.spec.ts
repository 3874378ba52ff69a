import { mkdirSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ALICE, BOB, OPERATOR, logIn, sessionPage, spotBalance } from "./lib/session.ts";

/**
 * NFT fixed-price resale end to end on a phone-sized page: bob's seeded artwork "Night Ferry" (artist Lena Park, a
 * user) is listed at 80 USDT; alice finds it in the market, sees the price, the 2.5 % platform fee and the 5 % royalty
 * before confirming, buys it, and bob's balance rises by exactly 80 − 2 − 4 = 74 USDT. Alice then lists it again
 * (irrevocably). Screenshots at 390 px in both themes, in English and Spanish.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

/** USDT available in the exchange account, in minor units (6 decimals), read without floats. */
async function usdtUnits(request: APIRequestContext, token: string): Promise<bigint> {
  const text = (await spotBalance(request, token, "USDT")).available;
  const [whole, frac = ""] = text.split(".");
  return BigInt(whole!) * 1_000_000n + BigInt((frac + "000000").slice(0, 6));
}

/** Every artwork picture on the page has loaded (24 px pixel art drawn by the seed, served from R2). */
async function imagesLoaded(page: Page) {
  const images = page.locator("img.nft-picture, img.nft-hero");
  await expect(images.first()).toBeVisible();
  for (const img of await images.all()) await expect(img).toHaveJSProperty("naturalWidth", 24);
}

test("alice buys bob's listed artwork: bob receives exactly the price less the fee and the royalty", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const alice = await logIn(request, ALICE);
  const bob = await logIn(request, BOB);
  const detail = await request.get("/api/bind_box/getBoxDetail?id=NFT-FERRY");
  const item = ((await detail.json()) as { message: Record<string, unknown> }).message;
  expect(item).toMatchObject({ price: "80", fee: "2", royalty: "4", seller_receives: "74", total: "80", status: 1, owner: "Bob" });
  const [bob0, alice0] = [await usdtUnits(request, bob), await usdtUnits(request, alice)];

  const page = await sessionPage(browser, alice, "en", "dark");
  await page.goto("/#/nft/nft");
  const card = page.getByTestId("nft-card-NFT-FERRY");
  await expect(card).toContainText("Night Ferry");
  await expect(card).toContainText("80 USDT");
  await imagesLoaded(page);
  await page.screenshot({ path: `${SHOTS}/nft-market-en-dark.png`, fullPage: true });
  await card.click();
  await expect(page.getByTestId("nft-rates")).toHaveText("Platform 2.5% · artist royalty on resales 5%");
  await imagesLoaded(page);
  await page.screenshot({ path: `${SHOTS}/nft-detail-en-dark.png`, fullPage: true });
  await page.getByTestId("nft-buy").click();
  await expect(page.getByTestId("nft-fee")).toHaveText("2 USDT");
  await expect(page.getByTestId("nft-royalty")).toHaveText("4 USDT");
  await expect(page.getByTestId("nft-total")).toHaveText("80 USDT");
  await page.screenshot({ path: `${SHOTS}/nft-purchase-en-dark.png`, fullPage: true });
  await page.getByTestId("nft-pay").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Buy Night Ferry for 80 USDT?");
  await page.screenshot({ path: `${SHOTS}/nft-purchase-confirm-en-dark.png` });
  await dialog.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/#\/nft\/mine/);
  await expect(page.getByTestId("nft-card-NFT-FERRY")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/nft-mine-en-dark.png`, fullPage: true });

  expect((await usdtUnits(request, bob)) - bob0).toBe(74_000_000n);
  expect(alice0 - (await usdtUnits(request, alice))).toBe(80_000_000n);

  // Alice resells it: the confirmation names the terms, and afterwards the page says the listing stands.
  await page.getByTestId("nft-card-NFT-FERRY").click();
  await page.getByTestId("nft-manage").click();
  await page.getByTestId("nft-resell-price").fill("95");
  await page.getByTestId("nft-resell-end").fill("2020-01-01T00:00");
  await page.getByTestId("nft-resell-submit").click();
  await expect(page.getByText("The end must be after the start.")).toBeVisible();
  await page.getByTestId("nft-resell-end").fill("2030-01-01T00:00");
  await page.screenshot({ path: `${SHOTS}/nft-resell-en-dark.png`, fullPage: true });
  await page.getByTestId("nft-resell-submit").click();
  await expect(page.getByRole("dialog")).toContainText("List Night Ferry at 95 USDT from ");
  await page.getByRole("dialog").getByRole("button", { name: "List for sale" }).click();
  await expect(page.getByTestId("nft-listed-notice")).toBeVisible();
  const relisted = (
    (await (await request.get("/api/bind_box/getBoxDetail?id=NFT-FERRY")).json()) as { message: { price: string; status: number } }
  ).message;
  expect(relisted).toMatchObject({ price: "95", status: 1 });
});

test("the market in Spanish and light theme: tabs, search needs a keyword, artist page", async ({ browser }) => {
  const page = await sessionPage(browser, null, "spa", "light");
  await page.goto("/#/nft/nft");
  await expect(page.getByTestId("nft-card-NFT-FOX")).toContainText("Zorro en la nieve");
  await imagesLoaded(page);
  await page.screenshot({ path: `${SHOTS}/nft-market-es-light.png`, fullPage: true });
  await page.getByTestId("tab-search").click();
  await page.getByTestId("nft-search-submit").click();
  await expect(page.getByText("Introduzca una palabra clave.")).toBeVisible();
  await page.getByTestId("nft-search-input").fill("Fox");
  await page.getByTestId("nft-search-submit").click();
  await expect(page.getByTestId("nft-card-NFT-FOX")).toBeVisible();
  await imagesLoaded(page);
  await page.screenshot({ path: `${SHOTS}/nft-search-es-light.png`, fullPage: true });
  await page.getByTestId("tab-artist").click();
  await page.getByTestId("nft-artists").getByText("Studio Nimbus").click();
  await expect(page.getByTestId("nft-artist")).toContainText("Estudio Nimbus");
  await imagesLoaded(page);
  await page.screenshot({ path: `${SHOTS}/nft-artist-es-light.png`, fullPage: true });
  await page.getByTestId("nft-card-NFT-MOTH").click();
  await expect(page.getByTestId("nft-unavailable")).toHaveText("La venta aún no ha empezado.");
  await imagesLoaded(page);
  await page.screenshot({ path: `${SHOTS}/nft-detail-es-light.png`, fullPage: true });
});

test("purchase and resell pages in Spanish (dark) and English (light)", async ({ browser, request }) => {
  const bob = await logIn(request, BOB);
  const es = await sessionPage(browser, bob, "spa", "dark");
  await es.goto("/#/nft/purchase_one?code=NFT-DAWN");
  await expect(es.getByTestId("nft-total")).toHaveText("120 USDT");
  await es.screenshot({ path: `${SHOTS}/nft-purchase-es-dark.png`, fullPage: true });
  const en = await sessionPage(browser, bob, "en", "light");
  await en.goto("/#/nft/nft?tab=collection");
  await expect(en.getByTestId("nft-collections")).toContainText("Tidal Light");
  await en.screenshot({ path: `${SHOTS}/nft-collections-en-light.png`, fullPage: true });
  await en.goto("/#/nft/purchase_one?code=NFT-FOX");
  await expect(en.getByTestId("nft-fee")).toHaveText("0.625 USDT");
  await en.screenshot({ path: `${SHOTS}/nft-purchase-en-light.png`, fullPage: true });
});

test("an operator uploads audio in the console (an SVG is refused) and the artwork plays on its audio page", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const operator = await logIn(request, OPERATOR);
  const page = await sessionPage(browser, operator, "en", "light");
  await page.goto("/#/admin/nft");
  await expect(page.getByTestId("nft-fee-rate")).toHaveValue("0.025");
  await expect(page.getByTestId("nft-admin-items")).toContainText("NFT-FOX");
  const input = page.getByTestId("nft-admin-media").locator('input[type="file"]');
  await input.setInputFiles({
    name: "evil.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByText("Only PNG, JPEG, WebP, GIF, MP3, OGG, MP4 and WebM files are accepted")).toBeVisible();
  const mp3 = Buffer.concat([Buffer.from("ID3"), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(4096, 0x55)]);
  await input.setInputFiles({ name: "song.mp3", mimeType: "audio/mpeg", buffer: mp3 });
  await expect(page.getByText("Uploaded (audio/mpeg)")).toBeVisible();
  const key = (await page.getByTestId("nft-admin-media").locator("li").first().textContent())!.trim();
  expect(key).toMatch(/^nft\/[\w-]+\.mp3$/);
  await page.screenshot({ path: `${SHOTS}/nft-admin-en-light.png`, fullPage: true });

  const now = Date.now();
  const created = await request.post("/api/admin/nft/item", {
    headers: { Authorization: operator },
    form: {
      artist_id: "2",
      names: JSON.stringify({ en: "Tide Hum", spa: "Zumbido de marea" }),
      media_key: key,
      cover_key: "nft/seed-coral.png",
      rarity: "3",
      currency: "USDT",
      price: "12",
      pay_type: "1",
      start_time: String(now - 60_000),
      end_time: String(now + 86_400_000),
      listed: "1",
    },
  });
  const code = ((await created.json()) as { message: { code: string } }).message.code;
  const viewer = await sessionPage(browser, null, "spa", "dark");
  await viewer.goto("/#/nft/nft");
  await viewer.getByTestId(`nft-card-${code}`).click();
  await expect(viewer).toHaveURL(/artworkDetail_video/);
  await expect(viewer.getByTestId("nft-audio")).toHaveAttribute("src", `/api/bind_box/media/${key}`);
  await imagesLoaded(viewer);
  await viewer.screenshot({ path: `${SHOTS}/nft-audio-es-dark.png`, fullPage: true });
  const part = await request.get(`/api/bind_box/media/${key}`, { headers: { Range: "bytes=0-2" } });
  expect([part.status(), part.headers()["content-type"], part.headers()["content-range"]]).toEqual([
    206,
    "audio/mpeg",
    `bytes 0-2/${mp3.length}`,
  ]);
  expect((await part.body()).toString()).toBe("ID3");
});
