import type { CDPSession, Page } from "puppeteer-core";
import { STORAGE_VERSION } from "../../web/src/lib/storage-version.ts";

/**
 * Readies a tab for a first visit: storage holds only what the visitor would have (a session or nothing, English) and
 * the cache is empty. Any path of the origin serves the SPA: it opens one, sets the storage, leaves for a blank page,
 * then empties the cache. Returns the tab's DevTools session.
 */
export async function readyFirstVisit(tab: Page, base: string, token: string): Promise<CDPSession> {
  await tab.goto(`${base}/robots.txt`);
  await tab.evaluate(
    ([t, storageVersion]) => {
      localStorage.clear();
      // Without the storage version the app clears storage on start (its reset rule), and with it the session.
      localStorage.setItem("h5Version", String(storageVersion));
      localStorage.setItem("lang", JSON.stringify("en"));
      if (t) localStorage.setItem("token", JSON.stringify(t));
    },
    [token, STORAGE_VERSION] as const,
  );
  await tab.goto("about:blank");
  const cdp = await tab.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  return cdp;
}
