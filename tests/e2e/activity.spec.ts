import { mkdirSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { ALICE, BOB, OPERATOR, api, apiResult, logIn, sessionPage, spotBalance } from "./lib/session.ts";

/**
 * Activities end to end on a phone-sized page: Alice asks Bob by UID, Bob sees the request and confirms, both deposit
 * the seeded minimum (100 USDT each, through the deposit request and the operator's confirmation), Alice claims the
 * 10 USDT reward after confirming the prompt, her exchange balance rises by exactly that, and a second claim is
 * "already received". Then the VIP, activity and download pages, in English and Spanish, dark and light.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A confirmed USDT deposit: the user's request with a voucher and a hash, then the operator's confirmation. */
async function deposit(request: APIRequestContext, token: string, operatorToken: string, amount: string, tag: string) {
  const upload = await request.post("/api/upload", {
    headers: { Authorization: token },
    multipart: { private: "1", file: { name: "voucher.png", mimeType: "image/png", buffer: PNG } },
  });
  const voucher = ((await upload.json()) as { message: string }).message;
  const txHash = `${tag}${Date.now().toString(16)}`.padStart(64, "0");
  await api(request, "/wallet/charge_req", {
    data: { account: voucher, amount, currency: "USDT", chain: "TRC20", tx_hash: txHash },
    token,
  });
  const queue = await api<{ data: { id: number; tx_hash: string }[] }>(request, "/admin/deposits", {
    method: "GET",
    data: { status: "pending", limit: "50" },
    token: operatorToken,
  });
  const row = queue.data.find((d) => d.tx_hash === txHash)!;
  await api(request, "/admin/deposits/confirm", { data: { id: String(row.id), amount }, token: operatorToken });
}

test("a couple link from request to claimed reward, paid once", async ({ browser, request }) => {
  const [aliceToken, bobToken, operatorToken] = [await logIn(request, ALICE), await logIn(request, BOB), await logIn(request, OPERATOR)];
  const alice = await sessionPage(browser, aliceToken, "en", "dark");
  const bob = await sessionPage(browser, bobToken, "spa", "light");

  // The activity list shows the seeded request from Bob waiting for Alice.
  await alice.goto("/#/activity/activity");
  await expect(alice.getByTestId("activity-lovers-state")).toHaveText("Request waiting");
  await expect(alice.getByTestId("activity-vip-state")).toContainText("VIP");
  await alice.screenshot({ path: `${SHOTS}/activity-list-en-dark.png`, fullPage: true });

  // Alice asks Bob by UID, after a confirmation.
  await alice.getByTestId("activity-lovers").click();
  await expect(alice.getByTestId("lovers-incoming")).toContainText(`UID ${BOB.uid}`);
  await alice.getByTestId("lovers-uid").fill(BOB.uid);
  await alice.getByTestId("lovers-send").click();
  const ask = alice.getByRole("dialog");
  await expect(ask).toContainText(`Ask UID ${BOB.uid} to link with you.`);
  await ask.getByRole("button", { name: "Confirm" }).click();
  await expect(alice.getByTestId("toast")).toHaveText("Request sent");
  await expect(alice.getByTestId("lovers-outgoing")).toContainText(`Waiting for UID ${BOB.uid}`);
  await alice.screenshot({ path: `${SHOTS}/activity-lovers-pending-en-dark.png`, fullPage: true });

  // Bob (Spanish, light) sees Alice's request and confirms it, after the irrevocability prompt.
  await bob.goto("/#/activity/lovers");
  const incoming = bob.getByTestId("lovers-incoming");
  await expect(incoming).toContainText(`UID ${ALICE.uid}`);
  await bob.screenshot({ path: `${SHOTS}/activity-lovers-request-es-light.png`, fullPage: true });
  await incoming.locator('[data-testid^="lovers-request-"]').filter({ hasText: ALICE.uid }).getByTestId("lovers-accept").click();
  const sure = bob.getByRole("dialog");
  await expect(sure).toContainText(`Vincular su cuenta con el UID ${ALICE.uid}. Un vínculo es permanente`);
  await sure.getByRole("button").last().click();
  await expect(bob.getByTestId("lovers-partner")).toHaveText("Alice");
  await expect(bob.getByTestId("lovers-reward")).toHaveText("Aún no disponible");
  await bob.screenshot({ path: `${SHOTS}/activity-lovers-linked-es-light.png`, fullPage: true });

  // Both deposit the seeded minimum (100 USDT each) since the link.
  await deposit(request, aliceToken, operatorToken, "100", "a");
  await deposit(request, bobToken, operatorToken, "100", "b");

  // Alice: claimable; the prompt names the amount; the reward lands once.
  const before = (await spotBalance(request, aliceToken, "USDT")).available;
  await alice.reload();
  await expect(alice.getByTestId("lovers-mine")).toHaveText("100 / 100 USDT");
  await expect(alice.getByTestId("lovers-theirs")).toHaveText("100 / 100 USDT");
  await expect(alice.getByTestId("lovers-reward")).toHaveText("Claimable");
  await alice.screenshot({ path: `${SHOTS}/activity-lovers-claimable-en-dark.png`, fullPage: true });
  await alice.getByTestId("lovers-claim").click();
  const claim = alice.getByRole("dialog");
  await expect(claim).toContainText("10 USDT will be credited to your exchange account. The reward can be claimed once.");
  await claim.getByRole("button", { name: "Confirm" }).click();
  await expect(alice.getByTestId("toast")).toHaveText("10 USDT has been credited to your exchange account");
  await expect(alice.getByTestId("lovers-reward")).toHaveText("Claimed");
  await expect(alice.getByTestId("lovers-claim")).toHaveCount(0);
  const after = (await spotBalance(request, aliceToken, "USDT")).available;
  expect(Number(after) * 1e6 - Number(before) * 1e6).toBe(10e6);
  await alice.screenshot({ path: `${SHOTS}/activity-lovers-claimed-en-dark.png`, fullPage: true });

  // A second claim is refused with the translated "already received".
  const again = await apiResult(request, "/activity/lovers/claim", { data: { lang: "en" }, token: aliceToken });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe("You have already received this reward");
  expect((await spotBalance(request, aliceToken, "USDT")).available).toBe(after);

  // Bob's reward is still his to claim; the list shows it.
  await bob.goto("/#/activity/activity");
  await expect(bob.getByTestId("activity-lovers-state")).toHaveText("Disponible");
  await bob.screenshot({ path: `${SHOTS}/activity-list-es-light.png`, fullPage: true });

  // The console lists the link with who has claimed.
  const console = await sessionPage(browser, operatorToken, "en", "light");
  await console.goto("/#/admin/activity");
  // Alice's request (linked) and the seeded one from Bob (withdrawn when Bob confirmed hers).
  const rows = console.getByTestId("admin-couple-links").locator("tr").filter({ hasText: ALICE.uid });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Withdrawn" })).toHaveCount(1);
  const row = rows.filter({ hasText: "Linked" });
  await expect(row.locator("td").nth(1)).toHaveText(ALICE.uid);
  await expect(row.locator("td").nth(2)).toHaveText(BOB.uid);
  await expect(row.locator("td").nth(4)).toHaveText("A");
  await expect(console.getByTestId("vip-junior")).toHaveValue("1000");
  await console.screenshot({ path: `${SHOTS}/activity-admin-en-light.png`, fullPage: true });
});

test("VIP tier with progress and rules, and the download page, in both themes and in English and Spanish", async ({ browser, request }) => {
  const token = await logIn(request, ALICE);
  for (const [lang, theme] of [
    ["en", "dark"],
    ["en", "light"],
    ["spa", "dark"],
    ["spa", "light"],
  ] as const) {
    const page = await sessionPage(browser, token, lang, theme);
    await page.goto("/#/activity/vip");
    await expect(page.getByTestId("vip-rules")).toContainText(lang === "en" ? "Intermediate" : "Intermedio");
    await expect(page.getByTestId("vip-total")).toContainText("USDT");
    await expect(page.getByTestId("vip-level")).toContainText("VIP");
    const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(bodyWidth).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/activity-vip-${lang}-${theme}.png`, fullPage: true });
    await page.goto("/#/downLoad_new");
    await expect(page.getByTestId("download-qr")).toBeVisible();
    await expect(page.getByTestId("download-url")).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/activity-download-${lang}-${theme}.png`, fullPage: true });
    await page.context().close();
  }
});
