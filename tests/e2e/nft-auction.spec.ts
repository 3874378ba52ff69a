import { mkdirSync } from "node:fs";
import Decimal from "decimal.js";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ALICE, BOB, OPERATOR, api, latestCode, logIn, sessionPage, clientAddress, spotBalance } from "./lib/session.ts";
import { socketGate } from "./lib/socket-gate.ts";

// This file asks for verification codes: from an address of its own (lib/session.ts).
test.use({ extraHTTPHeaders: clientAddress("nft-auction") });

/**
 * NFT auction end to end: alice and a freshly registered user bid live on bob's seeded lot A-0001 from the bid page
 * (each sees the resulting price before confirming; the other page follows over the auction room), the lot ends
 * (the dev-only /api/dev/nft_auction_end moves its end a few seconds ahead), alice pays from "orders to pay", and
 * bob's USDT rises by exactly the final price less the published 2.5 % platform fee. Then bob lists an artwork he bought
 * for auction from My NFTs, alice wins it from its artwork page, and the payment splits as a fixed-price resale does.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });
const CODE = "A-0001";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A new user, funded with a 300 USDT deposit an operator confirmed. */
async function thirdBidder(request: APIRequestContext): Promise<string> {
  const stamp = Date.now();
  const email = `carol-${stamp}@example.test`;
  await api(request, "/sms_mail", { data: { user_string: email, scene: "register" } });
  const code = await latestCode(request, email);
  await api(request, "/user/register", {
    data: {
      user_string: email,
      code,
      password: "carol-e2e-2026",
      re_password: "carol-e2e-2026",
      type: "email",
    },
  });
  const token = await logIn(request, { email, password: "carol-e2e-2026" });
  const upload = await request.post("/api/upload", {
    headers: { Authorization: token },
    multipart: { private: "1", file: { name: "voucher.png", mimeType: "image/png", buffer: PNG } },
  });
  const voucher = ((await upload.json()) as { message: string }).message;
  const txHash = `c${stamp.toString(16)}`.padStart(64, "0");
  await api(request, "/wallet/charge_req", {
    data: { account: voucher, amount: "300", currency: "USDT", chain: "TRC20", tx_hash: txHash },
    token,
  });
  const operator = await logIn(request, OPERATOR);
  const pending = await api<{ data: { id: number; tx_hash: string }[] }>(request, "/admin/deposits", { method: "GET", token: operator });
  const deposit = pending.data.find((d) => d.tx_hash === txHash)!;
  await api(request, "/admin/deposits/confirm", { data: { id: String(deposit.id), amount: "300" }, token: operator });
  return token;
}

const usdt = async (request: APIRequestContext, token: string) => new Decimal((await spotBalance(request, token, "USDT")).available);

/** Bids from the page: the increment typed, the resulting price read on the form and in the confirmation, then placed. */
async function bidFromPage(page: Page, increment: string, expected: string, confirmText: string) {
  await page.getByTestId("auction-increment").fill(increment);
  await expect(page.getByTestId("auction-next-price")).toHaveText(`${expected} USDT`);
  await page.getByTestId("auction-submit").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`${expected} USDT`);
  await dialog.getByRole("button", { name: confirmText }).click();
  await expect(dialog).toBeHidden();
}

test("alice and a new user bid live on bob's lot, it ends, alice pays and bob receives the price less the fee", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [aliceToken, bobToken] = [await logIn(request, ALICE), await logIn(request, BOB)];
  const carolToken = await thirdBidder(request);
  const bobBefore = await usdt(request, bobToken);

  const alice = await sessionPage(browser, aliceToken);
  const carol = await sessionPage(browser, carolToken, "fra", "light");
  await alice.goto(`/#/nft/purchase?code=${CODE}`);
  await carol.goto(`/#/nft/purchase?code=${CODE}`);
  for (const p of [alice, carol]) await expect(p.getByTestId("auction-form")).toBeVisible();
  await expect(alice.getByTestId("auction-price")).toHaveText("100 USDT");
  await expect(alice.getByTestId("auction-rules")).toContainText("deposit of 10 USDT");
  await alice.screenshot({ path: `${SHOTS}/nft-auction-empty-dark-en.png`, fullPage: true });

  await bidFromPage(alice, "5", "105", "Confirm");
  await expect(alice.getByTestId("auction-my-deposit")).toBeVisible();
  // The other page follows over the auction room, with no reload.
  await expect(carol.getByTestId("auction-price")).toHaveText(/^105\sUSDT$/);
  await bidFromPage(carol, "10", "115", "Confirmer");
  await expect(alice.getByTestId("auction-price")).toHaveText("115 USDT");
  await expect(alice.getByTestId("auction-log").locator("li")).toHaveCount(2);
  await bidFromPage(alice, "5", "120", "Confirm");
  await expect(carol.getByTestId("auction-price")).toHaveText(/^120\sUSDT$/);
  await expect(carol.getByTestId("auction-bid-count")).toHaveText("3");
  await expect(alice.getByTestId("auction-leader")).toHaveText("You");
  await alice.screenshot({ path: `${SHOTS}/nft-auction-bids-dark-en.png`, fullPage: true });
  await carol.screenshot({ path: `${SHOTS}/nft-auction-bids-light-fra.png`, fullPage: true });

  // The lot ends a few seconds from now; both pages learn it from the room.
  await api(request, "/dev/nft_auction_end", { data: { code: CODE, seconds: "3" } });
  await expect(alice.getByTestId("auction-status")).toHaveText("Awaiting payment", { timeout: 30_000 });
  await expect(carol.getByTestId("auction-status")).toHaveText("Paiement attendu", { timeout: 30_000 });
  await expect(carol.getByTestId("auction-my-deposit")).toBeHidden();

  await alice.getByTestId("auction-go-pay").click();
  const order = alice.locator('[data-testid^="need-pay-"]').first();
  await expect(order.getByTestId("order-due")).toHaveText("110 USDT");
  await alice.screenshot({ path: `${SHOTS}/nft-auction-need-pay-dark-en.png`, fullPage: true });
  await order.getByTestId("order-pay").click();
  const dialog = alice.getByRole("dialog");
  await expect(dialog).toContainText("110 USDT");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(order.getByTestId("order-state")).toHaveText("Paid");

  // 120 less the 2.5 % fee (3, rounded up in the house's favour).
  await expect.poll(async () => (await usdt(request, bobToken)).minus(bobBefore).toFixed()).toBe("117");
  // The bid page now shows the lot sold; the loser has nothing to pay and sees her bids outbid.
  await carol.goto(`/#/nft/purchase?code=${CODE}`);
  await expect(carol.getByTestId("auction-status")).toHaveText("Vendu");
  await expect(carol.getByTestId("auction-form")).toBeHidden();
  await carol.goto("/#/nft/needPay");
  await expect(carol.getByText("Aucune commande d'enchère")).toBeVisible();
  await carol.screenshot({ path: `${SHOTS}/nft-auction-need-pay-empty-light-fra.png`, fullPage: true });
  await alice.goto("/#/nft/myBids");
  await expect(alice.getByTestId("my-bids").locator("li")).toHaveCount(2);
  await alice.screenshot({ path: `${SHOTS}/nft-auction-my-bids-dark-en.png`, fullPage: true });

  // The console shows the lot sold, its bidders and the paid order.
  const console = await sessionPage(browser, await logIn(request, OPERATOR), "en", "light");
  await console.goto("/#/admin/nft-auctions");
  const row = console.getByTestId("admin-nft-lots").locator("tr").filter({ hasText: CODE });
  await expect(row).toContainText("Sold");
  await expect(row).toContainText("120 USDT");
  await expect(row).toContainText("Paid");
  await console.screenshot({ path: `${SHOTS}/nft-auction-console-light-en.png`, fullPage: true });
  await alice.close();
  await carol.close();
  await console.close();
});

/** `datetime-local` text of an instant in the browser's zone (the test browser runs in the machine's zone). */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

test("bob lists an artwork he bought for auction from My NFTs; alice wins it and bob receives the price less fee and royalty", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [aliceToken, bobToken, operatorToken] = [await logIn(request, ALICE), await logIn(request, BOB), await logIn(request, OPERATOR)];
  // An artwork by the seeded artist who is a user (she earns the royalty on resales), on sale at 50 USDT; bob buys it.
  const now = Date.now();
  const created = await api<{ code: string }>(request, "/admin/nft/item", {
    data: {
      artist_id: "1",
      names: JSON.stringify({ en: `Resold at auction ${now}` }),
      media_key: "nft/seed-dawn.png",
      rarity: "2",
      currency: "USDT",
      price: "50",
      pay_type: "1",
      start_time: String(now - 60_000),
      end_time: String(now + 3_600_000),
      listed: "1",
    },
    token: operatorToken,
  });
  const code = created.code;
  await api(request, "/bind_box/buyNFT", { data: { code }, token: bobToken, headers: { "Idempotency-Key": `e2e-buy-${now}` } });

  // Bob lists it for auction from the page: starting price 60, increment 5, from now for an hour; confirmed.
  const bob = await sessionPage(browser, bobToken);
  await bob.goto(`/#/nft/myNft?code=${code}`);
  const form = bob.getByTestId("nft-resell-form");
  await form.getByRole("tab", { name: "Auction" }).click();
  await bob.getByTestId("nft-resell-price").fill("60");
  await bob.getByTestId("nft-resell-increment").fill("5");
  await bob.getByTestId("nft-resell-start").fill(localInput(Date.now()));
  await bob.getByTestId("nft-resell-end").fill(localInput(Date.now() + 3_600_000));
  await bob.getByTestId("nft-resell-submit").click();
  const listing = bob.getByRole("dialog");
  await expect(listing).toContainText("from 60 USDT (increment 5)");
  await listing.getByRole("button", { name: "List for sale" }).click();
  await expect(bob.getByTestId("nft-listed-notice")).toBeVisible();
  const bobBefore = await usdt(request, bobToken);

  // A guest watches the lot, but their page's socket handshake is held until after the lot ended: the "ended" frame
  // reaches no one there, and the page must learn the end from the read it makes when the socket opens.
  const guest = await sessionPage(browser, null, "spa", "light");
  const gate = await socketGate(guest, /\/auction-room\//);
  gate.hold();
  await guest.goto(`/#/nft/purchase?code=${code}`);
  await expect(guest.getByTestId("auction-status")).toHaveText("Pujas abiertas");

  // Alice finds it on its artwork page, bids from the auction page, the lot ends and she pays.
  const alice = await sessionPage(browser, aliceToken);
  await alice.goto(`/#/nft/artworkDetail?code=${code}`);
  await alice.getByTestId("nft-bid").click();
  await expect(alice.getByTestId("auction-price")).toHaveText("60 USDT");
  await bidFromPage(alice, "5", "65", "Confirm");
  await api(request, "/dev/nft_auction_end", { data: { code, seconds: "3" } });
  await expect(alice.getByTestId("auction-status")).toHaveText("Awaiting payment", { timeout: 30_000 });
  await expect(guest.getByTestId("auction-status")).toHaveText("Pujas abiertas");
  gate.release();
  await expect(guest.getByTestId("auction-status")).toHaveText("Pendiente de pago");
  await guest.close();
  await alice.getByTestId("auction-go-pay").click();
  // The order of this lot: the list may still hold the one paid in the test before.
  const order = alice.getByTestId("need-pay-list").locator("li").filter({ hasText: "65 USDT" });
  await order.getByTestId("order-pay").click();
  await alice.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(order.getByTestId("order-state")).toHaveText("Paid");

  // 65 less the 2.5 % platform fee (1.625) and the artist's 5 % royalty (3.25): the same split as a fixed-price resale.
  await expect.poll(async () => (await usdt(request, bobToken)).minus(bobBefore).toFixed()).toBe("60.125");
  const detail = await api<{ owner: string | null }>(request, "/bind_box/getBoxDetail", { method: "GET", data: { id: code } });
  expect(detail.owner).toBe("Alice");
  await alice.close();
  await bob.close();
});
