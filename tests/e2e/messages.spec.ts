import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { ALICE, BOB, api, logIn, sessionPage } from "./lib/session.ts";

/**
 * Issue #15: the bell with its unread badge and the account centre's "Message centre" row opened "This page does not
 * exist". They open the message centre; a personal message opens, is marked read, and the badge counts down.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

async function dismissPopup(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog");
  try {
    await dialog.waitFor({ state: "visible", timeout: 3000 });
  } catch {
    return;
  }
  await dialog.getByRole("button").last().click();
  await expect(dialog).toHaveCount(0);
}

test("the bell opens the message centre; a personal message opens, is marked read and the badge counts down", async ({
  browser,
  request,
}) => {
  const token = await logIn(request, ALICE);
  const unread = async () => (await api<{ count: number }>(request, "/chat/unread", { method: "GET", token })).count;
  const before = await unread();
  expect(before).toBeGreaterThan(0);

  const page = await sessionPage(browser, token, "en", "dark");
  await page.goto("/#/");
  await dismissPopup(page);
  await expect(page.getByTestId("unread-count")).toHaveText(String(before));
  await page.getByTestId("unread-bell").click();
  await expect(page).toHaveURL(/#\/mailMessage\/mailMessage$/);
  await expect(page.getByText("This page does not exist")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Message centre" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/messages-centre-en-dark.png`, fullPage: true });

  await page.getByTestId("personal-row").click();
  await expect(page.getByTestId("message-list")).toBeVisible();
  await expect(page.getByText("Set your trade password")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/messages-list-en-dark.png`, fullPage: true });
  await page.getByText("Set your trade password").click();
  await expect(page.getByTestId("message-detail")).toContainText("A trade password protects withdrawals");
  await expect.poll(unread).toBe(before - 1);
  await expect(page.getByTestId("unread-count")).toHaveCount(0); // no bell on this page; back home it shows the new count
  await page.goto("/#/");
  await expect(page.getByTestId("unread-count")).toHaveText(String(before - 1));
  await page.context().close();
});

test("the account centre's Message centre row opens the message centre, in French (translated announcement), light theme", async ({
  browser,
  request,
}) => {
  const token = await logIn(request, BOB);
  const page = await sessionPage(browser, token, "fra", "light");
  await page.goto("/#/setting/setting");
  await page.getByRole("link", { name: /Centre de messages/ }).click();
  await expect(page).toHaveURL(/#\/mailMessage\/mailMessage$/);
  await expect(page.getByRole("heading", { name: "Centre de messages" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/messages-centre-fra-light.png`, fullPage: true });
  await page.getByTestId("announcements-row").click();
  await expect(page.getByTestId("message-list")).toBeVisible();
  // The welcome announcement has a French text: it is shown instead of the English one.
  await expect(page.getByText("Bienvenue sur Edge Exchange")).toBeVisible();
  await expect(page.getByText("Welcome to Edge Exchange")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/messages-announcements-fra-light.png`, fullPage: true });
  await page.context().close();
});
