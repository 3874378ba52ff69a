import { expect, test } from "@playwright/test";

test("the app shell loads from the worker", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("#root")).not.toBeEmpty();
});
