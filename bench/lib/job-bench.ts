import { loadavg } from "node:os";
import type { Miniflare } from "miniflare";
import { type MarketStub, marketStub, orderFlow, placeAndDrain, warmUp } from "./orders.ts";
import { startWorkerd } from "./workerd.ts";

/**
 * The benches of the EarnJobs object's chunked jobs (earn-accrual, dual-settle, loans-accrual), in local workerd (the
 * bundle `wrangler deploy` uploads, run by Miniflare). Each states what it seeds straight into D1, which journal kind a
 * unit of work writes, and its checks; this file runs them all the same way:
 *
 * 1. the named peer, the spot settlement path: BENCH_SPOT_ORDERS crossing orders (one in five) placed through
 *    POST /api/coin/trade on ten connections until the BTC/USDT Market object has drained its backlog, counted as
 *    ledger rows written per second, measured in the same run on the same state;
 * 2. the seed;
 * 3. timed: EarnJobs kicked until it has no more to do (each invocation runs chunks for about 5 s, then chains the
 *    next alarm), counting the journals of the bench's kind it wrote;
 * 4. the bench's checks, then the job again at once, which must pay nothing;
 * 5. the figure, the peer's, the ratio, PASS/FAIL on exactness and PASS/FAIL on the rate target.
 */

export type D1 = Awaited<ReturnType<Miniflare["getD1Database"]>>;
/** The `n` of a `SELECT COUNT(*) AS n ...`. */
export type Count = (sql: string) => Promise<number>;

/** What the timed run of the job did. */
export type JobRun = {
  /** Journals of the bench's kind it wrote, one a unit of work. */
  paid: number;
  seconds: number;
  invocations: number;
  /** The job's rate in the rows compared with the peer's ledger rows (paid × rowsPerJournal a second). */
  rate: number;
  /** "in 12.3 s (4 kicks; ...)": how the figure line says how the time was spent. */
  timing: string;
};

export type JobBench<S, C> = {
  port: number;
  /** The headline's first words: which job runs where. */
  title: string;
  /** How many units of work the seed makes due; each must be paid exactly once. */
  due: number;
  /** The journal kind one unit of work writes. */
  journal: string;
  /** Rows a journal counts for against the peer's ledger rows. */
  rowsPerJournal: number;
  /** Writes the due work straight to D1, after the peer has run. */
  seed(db: D1, market: MarketStub): Promise<S>;
  /** Counted right after the timed run, before the second run. */
  check(count: Count, seeded: S): Promise<C>;
  /** The figure's line. */
  figure(run: JobRun): string;
  /** The exactness line's own condition and words (the harness adds: all due paid, none paid again, no failure). */
  verdict(run: JobRun & { paidAgain: number }, checked: C): { pass: boolean; text: string };
  /** The rate target: `<what> >= <ratio>x the spot settlement rate in ledger rows/s`. */
  target: { ratio: number; what: string };
};

type RunResult = { processed: Record<string, number>; more: boolean; failed: { job: string; error: string }[] };

const SPOT_ORDERS = Number(process.env.BENCH_SPOT_ORDERS ?? 2_000);

export async function runJobBench<S, C>(bench: JobBench<S, C>): Promise<void> {
  const app = await startWorkerd(bench.port, { assets: false });
  try {
    const db = await app.mf.getD1Database("DB");
    const count: Count = async (sql) => (await db.prepare(sql).first<{ n: number }>())?.n ?? 0;

    const flow = await orderFlow(app.mf, app.base);
    const market = await marketStub(app.mf);
    await warmUp(flow, market);
    const spotRows0 = await count("SELECT COUNT(*) AS n FROM ledger_entries");
    const spot = await placeAndDrain(flow, market, SPOT_ORDERS);
    const spotRows = (await count("SELECT COUNT(*) AS n FROM ledger_entries")) - spotRows0;
    const spotRate = spotRows / spot.seconds;

    const seeded = await bench.seed(db, market);
    const jobs = (await app.mf.getDurableObjectNamespace("EarnJobs")).getByName("earn") as unknown as { kick(): Promise<RunResult> };
    const journals = () => count(`SELECT COUNT(*) AS n FROM journals WHERE kind = '${bench.journal}'`);
    const paid0 = await journals();
    const t0 = performance.now();
    let invocations = 0;
    const failures: string[] = [];
    for (;;) {
      const r = await jobs.kick();
      invocations++;
      failures.push(...r.failed.map((f) => `${f.job}: ${f.error}`));
      if (!r.more || failures.length > 0) break;
    }
    const seconds = (performance.now() - t0) / 1000;
    const paid = (await journals()) - paid0;
    const checked = await bench.check(count, seeded);
    const run: JobRun = {
      paid,
      seconds,
      invocations,
      rate: (paid * bench.rowsPerJournal) / seconds,
      timing: `in ${seconds.toFixed(1)} s (${invocations} kicks; each invocation runs chunks for about 5 s, then chains the next alarm)`,
    };

    // Again, at once: nothing is due, nothing is paid twice.
    await jobs.kick();
    const paidAgain = (await journals()) - paid0 - paid;

    const ratio = run.rate / spotRate;
    console.log(`${bench.title}, workerd via Miniflare (load average ${loadavg()[0]!.toFixed(1)})`);
    console.log(bench.figure(run));
    console.log(
      `  peer, spot settlement: ${SPOT_ORDERS} orders (one in five crossing) placed and drained in ${spot.seconds.toFixed(1)} s: ` +
        `${spotRows} ledger rows, ${spotRate.toFixed(0)} rows/s`,
    );
    console.log(`  ratio to the peer: ${ratio.toFixed(2)}x`);
    if (failures.length > 0) console.log(`  failures: ${failures.slice(0, 3).join("; ")}`);
    const verdict = bench.verdict({ ...run, paidAgain }, checked);
    const exact = verdict.pass && paid === bench.due && paidAgain === 0 && failures.length === 0;
    console.log(`${exact ? "PASS" : "FAIL"}  ${verdict.text}`);
    const { ratio: target, what } = bench.target;
    console.log(
      `${ratio >= target ? "PASS" : "FAIL"}  ${what} >= ${target}x the spot settlement rate in ledger rows/s ` +
        `(${run.rate.toFixed(0)} vs ${spotRate.toFixed(0)}: ${ratio.toFixed(2)}x)`,
    );
    if (!exact) process.exitCode = 1;
  } finally {
    await app.stop();
  }
}
