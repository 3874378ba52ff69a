// Budget report for the built SPA, read from Vite's manifest: the JavaScript
// (gzip) a first visit to a route downloads before it is interactive — the
// entry, the route's lazy page chunk, everything those import statically, and
// the current language's start-up texts (locales/en/startup.ts: English, the default;
// lazy areas, web/src/locales/lazy-areas.ts, count only for the routes that use them).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };
const root = "dist/client";
const manifest = JSON.parse(readFileSync(join(root, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;

const ROUTES: { name: string; page: string; budgetKb: number; areas: string[] }[] = [
  { name: "home route (/)", page: "src/pages/common/HomePage.tsx", budgetKb: 150, areas: [] },
  { name: "trade route (/transaction/currency)", page: "src/pages/transaction/TradePage.tsx", budgetKb: 230, areas: [] },
];

/** The chunks a set of manifest keys loads, following static imports. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...keys];
  while (queue.length) {
    const key = queue.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build manifest: ${key}`);
    seen.add(key);
    queue.push(...(chunk.imports ?? []));
  }
  return seen;
}

/** The files behind a set of keys: several keys share one file when a chunk group merged their modules. */
const filesOf = (keys: Set<string>) => new Set([...keys].map((key) => manifest[key]!.file));

const gzipKb = (keys: Set<string>) =>
  [...filesOf(keys)].reduce((sum, file) => sum + gzipSync(readFileSync(join(root, file))).length, 0) / 1024;

// The entry (boot/entry.ts) imports the app (main.tsx) at once, and index.html asks for both: both count.
const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const locales = ["src/locales/en/startup.ts"];
const start = [entry, "src/main.tsx", ...locales];
const shell = closure(start);

let failed = false;
for (const route of ROUTES) {
  const all = closure([...start, ...route.areas.map((a) => `src/locales/en/${a}.json`), route.page]);
  const kb = gzipKb(all);
  const ownKb = gzipKb(new Set([...all].filter((k) => !shell.has(k))));
  const used = ((kb / route.budgetKb) * 100).toFixed(0);
  console.log(
    `${route.name}: ${kb.toFixed(1)} KB gzip first load in ${filesOf(all).size} files ` +
      `(${ownKb.toFixed(1)} KB of it the page's own), budget ${route.budgetKb} KB, ${used}% used`,
  );
  if (kb > route.budgetKb) {
    console.error(`  over budget: ${route.name}`);
    failed = true;
  }
}
console.log(`shell alone (entry + English locales loaded at start): ${gzipKb(shell).toFixed(1)} KB gzip`);
if (failed) process.exit(1);
