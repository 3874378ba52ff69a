import { expect, type Locator, type Page, test } from "@playwright/test";
import { ALICE, logIn, sessionPage } from "./lib/session.ts";

/**
 * Keyboard and screen-reader use: log-in, a spot order and a withdrawal driven by Tab, typing, Enter and Space only,
 * every control found by its role and accessible name (what a screen reader announces), at phone width.
 */

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has the focus: it must be reachable in the page's tab order, within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  expect(await isFocused(target), `${target} is reachable with Tab`).toBe(true);
}

test("log in with the keyboard alone", async ({ browser }) => {
  const page = await sessionPage(browser, null);
  await page.goto("/#/login");
  await tabTo(page, page.getByRole("textbox", { name: "Email" }));
  await page.keyboard.type(ALICE.email);
  await tabTo(page, page.getByRole("textbox", { name: "Password" }));
  await page.keyboard.type(ALICE.password);
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/#\/login/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toMatch(/^"[\w-]{43}"$/);
  await page.context().close();
});

test("place a limit order and cancel it with the keyboard alone; the confirmation takes the focus and gives it back", async ({
  browser,
  request,
}) => {
  const token = await logIn(request);
  const page = await sessionPage(browser, token);
  await page.goto("/#/transaction/currency?symbol=BTC-USDT");
  await tabTo(page, page.getByRole("tab", { name: "Buy" }));
  await tabTo(page, page.getByRole("tab", { name: "Limit" }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("textbox", { name: "Price (USDT)" }));
  await page.keyboard.press("ControlOrMeta+A");
  // Far below the market, so the order rests on the book.
  await page.keyboard.type("50000");
  await tabTo(page, page.getByRole("textbox", { name: "Amount (BTC)" }));
  await page.keyboard.type("0.001");
  const submit = page.getByRole("button", { name: "Buy BTC" });
  await tabTo(page, submit);
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Price: 50,000.00 USDT");
  // The dialog holds the focus: Tab cycles inside it.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await tabTo(page, dialog.getByRole("button", { name: "Buy" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").or(page.getByTestId("toast"))).toHaveText("Order placed");
  await expect(dialog).toBeHidden();
  // The focus is back on the button that opened the confirmation.
  await expect.poll(() => isFocused(submit)).toBe(true);

  // Cancel it: the order's own Cancel button, then the prompt's "Cancel order" (Escape would keep it).
  const row = page.getByTestId("open-orders").getByTestId("order-row").filter({ hasText: "50,000.00" });
  await tabTo(page, row.getByRole("button", { name: "Cancel" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await page.keyboard.press("Enter");
  await tabTo(page, dialog.getByRole("button", { name: "Cancel order" }));
  await page.keyboard.press("Space");
  await expect(row).toHaveCount(0);
  await page.context().close();
});

test("the withdraw form with the keyboard alone: every field is labelled, and its errors are announced with the field", async ({
  browser,
  request,
}) => {
  const token = await logIn(request);
  const page = await sessionPage(browser, token);
  await page.goto("/#/fund/withdraw?currency=3");
  await expect(page.getByRole("heading", { name: "Withdraw USDT", level: 1 })).toBeVisible();
  // What the account still needs is said first, each with its link.
  await tabTo(page, page.getByRole("link", { name: "Verify now" }));
  await tabTo(page, page.getByRole("link", { name: "Set one" }));
  await tabTo(page, page.getByRole("radio", { name: "Address" }));
  const amount = page.getByRole("textbox", { name: "Amount" });
  await tabTo(page, amount);
  await page.keyboard.type("5");
  await tabTo(page, page.getByRole("textbox", { name: "Pay password" }));
  await tabTo(page, page.getByRole("textbox", { name: "Verification code" }));
  await tabTo(page, page.getByRole("button", { name: "Withdraw", exact: true }));
  await page.keyboard.press("Enter");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription("The minimum is 10 USDT");
  await expect(page.getByRole("textbox", { name: "Pay password" })).toHaveAccessibleDescription("Enter your pay password");
  await expect(page.getByRole("textbox", { name: "Verification code" })).toHaveAccessibleDescription("Enter the verification code");
  await page.context().close();
});
