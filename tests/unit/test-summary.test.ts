import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { browserSkipReason, readReports, summaryLine } from "../../scripts/test-summary.ts";

/** The closing line of `npm test` (scripts/test-summary.ts): parseable as "N passed, N failed", honest about gaps. */

const PARSE = /^tests: (\d+) passed, (\d+) failed\b/;

const dirs: string[] = [];
function reports(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "test-summary-"));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(body));
  return dir;
}
const vitestReport = (passed: number, failed: number, pending = 0) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: pending,
  numTodoTests: 0,
});
const playwrightReport = (expected: number, unexpected: number, skipped = 0) => ({ stats: { expected, unexpected, skipped } });

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("summary line", () => {
  it("a full run reads 'tests: N passed, N failed'", () => {
    expect(summaryLine({ passed: 742, failed: 0, skipped: 0 }, null)).toBe("tests: 742 passed, 0 failed");
  });

  it("names skipped tests after the failures", () => {
    expect(summaryLine({ passed: 740, failed: 1, skipped: 2 }, null)).toBe("tests: 740 passed, 1 failed, 2 skipped");
  });

  it("says when the browser suite was skipped and why, and still parses as 'N passed, N failed'", () => {
    const line = summaryLine({ passed: 742, failed: 0, skipped: 0 }, "Chromium missing");
    expect(line).toBe("tests: 742 passed, 0 failed (browser suite skipped: Chromium missing)");
    expect(line.match(PARSE)?.slice(1)).toEqual(["742", "0"]);
    const withSkips = summaryLine({ passed: 5, failed: 2, skipped: 3 }, "Chromium missing");
    expect(withSkips).toBe("tests: 5 passed, 2 failed, 3 skipped (browser suite skipped: Chromium missing)");
    expect(withSkips.match(PARSE)?.slice(1)).toEqual(["5", "2"]);
  });
});

describe("reports and the browser suite", () => {
  it("adds up the unit, worker and browser reports", () => {
    const dir = reports({
      "unit.json": vitestReport(300, 0, 1),
      "worker.json": vitestReport(400, 2),
      "e2e.json": playwrightReport(40, 1, 2),
    });
    expect(readReports(dir)).toEqual({ passed: 740, failed: 3, skipped: 3, browserReport: true });
  });

  it("the reason given by test.sh wins; without one, a missing browser report reads 'no report'", () => {
    expect(browserSkipReason(["dir", "--browser-skipped", "Chromium missing"], false)).toBe("Chromium missing");
    expect(browserSkipReason(["dir"], false)).toBe("no report");
    expect(browserSkipReason(["dir"], true)).toBeNull();
  });

  it("run as a script, prints the line and exits 0 without failures, 1 with", () => {
    const script = join(import.meta.dirname, "../../scripts/test-summary.ts");
    const run = (dir: string, ...args: string[]) => {
      try {
        return { code: 0, out: execFileSync(process.execPath, [script, dir, ...args], { encoding: "utf8" }).trim() };
      } catch (err) {
        const e = err as { status: number; stdout: string };
        return { code: e.status, out: e.stdout.trim() };
      }
    };
    const green = reports({ "unit.json": vitestReport(3, 0), "worker.json": vitestReport(4, 0) });
    expect(run(green, "--browser-skipped", "Chromium missing")).toEqual({
      code: 0,
      out: "tests: 7 passed, 0 failed (browser suite skipped: Chromium missing)",
    });
    const red = reports({ "unit.json": vitestReport(3, 1), "worker.json": vitestReport(4, 0), "e2e.json": playwrightReport(2, 0) });
    expect(run(red)).toEqual({ code: 1, out: "tests: 9 passed, 1 failed" });
  });
});
