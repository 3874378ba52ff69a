import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";

/**
 * Markets are alive on a fresh start (issue #8): with nobody trading, the trade page's chart has history at every
 * period, labelled as simulated (local development only), and the ticker shows the index price next to the last trade.
 */

const SHOTS = "tests/e2e/screenshots";
mkdirSync(SHOTS, { recursive: true });

async function phonePage(page: Page, theme: "dark" | "light") {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((t) => {
    if (sessionStorage.getItem("__e2e_init")) return;
    sessionStorage.setItem("__e2e_init", "1");
    localStorage.clear();
    localStorage.setItem("h5Version", "1");
    localStorage.setItem("lang", JSON.stringify("en"));
    localStorage.setItem("theme", JSON.stringify(t));
  }, theme);
}

for (const theme of ["dark", "light"] as const) {
  test(`a fresh market's chart shows simulated history at 1min and 1D, and the ticker its index price (${theme})`, async ({ page }) => {
    await phonePage(page, theme);
    await page.goto("/#/transaction/currency?symbol=ETH-USDT");
    await expect(page.getByTestId("last-price")).toBeVisible();
    // The index price from the reference feed, as a price with the pair's two decimals.
    await expect(page.getByTestId("index-price")).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/, { timeout: 20_000 });

    for (const period of ["1min", "1D"] as const) {
      await page.getByTestId(`period-${period}`).click();
      const chart = page.getByTestId("candle-chart");
      // 1min: the 1,440 minutes of the chart's day; 1D: the week's 8 days (the first and today partial).
      await expect(chart).toHaveAttribute("data-bars", period === "1min" ? /^1[45]\d\d$/ : /^(8|9)$/, { timeout: 20_000 });
      await expect(page.getByTestId("chart-simulated")).toHaveText("Simulated history");
      await expect(page.getByText("No candles for this period yet")).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/alive-chart-${period}-${theme}.png` });
    }
  });
}
