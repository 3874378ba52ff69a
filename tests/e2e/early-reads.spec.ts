import { expect, type Page, test } from "@playwright/test";
import { logIn, sessionPage } from "./lib/session.ts";

/**
 * A main page opened directly gets its first reads from the boot script, sent before the app's code has arrived; the
 * page's own identical request takes the early answer (web/src/boot/opening.ts, `reads` in the route tables). Kept
 * true here: opened directly, a page asks for no read twice, and for nothing the same page does not ask for when
 * reached inside the app (where nothing is sent early).
 */

// One page for each way a route composes its reads: POST bodies (home), the stored pair (trade, contract), the contract's
// ?symbol= that may be a stock, a session's own data (assets), a branch on the session (loans), and params left out when
// empty (IEO, NFT).
const PAGES = [
  "/#/",
  "/#/transaction/currency",
  "/#/transaction/contract",
  "/#/transaction/contract?symbol=AAPL-USDT",
  "/#/fund/assets",
  "/#/borrowing",
  "/#/ieo/ieo",
  "/#/nft/nft",
];

/** Reads that carry the time in their URL, repeat on a timer or belong to the app's frame, not to a page. */
const NOT_A_PAGE_READ = /new_timeshar|index_kline|price_trail|fiat\/rates|user\/info|getSiteConfig|index_pop|message|unread/;

function reads(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/") && !NOT_A_PAGE_READ.test(url.pathname))
      seen.push(`${r.method()} ${url.pathname}${url.search} ${r.postData() ?? ""}`.trim());
  });
  return seen;
}

let token = "";
test.beforeAll(async ({ request }) => {
  token = await logIn(request);
});

for (const path of PAGES) {
  test(`${path} opened directly asks for each first read once, and only for reads the page makes`, async ({ browser }) => {
    const direct = await sessionPage(browser, token);
    const sent = reads(direct);
    await direct.goto(path);
    await direct.waitForLoadState("networkidle");
    const twice = sent.filter((r, i) => sent.indexOf(r) !== i);
    expect(twice, "asked twice").toEqual([]);

    // The same page reached inside the app: from a page that reads nothing of its own, by changing the hash.
    const inApp = await sessionPage(browser, token);
    await inApp.goto("/#/no-such-page");
    await inApp.waitForLoadState("networkidle");
    const navigated = reads(inApp);
    await inApp.evaluate((hash) => (location.hash = hash), path.slice(1));
    await inApp.waitForLoadState("networkidle");
    await expect.poll(() => navigated.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await inApp.waitForTimeout(1_000);
    expect(
      sent.filter((r) => !navigated.includes(r)),
      "sent for nothing",
    ).toEqual([]);
    await direct.context().close();
    await inApp.context().close();
  });
}
