// Prints one closing line for the whole run: "tests: N passed, N failed[, N skipped][ (browser suite skipped: why)]".
// Usage: node scripts/test-summary.ts <reports dir> [--browser-skipped "<why>"]
// The line starts "tests: N passed, N failed" whatever follows, so scripts can parse it; a run without the browser
// suite says so rather than passing for a full run.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export type Counts = { passed: number; failed: number; skipped: number };

/** The summary line; `browserSkipped` is why the browser suite did not run (null when it ran). */
export function summaryLine(counts: Counts, browserSkipped: string | null): string {
  const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : "";
  const browser = browserSkipped === null ? "" : ` (browser suite skipped: ${browserSkipped})`;
  return `tests: ${counts.passed} passed, ${counts.failed} failed${skipped}${browser}`;
}

/** Adds up the vitest JSON reports (unit, worker) and the Playwright one (e2e) found in `dir`. */
export function readReports(dir: string): Counts & { browserReport: boolean } {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const name of ["unit.json", "worker.json"]) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    const report = JSON.parse(readFileSync(path, "utf8"));
    counts.passed += report.numPassedTests;
    counts.failed += report.numFailedTests;
    counts.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
  const e2e = join(dir, "e2e.json");
  const browserReport = existsSync(e2e);
  if (browserReport) {
    const stats = JSON.parse(readFileSync(e2e, "utf8")).stats;
    counts.passed += stats.expected;
    counts.failed += stats.unexpected;
    counts.skipped += stats.skipped;
  }
  return { ...counts, browserReport };
}

/** The reason given with --browser-skipped, or "no report" when the browser suite left none; null when it ran. */
export function browserSkipReason(args: string[], browserReport: boolean): string | null {
  const flag = args.indexOf("--browser-skipped");
  if (flag >= 0) return args[flag + 1] || "no reason given";
  return browserReport ? null : "no report";
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const dir = args[0] && !args[0].startsWith("--") ? args[0] : ".wrangler/reports";
  const { browserReport, ...counts } = readReports(dir);
  console.log(`\n${summaryLine(counts, browserSkipReason(args, browserReport))}`);
  process.exit(counts.failed > 0 ? 1 : 0);
}
