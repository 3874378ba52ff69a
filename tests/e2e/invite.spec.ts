import { mkdirSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { clientAddress } from "./lib/session.ts";

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

async function api<T>(request: APIRequestContext, path: string, form: Record<string, string>, token?: string, get = false): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const headers = token ? { Authorization: token } : undefined;
    const res = get ? await request.get(`/api${path}`, { params: form, headers }) : await request.post(`/api${path}`, { form, headers });
    const text = await res.text();
    // A fresh dev server may answer its first requests with plain text while it warms up.
    if (!text.startsWith("{") && attempt < 2) {
      await new Promise((r) => setTimeout(r, 2_000));
      continue;
    }
    const body = JSON.parse(text) as { type: string; message: T };
    expect(body.type, `${path}: ${text.slice(0, 200)}`).toBe("ok");
    return body.message;
  }
}

const login = (request: APIRequestContext, email: string, password: string) =>
  api<string>(request, "/user/login", { user_string: email, password });

async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (await res.json()) as { message: { body: string }[] };
      code = /\b(\d{6})\b/.exec(body.message[0]?.body ?? "")?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

async function sessionPage(browser: Browser, token: string | null, lang: string, theme: "dark" | "light"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await context.addInitScript(
    ({ t, l, th }) => {
      if (sessionStorage.getItem("__e2e_init")) return;
      sessionStorage.setItem("__e2e_init", "1");
      localStorage.clear();
      localStorage.setItem("h5Version", "1");
      localStorage.setItem("lang", JSON.stringify(l));
      localStorage.setItem("theme", JSON.stringify(th));
      if (t) localStorage.setItem("token", JSON.stringify(t));
    },
    { t: token, l: lang, th: theme },
  );
  return context.newPage();
}

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
  const token = await login(request, email, password);
  await api(request, "/coin/trade", { currency_id: "2", legal_id: "3", type: "1", amount: "0.002", order_type: "market" }, token);
  let fee = "0";
  await expect
    .poll(async () => {
      const done = await api<{ data: { fee: string; state: string }[] }>(request, "/coin/list", { status: "2" }, token, true);
      fee = done.data[0]?.state === "filled" ? done.data[0].fee : "0";
      return fee;
    })
    .not.toBe("0");

  // The rebate job for today (the dev-only route; the daily job pays ended days the same way).
  const paid = await api<{ paid: number }>(request, "/dev/invite_rebates", {});
  expect(paid.paid).toBeGreaterThan(0);

  // Alice's share page: her code and link, the invitee masked, and the rebate of 20 % of that fee.
  const aliceToken = await login(request, "alice@demo.test", "alice-demo-2026");
  const rebates = await api<{ list: { invitee: string; currency: string; fee: string; amount: string; rate: string }[] }>(
    request,
    "/invite/rebates",
    {},
    aliceToken,
    true,
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
  const opToken = await login(request, "operator@demo.test", "operator-demo-2026");
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

  const bob = await login(request, "bob@demo.test", "bob-demo-2026");
  const bobs = await api<{ amount: string | null; currency: string | null }[]>(request, "/coupon/list", { tab: "valid" }, bob, true);
  expect(bobs.filter((c) => c.amount === "3.5" && c.currency === "USDT")).toHaveLength(1);
  const alice = await login(request, "alice@demo.test", "alice-demo-2026");
  const alices = await api<{ amount: string | null }[]>(request, "/coupon/list", { tab: "valid" }, alice, true);
  expect(alices.filter((c) => c.amount === "3.5")).toHaveLength(0);
});
