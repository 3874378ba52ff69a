import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8799);
/** Debian's Chromium; the real binary skips the wrapper script's noise. Never a downloaded browser. */
const chromium = ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].find((p) => existsSync(p));

export default defineConfig({
  testDir: "tests/e2e",
  // Per port, so runs on different ports never delete each other's results.
  outputDir: `test-results/${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices["Pixel 7"],
    browserName: "chromium",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "retain-on-failure",
  },
  webServer: {
    command: "bash scripts/serve-e2e.sh",
    url: `http://127.0.0.1:${port}/api/getSiteConfig`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
