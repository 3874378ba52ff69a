import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ALICE, BOB, OPERATOR, api, latestCode, logIn, sessionPage, clientAddress } from "./lib/session.ts";

// This file asks for verification codes: from an address of its own (lib/session.ts).
test.use({ extraHTTPHeaders: clientAddress("invite") });

/**
 * Invitations end to end on a phone-sized page: a new user registers from Alice's invite link, claims the seeded
 * 10 USDT bonus on the coupon page (after confirming), buys ETH with it; the rebate job runs (the dev-only route pays
 * today at once); Alice sees the invitee (masked) and her rebate on the share page. Screenshots of the share and
 * coupon pages at 390 px, dark and light, in English and Spanish.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

test("a user registers with Alice's invite code, claims a bonus and trades; after the rebate job Alice sees the rebate", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `invitee${Date.now()}@example.test`;
  const password = "correct-horse-42";

  // Registration from the invite link: the code is filled in and links the new account to Alice.
  const page = await sessionPage(browser, null, "en", "dark");
  await page.goto("/#/register?code=ALICE1");
  await expect(page.locator("#extension_code")).toHaveValue("ALICE1");
  await page.locator("#user_string").fill(email);
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("send-code")).toHaveText(/^\d{1,2} s$/, { timeout: 30_000 });
  await page.locator("#code").fill(await latestCode(request, email));
  await page.locator("#password").fill(password);
  await page.locator("#re_password").fill(password);
  await page.getByLabel("I have read and accept the terms of use and risk notice").check();
  await page.getByTestId("register-submit").click();
  await expect(page).toHaveURL(/#\/$/);

  // The coupon page: the seeded bonus for everyone, claimed after a confirmation, moves to "used".
  await page.goto("/#/setting/coupon");
  const bonus = page.getByTestId("coupon-1");
  await expect(bonus).toContainText("10 USDT");
  await page.getByTestId("coupon-take-1").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("10 USDT will be credited to your exchange account.");
  await dialog.getByRole("button", { name: "Claim" }).click();
  await expect(page.getByTestId("coupon-1")).toHaveCount(0);
  await page.getByTestId("tab-used").click();
  await expect(page.getByTestId("coupon-1")).toContainText("Claimed");

  // The invitee buys 0.002 ETH at market with the bonus: a taker fee in ETH lands in the fee account.
  const token = await logIn(request, { email, password });
  await api(request, "/coin/trade", { data: { currency_id: "2", legal_id: "3", type: "1", amount: "0.002", order_type: "market" }, token });
  let fee = "0";
  await expect
    .poll(async () => {
      const done = await api<{ data: { fee: string; state: string }[] }>(request, "/coin/list", {
        method: "GET",
        data: { status: "2" },
        token,
      });
      fee = done.data[0]?.state === "filled" ? done.data[0].fee : "0";
      return fee;
    })
    .not.toBe("0");

  // The rebate job for today (the dev-only route; the daily job pays ended days the same way).
  const paid = await api<{ paid: number }>(request, "/dev/invite_rebates");
  expect(paid.paid).toBeGreaterThan(0);

  // Alice's share page: her code and link, the invitee masked, and the rebate of 20 % of that fee.
  const aliceToken = await logIn(request, ALICE);
  const rebates = await api<{ list: { invitee: string; currency: string; fee: string; amount: string; rate: string }[] }>(
    request,
    "/invite/rebates",
    { method: "GET", token: aliceToken },
  );
  const mine = rebates.list.find((r) => r.invitee === `inv***@example.test` && r.currency === "ETH");
  expect(mine).toMatchObject({ fee, rate: "0.2" });
  for (const [lang, theme] of [
    ["en", "dark"],
    ["en", "light"],
    ["spa", "dark"],
    ["spa", "light"],
  ] as const) {
    const alice = await sessionPage(browser, aliceToken, lang, theme);
    await alice.goto("/#/setting/share");
    await expect(alice.getByTestId("invite-code")).toHaveText("ALICE1");
    await expect(alice.getByTestId("invite-link")).toHaveText(/\/#\/register\?code=ALICE1$/);
    await expect(alice.getByTestId("invite-qr")).toBeVisible();
    await expect(alice.getByTestId("invitees")).toContainText("inv***@example.test");
    await expect(alice.getByTestId("rebates")).toContainText(`${mine!.amount.replace(".", lang === "spa" ? "," : ".")} ETH`);
    await alice.screenshot({ path: `${SHOTS}/invite-share-${lang}-${theme}.png`, fullPage: true });
    await alice.goto("/#/setting/coupon");
    await expect(alice.getByTestId("coupon-2")).toBeVisible();
    await alice.screenshot({ path: `${SHOTS}/invite-coupon-${lang}-${theme}.png`, fullPage: true });
    await alice.context().close();
  }
});

test("an operator issues a bonus coupon to one user from the console, after a confirmation; only that user sees it", async ({
  browser,
  request,
}) => {
  const opToken = await logIn(request, OPERATOR);
  const page = await sessionPage(browser, opToken, "en", "dark");
  await page.goto("/#/admin/invite");
  await expect(page.getByTestId("invite-rate")).toHaveValue("0.2");
  await page.getByTestId("coupon-kind").selectOption("bonus");
  await page.getByTestId("coupon-currency").fill("USDT");
  await page.getByTestId("coupon-amount").fill("3.5");
  await page.getByTestId("coupon-uid").fill("80000002");
  await page.getByTestId("coupon-issue").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Issue this coupon to UID 80000002?");
  await dialog.getByRole("button").last().click();
  await expect(page.getByTestId("admin-coupons")).toContainText("3.5 USDT");
  await expect(page.getByTestId("admin-coupons")).toContainText("UID 80000002");
  await page.screenshot({ path: `${SHOTS}/invite-console-en-dark.png`, fullPage: true });

  const bob = await logIn(request, BOB);
  const bobs = await api<{ amount: string | null; currency: string | null }[]>(request, "/coupon/list", {
    method: "GET",
    data: { tab: "valid" },
    token: bob,
  });
  expect(bobs.filter((c) => c.amount === "3.5" && c.currency === "USDT")).toHaveLength(1);
  const alice = await logIn(request, ALICE);
  const alices = await api<{ amount: string | null }[]>(request, "/coupon/list", { method: "GET", data: { tab: "valid" }, token: alice });
  expect(alices.filter((c) => c.amount === "3.5")).toHaveLength(0);
});
