// Screenshots of app routes at phone width, for looking at what we build.
// Usage: node scripts/screenshot.ts <base-url> <out-dir> <route> [route...]
//   env THEME=dark|light  LANG_CODE=en|zh|...  TOKEN=<session token>  WIDTH=390  FULL=1
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const [base = "http://127.0.0.1:8787", out = ".wrangler/shots", ...routes] = process.argv.slice(2);
const theme = process.env.THEME ?? "dark";
const lang = process.env.LANG_CODE ?? "en";
const width = Number(process.env.WIDTH ?? 390);
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: "/usr/lib/chromium/chromium",
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
});
const context = await browser.newContext({ viewport: { width, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
await context.addInitScript(
  ([t, l, token]) => {
    if (sessionStorage.getItem("__shot_init")) return;
    sessionStorage.setItem("__shot_init", "1");
    localStorage.setItem("h5Version", "1");
    localStorage.setItem("theme", JSON.stringify(t));
    localStorage.setItem("lang", JSON.stringify(l));
    if (token) localStorage.setItem("token", JSON.stringify(token));
  },
  [theme, lang, process.env.TOKEN ?? ""],
);
const page = await context.newPage();
page.on("pageerror", (e) => console.error("pageerror:", e.message));
for (const route of routes.length ? routes : ["/"]) {
  await page.goto(`${base}/#${route}`);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(600);
  const file = join(out, `${route.replace(/[^\w]+/g, "_") || "home"}-${theme}-${lang}.png`);
  await page.screenshot({ path: file, fullPage: process.env.FULL === "1" });
  console.log(file);
}
await browser.close();
