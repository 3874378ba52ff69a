import { type Page, expect, test } from "@playwright/test";
import { ALICE, OPERATOR, logIn } from "./lib/session.ts";

/**
 * Security at the edges, in the browser against the app as `npm start` serves
 * it: the app shell's Content-Security-Policy (and that the app runs under it
 * without a single violation), the web view's host allow-list as operators
 * edit it, and log-in redirects that follow app routes only.
 */

async function fresh(page: Page, token?: string) {
  await page.addInitScript((t) => {
    if (sessionStorage.getItem("__e2e_init")) return;
    sessionStorage.setItem("__e2e_init", "1");
    localStorage.clear();
    localStorage.setItem("h5Version", "1");
    localStorage.setItem("popupNoticeSeen", "999999");
    localStorage.setItem("lang", JSON.stringify("en"));
    localStorage.setItem("theme", JSON.stringify("dark"));
    if (t) localStorage.setItem("token", JSON.stringify(t));
  }, token ?? null);
}

/** Every CSP violation the page reports, from the console and from securitypolicyviolation events. */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) seen.push(msg.text());
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return seen;
}

test("the app shell carries its CSP and frame headers, and the app runs under them without a violation", async ({ page, request }) => {
  const shell = await request.get("/");
  const csp = shell.headers()["content-security-policy"] ?? "";
  for (const part of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "connect-src 'self' ws: wss:",
  ]) {
    expect(csp).toContain(part);
  }
  expect(shell.headers()["x-frame-options"]).toBe("DENY");
  const fallback = await request.get("/some/deep/link", { headers: { "Sec-Fetch-Mode": "navigate" } });
  expect(fallback.headers()["content-security-policy"]).toBe(csp);
  const api = await request.get("/api/getSiteConfig");
  expect(api.headers()["x-frame-options"]).toBe("DENY");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");

  const violations = watchViolations(page);
  await fresh(page, await logIn(request, ALICE));
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  for (const [route, ready] of [
    ["/#/", "banner-slide"],
    ["/#/market", "quote-row"],
    ["/#/transaction/currency?symbol=BTC-USDT", "order-book"],
    ["/#/fund/assets", "assets-total"],
    ["/#/setting/security", "bound-email"],
    ["/#/fund/withdraw?currency=3", "withdraw-available"],
  ] as const) {
    await page.goto(route);
    await expect(page.getByTestId(ready).first()).toBeVisible();
  }
  // Candles and the socket rooms are the parts most likely to trip a policy: they ran.
  expect(sockets.some((u) => u.includes("/parties/"))).toBe(true);
  expect(violations).toEqual([]);
});

test("the web view opens allow-listed hosts only; operators edit the list in the console", async ({ page, request, browser }) => {
  await fresh(page);
  await page.goto(`/#/webView?url=${encodeURIComponent("https://example.com/path")}`);
  await expect(page.getByTestId("webview-frame")).toHaveAttribute("src", "https://example.com/path");
  await expect(page.getByTestId("webview-open")).toHaveAttribute("href", "https://example.com/path");

  await page.goto(`/#/webView?url=${encodeURIComponent("https://docs.evil.test/login")}`);
  await expect(page.getByTestId("webview-refused")).toContainText("docs.evil.test is not one of them");
  await expect(page.getByTestId("webview-frame")).toHaveCount(0);
  await expect(page.getByTestId("webview-open")).toHaveCount(0);

  // The operator allows *.evil.test in the console; the same link then opens.
  const op = await browser.newPage();
  await fresh(op, await logIn(request, OPERATOR));
  await op.goto("/#/admin/settings");
  const hosts = op.getByTestId("admin-webview-hosts").locator("textarea");
  await expect(hosts).toHaveValue(/example\.com/);
  const before = await hosts.inputValue();
  await hosts.fill(`${before}\nhttps://bad entry`);
  await op.getByRole("button", { name: "Save" }).click();
  await expect(op.getByTestId("toast")).toContainText('"https://bad" is not a host name');
  await hosts.fill(`${before}\n*.evil.test`);
  await op.getByRole("button", { name: "Save" }).click();
  await expect(op.getByTestId("toast")).toHaveText("Saved");

  await page.reload();
  await expect(page.getByTestId("webview-frame")).toHaveAttribute("src", "https://docs.evil.test/login");

  // Put the list back for the other tests.
  await hosts.fill(before);
  await op.getByRole("button", { name: "Save" }).click();
  await expect(op.getByTestId("toast")).toHaveText("Saved");
  await op.goto("/#/admin/audit");
  // The audit log names the action in words.
  await expect(op.getByTestId("audit-action").first()).toHaveText("Setting changed");
  await op.close();
});

test("after log-in only app routes are followed; anything else goes home", async ({ page }) => {
  await fresh(page);
  for (const [redirect, lands] of [
    ["https://evil.example/phish", /#\/$/],
    ["//evil.example", /#\/$/],
    ["/no/such/page", /#\/$/],
    ["/setting/security", /#\/setting\/security$/],
  ] as const) {
    await page.goto(`/#/login?redirect=${encodeURIComponent(redirect)}`);
    await page.locator("#user_string").fill(ALICE.email);
    await page.locator("#password").fill(ALICE.password);
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(lands);
    await page.evaluate(() => {
      localStorage.removeItem("token");
      localStorage.removeItem("user");
    });
  }
});
