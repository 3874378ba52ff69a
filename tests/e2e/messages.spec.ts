import { mkdirSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";

/**
 * Issue #15: the bell with its unread badge and the account centre's "Message centre" row opened "This page does not
 * exist". They open the message centre; a personal message opens, is marked read, and the badge counts down.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

/** Logs in over the API; the dev server's first request (it wakes every market) may drop, so a non-JSON answer is retried. */
async function login(request: APIRequestContext, email: string, password: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const res = await request.post("/api/user/login", { form: { user_string: email, password } });
    const text = await res.text();
    if (!text.startsWith("{") && attempt < 3) continue;
    const body = JSON.parse(text) as { type: string; message: string };
    expect(body.type).toBe("ok");
    return body.message;
  }
}

async function sessionPage(browser: Browser, token: string, lang: string, theme: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await context.addInitScript(
    ({ t, l, th }) => {
      if (sessionStorage.getItem("__e2e_init")) return;
      sessionStorage.setItem("__e2e_init", "1");
      localStorage.clear();
      localStorage.setItem("h5Version", "1");
      localStorage.setItem("lang", JSON.stringify(l));
      localStorage.setItem("theme", JSON.stringify(th));
      localStorage.setItem("token", JSON.stringify(t));
    },
    { t: token, l: lang, th: theme },
  );
  return context.newPage();
}

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
  const token = await login(request, "alice@demo.test", "alice-demo-2026");
  const unread = async () =>
    ((await (await request.get("/api/chat/unread", { headers: { authorization: token } })).json()) as { message: { count: number } })
      .message.count;
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
  const token = await login(request, "bob@demo.test", "bob-demo-2026");
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
