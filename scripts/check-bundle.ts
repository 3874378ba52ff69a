// Budget report for the built SPA: JavaScript (gzip) the home route loads first,
// and the whole JavaScript the trade route needs (entry + the trade page's chunks, chart included).
// The entry chunk and its static imports are what the browser fetches before any lazy route.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_HOME_KB = 150;
const BUDGET_TRADE_KB = 230;
const root = "dist/client";
const html = readFileSync(join(root, "index.html"), "utf8");

/** Adds to `files` every chunk they import statically, transitively. */
function followStaticImports(files: Set<string>): Set<string> {
  // Follow static imports between chunks (modulepreload links cover most; this covers the rest).
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop()!;
    const code = readFileSync(join(root, file), "utf8");
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w{},*\s$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      const dep = `assets/${m[1]}`;
      if (!files.has(dep)) {
        files.add(dep);
        queue.push(dep);
      }
    }
  }
  return files;
}

const gzipKb = (files: Set<string>) => {
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(join(root, file))).length;
  return total / 1024;
};

const initial = new Set<string>();
for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) initial.add(m[1]!);
followStaticImports(initial);
const kb = gzipKb(initial);
console.log(`home route first-load JavaScript: ${kb.toFixed(1)} KB gzip in ${initial.size} file(s) (budget ${BUDGET_HOME_KB} KB, ${((kb / BUDGET_HOME_KB) * 100).toFixed(0)}% used)`);
let failed = false;
if (kb > BUDGET_HOME_KB) {
  console.error("home route over budget");
  failed = true;
}

// The trade route (/transaction/currency): the entry as above plus the trade page's lazy chunk
// (pages/transaction/TradePage.tsx, which carries lightweight-charts) and every chunk it imports statically.
const tradeChunk = readdirSync(join(root, "assets")).find((f) => /^TradePage-[\w-]+\.js$/.test(f));
if (!tradeChunk) {
  console.error("trade page chunk (TradePage-*.js) not found");
  process.exit(1);
}
const tradeOwn = followStaticImports(new Set([`assets/${tradeChunk}`]));
const trade = new Set([...initial, ...tradeOwn]);
const tradeKb = gzipKb(trade);
const tradeExtraKb = gzipKb(new Set([...tradeOwn].filter((f) => !initial.has(f))));
console.log(
  `trade route JavaScript: ${tradeKb.toFixed(1)} KB gzip in ${trade.size} file(s), of which ${tradeExtraKb.toFixed(1)} KB load with the trade page (budget ${BUDGET_TRADE_KB} KB, ${((tradeKb / BUDGET_TRADE_KB) * 100).toFixed(0)}% used)`,
);
if (tradeKb > BUDGET_TRADE_KB) {
  console.error("trade route over budget");
  failed = true;
}
if (failed) process.exit(1);
