import { expect, type Page, test } from "@playwright/test";
import { OPERATOR, OPERATOR2, api, latestCode, logIn, sessionPage, clientAddress } from "./lib/session.ts";

// This file asks for verification codes: from an address of its own (lib/session.ts).
test.use({ extraHTTPHeaders: clientAddress("four-eyes") });

/**
 * Four eyes in the console: an operator sets the USDT threshold, a deposit above it
 * is approved by one operator (recorded, nothing credited), refused a second time
 * from the same operator, and credited by the second demo operator.
 */

/** A 1×1 PNG, the payment voucher. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

async function setUsdtThreshold(page: Page, value: string) {
  await page.goto("/#/admin/currencies");
  await page.getByTestId("currency-USDT-second_approval_above").fill(value);
  await page.getByTestId("currency-USDT").getByRole("button", { name: "Save" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Second operator above");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast")).toHaveText("USDT saved");
}

async function confirmVerified(page: Page, card: ReturnType<Page["locator"]>, button: string, verified: string) {
  await card.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("verified-amount").fill(verified);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
}

test("a deposit above the threshold needs a second, different operator", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `eyes-${stamp}@example.test`;
  await api(request, "/sms_mail", { data: { user_string: email, scene: "register" } });
  const code = await latestCode(request, email);
  await api(request, "/user/register", {
    data: {
      user_string: email,
      code,
      password: "eyes-e2e-2026",
      re_password: "eyes-e2e-2026",
      type: "email",
    },
  });
  const userToken = await logIn(request, { email, password: "eyes-e2e-2026" });
  const [first, second] = await Promise.all([OPERATOR, OPERATOR2].map(async (o) => sessionPage(browser, await logIn(request, o))));

  await setUsdtThreshold(first!, "100");
  try {
    // The user reports 500 USDT over TRC20 (through the API; the deposit page is covered by money.spec.ts).
    const upload = await request.post("/api/upload", {
      headers: { Authorization: userToken },
      multipart: { private: "1", file: { name: "voucher.png", mimeType: "image/png", buffer: PNG } },
    });
    const voucher = ((await upload.json()) as { message: string }).message;
    const txHash = `e${stamp.toString(16)}`.padStart(64, "0");
    await api(request, "/wallet/charge_req", {
      data: { account: voucher, amount: "500", currency: "USDT", chain: "TRC20", tx_hash: txHash },
      token: userToken,
    });

    // First operator: recorded, awaiting a second operator; nothing is credited.
    await first!.goto("/#/admin/deposits");
    const card = first!.locator('[data-testid^="admin-deposit-"]').filter({ hasText: email });
    await confirmVerified(first!, card, "Confirm", "500");
    await expect(first!.getByTestId("toast")).toHaveText("Approved; a second operator must approve it too");
    await expect(card.getByTestId("first-approval")).toHaveText("Approved by operator@demo.test for 500 USDT, awaiting a second operator");
    // The same operator again: refused.
    await confirmVerified(first!, card, "Second approval", "500");
    await expect(first!.getByTestId("toast")).toHaveText("You gave the first approval: a different operator must give the second");
    expect(await api(request, "/wallet/get_info", { data: { currency: "USDT" }, token: userToken })).toMatchObject({ change_balance: "0" });

    // Second operator: credited once.
    await second!.goto("/#/admin/deposits");
    const card2 = second!.locator('[data-testid^="admin-deposit-"]').filter({ hasText: email });
    await expect(card2.getByTestId("first-approval")).toBeVisible();
    await confirmVerified(second!, card2, "Second approval", "500");
    await expect(second!.getByTestId("toast")).toHaveText("Success");
    await expect(card2).toBeHidden();
    expect(await api(request, "/wallet/get_info", { data: { currency: "USDT" }, token: userToken })).toMatchObject({
      change_balance: "500",
    });
  } finally {
    await setUsdtThreshold(first!, "");
  }
});
