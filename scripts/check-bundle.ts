// Budget report for the built SPA: JavaScript (gzip) the home route loads first.
// The entry chunk and its static imports are what the browser fetches before any lazy route.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_HOME_KB = 150;
const root = "dist/client";
const html = readFileSync(join(root, "index.html"), "utf8");
const initial = new Set<string>();
for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) initial.add(m[1]!);

// Follow static imports between chunks (modulepreload links cover most; this covers the rest).
const queue = [...initial];
while (queue.length) {
  const file = queue.pop()!;
  const code = readFileSync(join(root, file), "utf8");
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w{},*\s$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    const dep = `assets/${m[1]}`;
    if (!initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
  }
}
let total = 0;
for (const file of initial) total += gzipSync(readFileSync(join(root, file))).length;
const kb = total / 1024;
console.log(`home route first-load JavaScript: ${kb.toFixed(1)} KB gzip in ${initial.size} file(s) (budget ${BUDGET_HOME_KB} KB, ${((kb / BUDGET_HOME_KB) * 100).toFixed(0)}% used)`);
if (kb > BUDGET_HOME_KB) {
  console.error("over budget");
  process.exit(1);
}
