// The lock-mining daily job at scale, in local workerd (the bundle `wrangler deploy` uploads, run by Miniflare): 100,000
// open orders each owed one day of interest, accrued by the EarnJobs Durable Object in chunks (one D1 batch of a
// fixed number of statements per chunk, chained alarms between invocations). Counted: interest payments (one journal
// and two ledger rows each) per second until every order is paid; then the job runs again and must pay nothing.
//
// Named peer, measured in the same run on the same state: the spot settlement path, crossing orders placed through
// POST /api/coin/trade on ten connections until the BTC/USDT Market object has drained its backlog, counted as ledger
// rows written per second. Target: the job writes ledger rows at least as fast as spot settlement does (1.0x).
import { loadavg } from "node:os";
import { drained, marketStub, orderFlow } from "./lib/orders.ts";
import { startWorkerd } from "./lib/workerd.ts";

const ORDERS = Number(process.env.BENCH_EARN_ORDERS ?? 100_000);
const SPOT_ORDERS = Number(process.env.BENCH_SPOT_ORDERS ?? 2_000);
const TARGET_RATIO = 1;
const DAY_MS = 86_400_000;

type RunResult = { processed: Record<string, number>; more: boolean; failed: { job: string; error: string }[] };

const app = await startWorkerd(Number(process.env.BENCH_PORT ?? 8867), { assets: false });
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

  // 100,000 open orders of 1,000 USDT at 0.35 % a day over 1,000 holders, deposited two days ago: one day owed each.
  const today = Math.floor(Date.now() / DAY_MS);
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1) ` +
        `INSERT INTO mining_orders (user_id, config_id, currency_id, amount, days, daily_rate_pct, cancel_ratio_pct, daily_interest, ` +
        `hold_id, status, start_day, end_day, paid_through, next_due_day, created_at) ` +
        `SELECT 1000000 + i % 1000, 2, 3, 1000000000, 30, '0.35', '0.4', 3500000, 'bench-' || i, 1, ?2 - 1, ?2 + 29, ?2 - 2, ?2, ?3 FROM n`,
    )
    .bind(ORDERS, today, Date.now())
    .run();
  const jobs = (await app.mf.getDurableObjectNamespace("EarnJobs")).getByName("earn") as unknown as { kick(): Promise<RunResult> };
  const interest0 = await count("SELECT COUNT(*) AS n FROM journals WHERE kind = 'mining_interest'");
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
  const paid = (await count("SELECT COUNT(*) AS n FROM journals WHERE kind = 'mining_interest'")) - interest0;
  const caughtUp = await count(`SELECT COUNT(*) AS n FROM mining_orders WHERE status = 1 AND next_due_day <= ${today}`);
  const jobRate = (paid * 2) / jobSeconds;

  // Again, at once: nothing is due, nothing is paid twice.
  await jobs.kick();
  const paidAgain = (await count("SELECT COUNT(*) AS n FROM journals WHERE kind = 'mining_interest'")) - interest0 - paid;

  const ratio = jobRate / spotRate;
  console.log(`Lock-mining accrual in the EarnJobs object, workerd via Miniflare (load average ${loadavg()[0]!.toFixed(1)})`);
  console.log(
    `${ORDERS} open orders: ${paid} interest payments (${paid * 2} ledger rows) in ${jobSeconds.toFixed(1)} s (${invocations} kicks; ` +
      `each invocation runs chunks for about 5 s, then chains the next alarm): ` +
      `${(paid / jobSeconds).toFixed(0)} orders/s, ${jobRate.toFixed(0)} ledger rows/s`,
  );
  console.log(
    `  peer, spot settlement: ${SPOT_ORDERS} orders (one in five crossing) placed and drained in ${spotSeconds.toFixed(1)} s: ` +
      `${spotRows} ledger rows, ${spotRate.toFixed(0)} rows/s`,
  );
  console.log(`  ratio to the peer: ${ratio.toFixed(2)}x`);
  if (failures.length > 0) console.log(`  failures: ${failures.slice(0, 3).join("; ")}`);
  const exact = paid === ORDERS && caughtUp === 0 && paidAgain === 0 && failures.length === 0;
  console.log(
    `${exact ? "PASS" : "FAIL"}  every order paid exactly once ` +
      `(${paid} of ${ORDERS}, ${caughtUp} still due, ${paidAgain} paid by a second run)`,
  );
  console.log(
    `${ratio >= TARGET_RATIO ? "PASS" : "FAIL"}  accrual >= ${TARGET_RATIO}x the spot settlement rate in ledger rows/s ` +
      `(${jobRate.toFixed(0)} vs ${spotRate.toFixed(0)}: ${ratio.toFixed(2)}x)`,
  );
  if (!exact) process.exitCode = 1;
} finally {
  await app.stop();
}
