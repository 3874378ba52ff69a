import { expect, test } from "@playwright/test";

/**
 * Caching of the app as the assets layer serves it (web/public/_headers): files under /assets/ are named by
 * their content hash and kept for a year without revalidation; the shell (/ and every single-page fallback)
 * is revalidated on each visit, so a deploy reaches everyone. A returning visitor asks the server only for
 * the document and the API.
 */

const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";

test("hashed assets are immutable for a year and the app shell is revalidated", async ({ page, request }) => {
  const scripts: string[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.startsWith("/assets/")) scripts.push(r.url());
  });
  await page.goto("/");
  await expect(page.locator("#root")).not.toBeEmpty();
  expect(scripts.length).toBeGreaterThan(0);

  for (const url of scripts.slice(0, 5)) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()["cache-control"], url).toBe(YEAR_IMMUTABLE);
  }
  for (const path of ["/", "/market/unknown-fallback"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cache-control"], path).toBe("no-cache");
    expect(res.headers()["content-type"], path).toContain("text/html");
    // The security headers of the same file still apply to the shell.
    expect(res.headers()["x-frame-options"], path).toBe("DENY");
  }
  // API answers are never cached by the assets rule.
  const api = await request.get("/api/getSiteConfig");
  expect(api.headers()["cache-control"]).toBe("no-store");
});

test("a returning visitor fetches nothing from /assets/ again: only the document and the API", async ({ page, context }) => {
  await page.goto("/");
  await expect(page.getByTestId("banner-slide").first()).toBeVisible();
  await page.waitForLoadState("networkidle");

  // The DevTools protocol says whether a response came from the browser's cache or the network.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const fromNetwork: string[] = [];
  const fromCache = new Set<string>();
  cdp.on("Network.requestServedFromCache", (e) => fromCache.add(e.requestId));
  cdp.on("Network.responseReceived", (e) => {
    const cached = e.response.fromDiskCache || e.response.fromPrefetchCache || fromCache.has(e.requestId);
    if (!cached) fromNetwork.push(new URL(e.response.url).pathname);
  });

  await page.goto("about:blank");
  await page.goto("/");
  await expect(page.getByTestId("banner-slide").first()).toBeVisible();
  await page.waitForLoadState("networkidle");

  const assets = fromNetwork.filter((p) => p.startsWith("/assets/"));
  expect(assets, "assets fetched again on the second visit").toEqual([]);
  expect(fromNetwork).toContain("/");
  expect(fromNetwork.filter((p) => p !== "/" && !p.startsWith("/api/") && !p.startsWith("/parties/"))).toEqual([]);
});
