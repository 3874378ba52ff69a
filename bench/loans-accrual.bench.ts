// The OTC loans' daily interest job at scale, in local workerd (the bundle `wrangler deploy` uploads, run by Miniflare):
// 100,000 outstanding loans each owed one day of interest, recorded by the EarnJobs Durable Object in chunks (one D1
// batch of a fixed number of statements per chunk, chained alarms between invocations); the liquidation pass runs in
// the same invocations over the same loans (none is below the line). Counted: interest rows (one journal each, unique
// per loan and day) per second until every loan is caught up; then the job runs again and must record nothing.
//
// Named peer, measured in the same run on the same state: the spot settlement path, crossing orders placed through
// POST /api/coin/trade on ten connections until the BTC/USDT Market object has drained its backlog, counted as ledger
// rows written per second. Target: the job records interest rows at least as fast as spot settlement writes ledger rows (1.0x).
import { loadavg } from "node:os";
import { drained, marketStub, orderFlow } from "./lib/orders.ts";
import { startWorkerd } from "./lib/workerd.ts";

const LOANS = Number(process.env.BENCH_LOAN_COUNT ?? 100_000);
const SPOT_ORDERS = Number(process.env.BENCH_SPOT_ORDERS ?? 2_000);
const TARGET_RATIO = 1;
const DAY_MS = 86_400_000;

type RunResult = { processed: Record<string, number>; more: boolean; failed: { job: string; error: string }[] };

const app = await startWorkerd(Number(process.env.BENCH_PORT ?? 8868), { assets: false });
try {
  const db = await app.mf.getD1Database("DB");
  const count = async (sql: string) => (await db.prepare(sql).first<{ n: number }>())?.n ?? 0;

  // Peer: spot settlement, ledger rows per second over placing and draining crossing orders.
  const flow = await orderFlow(app.mf, app.base);
  const market = await marketStub(app.mf);
  for (let i = 0; i < 50; i++) await flow.place();
  await drained(market);
  const spotRows0 = await count("SELECT COUNT(*) AS n FROM ledger_entries");
  let placed = 0;
  let t0 = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (placed < SPOT_ORDERS) {
        placed++;
        await flow.place();
      }
    }),
  );
  await drained(market);
  const spotSeconds = (performance.now() - t0) / 1000;
  const spotRows = (await count("SELECT COUNT(*) AS n FROM ledger_entries")) - spotRows0;
  const spotRate = spotRows / spotSeconds;

  // 100,000 loans of 500,000 USDT at 0.05 % a day against 10 BTC over 1,000 borrowers, approved yesterday and recorded
  // through yesterday: today's day owed each.
  const today = Math.floor(Date.now() / DAY_MS);
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1) ` +
        `INSERT INTO loans (user_id, collateral_currency_id, collateral_amount, currency_id, principal, term_days, daily_rate_pct, ` +
        `overdue_rate_pct, daily_interest, overdue_interest, hold_id, status, start_day, due_day, accrued_through, next_due_day, ` +
        `accrued_interest, created_at) ` +
        `SELECT 1000000 + i % 1000, 1, 1000000000, 3, 500000000000, 30, '0.05', '0.5', 250000000, 2500000000, 'bench-loan-' || i, ` +
        `'active', ?2 - 1, ?2 + 29, ?2 - 1, ?2, 250000000, ?3 FROM n`,
    )
    .bind(LOANS, today, Date.now())
    .run();
  const jobs = (await app.mf.getDurableObjectNamespace("EarnJobs")).getByName("earn") as unknown as { kick(): Promise<RunResult> };
  const interest0 = await count("SELECT COUNT(*) AS n FROM journals WHERE kind = 'loan_interest'");
  t0 = performance.now();
  let invocations = 0;
  const failures: string[] = [];
  for (;;) {
    const r = await jobs.kick();
    invocations++;
    failures.push(...r.failed.map((f) => `${f.job}: ${f.error}`));
    if (!r.more || failures.length > 0) break;
  }
  const jobSeconds = (performance.now() - t0) / 1000;
  const paid = (await count("SELECT COUNT(*) AS n FROM journals WHERE kind = 'loan_interest'")) - interest0;
  const caughtUp = await count(`SELECT COUNT(*) AS n FROM loans WHERE status = 'active' AND next_due_day <= ${today}`);
  const liquidated = await count("SELECT COUNT(*) AS n FROM loans WHERE status = 'liquidated'");
  const jobRate = paid / jobSeconds;

  // Again, at once: nothing is due, nothing is paid twice.
  await jobs.kick();
  const paidAgain = (await count("SELECT COUNT(*) AS n FROM journals WHERE kind = 'loan_interest'")) - interest0 - paid;

  const ratio = jobRate / spotRate;
  console.log(`Loan interest in the EarnJobs object, workerd via Miniflare (load average ${loadavg()[0]!.toFixed(1)})`);
  console.log(
    `${LOANS} outstanding loans: ${paid} interest rows in ${jobSeconds.toFixed(1)} s (${invocations} kicks; ` +
      `each invocation runs chunks for about 5 s, then chains the next alarm): ${jobRate.toFixed(0)} loans/s`,
  );
  console.log(
    `  peer, spot settlement: ${SPOT_ORDERS} orders (one in five crossing) placed and drained in ${spotSeconds.toFixed(1)} s: ` +
      `${spotRows} ledger rows, ${spotRate.toFixed(0)} rows/s`,
  );
  console.log(`  ratio to the peer: ${ratio.toFixed(2)}x`);
  if (failures.length > 0) console.log(`  failures: ${failures.slice(0, 3).join("; ")}`);
  const exact = paid === LOANS && caughtUp === 0 && paidAgain === 0 && liquidated === 0 && failures.length === 0;
  console.log(
    `${exact ? "PASS" : "FAIL"}  every loan's day recorded exactly once, none liquidated ` +
      `(${paid} of ${LOANS}, ${caughtUp} still due, ${paidAgain} recorded by a second run, ${liquidated} liquidated)`,
  );
  console.log(
    `${ratio >= TARGET_RATIO ? "PASS" : "FAIL"}  interest rows/s >= ${TARGET_RATIO}x the spot settlement rate in ledger rows/s ` +
      `(${jobRate.toFixed(0)} vs ${spotRate.toFixed(0)}: ${ratio.toFixed(2)}x)`,
  );
  if (!exact) process.exitCode = 1;
} finally {
  await app.stop();
}
