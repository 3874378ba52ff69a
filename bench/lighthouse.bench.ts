// Lighthouse (npm, mobile preset: Moto G Power screen, simulated slow 4G and 4x CPU throttling) with Debian's Chromium
// against the app as `wrangler deploy` would ship it: the Worker bundle and the built SPA served by workerd (Miniflare)
// on a freshly seeded local state. Each main page is measured as a first visit (empty cache); pages behind log-in get
// alice's session in localStorage and nothing else. The table prints every figure the targets name, with the page's
// JavaScript and request count, and PASS/FAIL per page.
//
// Targets (the issue's): performance >= 90, accessibility >= 98, best practices 100, LCP <= 2.5 s, CLS <= 0.05,
// TBT <= 150 ms. Lighthouse's simulation derives LCP and TBT from the trace it records, so on a shared two-core machine
// the main-thread figures move with the load: the load average is printed beside the table.
// Run alone: node bench/lighthouse.bench.ts (LH_PAGES=home,trade to pick pages; LH_RUNS=5 for the median of five
// visits each; LH_PORT for the port).
import { existsSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import puppeteer from "puppeteer-core";
import { DEMO_USERS } from "../worker/domain/seed/demo.ts";
import { readyFirstVisit } from "./lib/first-visit.ts";
import { startH2Proxy } from "./lib/h2-proxy.ts";
import { logIn, startWorkerd } from "./lib/workerd.ts";

type Page = { name: string; path: string; session: boolean };

/** The main screens: the first three, assets, and each product's main page that exists in the route table. */
const PAGES: Page[] = [
  { name: "home", path: "/#/", session: false },
  { name: "markets", path: "/#/market", session: false },
  { name: "trade", path: "/#/transaction/currency", session: false },
  { name: "assets", path: "/#/fund/assets", session: true },
  { name: "contract", path: "/#/transaction/contract", session: true },
  { name: "stocks", path: "/#/transaction/contract?symbol=AAPL-USDT", session: true },
  { name: "copy", path: "/#/follow/index", session: true },
  { name: "seconds", path: "/#/transaction/index", session: true },
  { name: "finance", path: "/#/financial", session: false },
  { name: "support", path: "/#/kefu", session: true },
  { name: "ieo", path: "/#/ieo/ieo", session: false },
  { name: "mining", path: "/#/lockming/lockming", session: false },
  { name: "dual", path: "/#/invest/invest", session: false },
  { name: "loans", path: "/#/borrowing", session: true },
  { name: "quiz", path: "/#/game", session: false },
  { name: "nft", path: "/#/nft/nft", session: false },
  { name: "invite", path: "/#/setting/share", session: true },
];

const TARGET = { performance: 90, accessibility: 98, bestPractices: 100, lcpMs: 2500, cls: 0.05, tbtMs: 150 };

type Row = {
  name: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsKb: number;
  requests: number;
  failed: string[];
};

const chromePath = ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].find((p) => existsSync(p));
if (!chromePath) {
  console.log("SKIPPED lighthouse: Chromium is not installed (apt-get install -y chromium)");
  process.exit(0);
}

const wanted = process.env.LH_PAGES ? process.env.LH_PAGES.split(",") : undefined;
const pages = PAGES.filter((p) => !wanted || wanted.includes(p.name));
// LH_BASE=http://localhost:8787 measures an app already running (npm start) instead of starting one.
const served = process.env.LH_BASE
  ? { base: process.env.LH_BASE, stop: async () => {} }
  : await startWorkerd(Number(process.env.LH_PORT ?? 8890), { assets: true });
// Production is HTTPS over HTTP/2 (Cloudflare's edge); LH_HTTP1=1 measures workerd's plain HTTP/1.1 instead.
const http1 = process.env.LH_HTTP1 === "1";
const proxy = http1 ? null : await startH2Proxy(served.base, Number(process.env.LH_PORT ?? 8890) + 1000);
const app = { base: proxy?.base ?? served.base, stop: async () => (await proxy?.stop(), await served.stop()) };
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", ...(proxy ? ["--ignore-certificate-errors"] : [])],
});
try {
  const token = await logIn(served.base, DEMO_USERS[0]!);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows: Row[] = [];
  let version = "";
  // Lighthouse's measure of the host CPU (it warns below 1000: its 4x CPU slowdown then overstates a phone's main thread).
  const benchmarkIndexes: number[] = [];
  /** One first visit of a page: the cache is emptied and storage holds only what its visitor would have (a session or nothing). */
  const visit = async (page: Page) => {
    const tab = await browser.newPage();
    await readyFirstVisit(tab, app.base, page.session ? token : "");
    const result = await lighthouse(
      `${app.base}${page.path}`,
      { output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices"], disableStorageReset: true },
      undefined,
      tab,
    );
    await tab.close();
    if (!result) throw new Error(`lighthouse returned nothing for ${page.name}`);
    // A page behind log-in that showed the log-in page instead was not measured.
    if (page.session && result.lhr.finalDisplayedUrl.includes("/login")) throw new Error(`${page.name} sent the visitor to log in`);
    return result;
  };
  // LH_RUNS=5 visits each page five times and reports Lighthouse's own median run (closest to the median FCP and TTI):
  // on a shared machine one run's TBT moves by 100 ms and more.
  const runs = Math.max(1, Number(process.env.LH_RUNS ?? 1));
  for (const page of pages) {
    const results: Awaited<ReturnType<typeof visit>>[] = [];
    for (let i = 0; i < runs; i++) results.push(await visit(page));
    const result = runs === 1 ? results[0]! : results.find((r) => r.lhr === computeMedianRun(results.map((x) => x.lhr)))!;
    if (runs > 1) {
      const tbts = results.map((r) => (r.lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN).toFixed(0));
      console.log(`${page.name}: TBT of each run ${tbts.join(", ")} ms; the median run's is reported`);
    }
    version = result.lhr.lighthouseVersion;
    benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
    if (process.env.LH_DEBUG) {
      // The whole report, for the audits not printed here (bootup-time, mainthread-work-breakdown, ...).
      writeFileSync(`.wrangler/lighthouse-${page.name}.json`, result.report as string);
      // The trace Lighthouse simulated from, for bench/profile-page.ts-style reading (PROFILE_TRACE's format).
      writeFileSync(`.wrangler/lighthouse-${page.name}.trace.json`, JSON.stringify(result.artifacts.Trace));
      console.log(
        networkItems(result.lhr)
          .map(
            (r) =>
              `${r.resourceType} ${r.protocol} ${r.transferSize} ` +
              `${r.networkRequestTime?.toFixed(0)}-${r.networkEndTime?.toFixed(0)} ms ${r.url}`,
          )
          .join("\n"),
      );
      // The LCP element and its phases (time to first byte, load delay and time, render delay).
      console.log(JSON.stringify(result.lhr.audits["largest-contentful-paint-element"]?.details, null, 1).slice(0, 3000));
      // The main thread's long tasks (what TBT counts beyond 50 ms each), as observed before the simulation's slowdown.
      const tasks = (result.lhr.audits["long-tasks"]?.details as { items?: { url?: string; startTime?: number; duration?: number }[] })
        ?.items;
      for (const task of tasks ?? [])
        console.log(`long task ${task.startTime?.toFixed(0)} ms +${task.duration?.toFixed(0)} ms ${task.url}`);
      for (const id of ["color-contrast", "link-in-text-block", "layout-shifts"]) {
        const items = (result.lhr.audits[id]?.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })?.items;
        for (const item of items ?? []) console.log(`${id}: ${item.node?.snippet} ${item.node?.explanation ?? ""}`);
      }
    }
    rows.push(rowOf(page.name, result.lhr));
  }
  await browser.disconnect();
  print(rows, version, benchmarkIndexes);
} finally {
  await chrome.kill();
  await app.stop();
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

type Request = {
  url?: string;
  resourceType?: string;
  protocol?: string;
  transferSize?: number;
  networkRequestTime?: number;
  networkEndTime?: number;
};
function networkItems(lhr: Lhr): Request[] {
  return (lhr.audits["network-requests"]?.details as unknown as { items?: Request[] })?.items ?? [];
}

function rowOf(name: string, lhr: Lhr): Row {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = networkItems(lhr);
  const jsBytes = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const row: Row = {
    name,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    jsKb: jsBytes / 1024,
    requests: requests.length,
    failed: [],
  };
  if (row.performance < TARGET.performance) row.failed.push("performance");
  if (row.accessibility < TARGET.accessibility) row.failed.push("accessibility");
  if (row.bestPractices < TARGET.bestPractices) row.failed.push("best practices");
  if (!(row.lcpMs <= TARGET.lcpMs)) row.failed.push("LCP");
  if (!(row.cls <= TARGET.cls)) row.failed.push("CLS");
  if (!(row.tbtMs <= TARGET.tbtMs)) row.failed.push("TBT");
  // What failed the accessibility and best-practices scores, so a FAIL names its cause.
  for (const [category, ids] of Object.entries({
    accessibility: lhr.categories.accessibility?.auditRefs ?? [],
    "best practices": lhr.categories["best-practices"]?.auditRefs ?? [],
  })) {
    for (const ref of ids) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) row.failed.push(`${category}: ${ref.id}`);
    }
  }
  return row;
}

function print(rows: Row[], version: string, benchmarkIndexes: number[]) {
  const index = benchmarkIndexes.toSorted((a, b) => a - b)[Math.floor(benchmarkIndexes.length / 2)] ?? Number.NaN;
  console.log(
    `Lighthouse ${version} mobile (simulated throttling), Chromium at ${chromePath}, ${http1 ? "HTTP/1.1" : "HTTPS with HTTP/2"}; ` +
      `load ${loadavg()[0]!.toFixed(2)}; ` +
      `host benchmark index ${index.toFixed(0)} (median; Lighthouse warns of a slow host CPU below 1000)`,
  );
  console.log(
    `targets: performance >= ${TARGET.performance}, accessibility >= ${TARGET.accessibility}, best practices ${TARGET.bestPractices}, ` +
      `LCP <= ${TARGET.lcpMs / 1000} s, CLS <= ${TARGET.cls}, TBT <= ${TARGET.tbtMs} ms`,
  );
  const head = ["page", "perf", "a11y", "bp", "LCP s", "CLS", "TBT ms", "JS KB", "reqs", "verdict"];
  const lines = rows.map((r) => [
    r.name,
    String(r.performance),
    String(r.accessibility),
    String(r.bestPractices),
    (r.lcpMs / 1000).toFixed(2),
    r.cls.toFixed(3),
    r.tbtMs.toFixed(0),
    r.jsKb.toFixed(1),
    String(r.requests),
    r.failed.length === 0 ? "PASS" : "FAIL",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  for (const l of [head, ...lines]) console.log(l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  "));
  for (const r of rows) if (r.failed.length) console.log(`  ${r.name}: ${r.failed.join(", ")}`);
  const passed = rows.filter((r) => r.failed.length === 0).length;
  const verdict = passed === rows.length && rows.length > 0 ? "PASS" : "FAIL";
  console.log(`lighthouse: ${passed} of ${rows.length} pages at or above every target — ${verdict}`);
}
