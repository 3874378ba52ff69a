// Prints one closing line for the whole run: "tests: N passed, N failed[, N skipped]".
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? ".wrangler/reports";
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of ["unit.json", "worker.json"]) {
  const path = join(dir, name);
  if (!existsSync(path)) continue;
  const report = JSON.parse(readFileSync(path, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
const e2e = join(dir, "e2e.json");
if (existsSync(e2e)) {
  const stats = JSON.parse(readFileSync(e2e, "utf8")).stats;
  passed += stats.expected;
  failed += stats.unexpected;
  skipped += stats.skipped;
}
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
