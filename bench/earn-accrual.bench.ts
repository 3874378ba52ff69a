// The lock-mining daily job at scale, in local workerd (bench/lib/job-bench.ts runs it): 100,000 open orders each owed
// one day of interest, accrued by the EarnJobs Durable Object in chunks (one D1 batch of a fixed number of statements
// per chunk, chained alarms between invocations). Counted: interest payments (one journal and two ledger rows each) per
// second until every order is paid; then the job runs again and must pay nothing.
//
// Named peer, measured in the same run on the same state: the spot settlement path, crossing orders placed through
// POST /api/coin/trade on ten connections until the BTC/USDT Market object has drained its backlog, counted as ledger
// rows written per second. Target: the job writes ledger rows at least as fast as spot settlement does (1.0x).
import { runJobBench } from "./lib/job-bench.ts";

const ORDERS = Number(process.env.BENCH_EARN_ORDERS ?? 100_000);
const DAY_MS = 86_400_000;

await runJobBench({
  port: Number(process.env.BENCH_PORT ?? 8867),
  title: "Lock-mining accrual in the EarnJobs object",
  due: ORDERS,
  journal: "mining_interest",
  rowsPerJournal: 2,
  async seed(db) {
    // 100,000 open orders of 1,000 USDT at 0.35 % a day over 1,000 holders, deposited two days ago: one day owed each.
    const today = Math.floor(Date.now() / DAY_MS);
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1) ` +
          `INSERT INTO mining_orders (user_id, config_id, currency_id, amount, days, daily_rate_pct, cancel_ratio_pct, daily_interest, ` +
          `hold_id, status, start_day, end_day, paid_through, next_due_day, created_at) ` +
          `SELECT 1000000 + i % 1000, 2, 3, 1000000000, 30, '0.35', '0.4', 3500000, 'bench-' || i, 1, ` +
          `?2 - 1, ?2 + 29, ?2 - 2, ?2, ?3 FROM n`,
      )
      .bind(ORDERS, today, Date.now())
      .run();
    return today;
  },
  check: async (count, today) => ({
    caughtUp: await count(`SELECT COUNT(*) AS n FROM mining_orders WHERE status = 1 AND next_due_day <= ${today}`),
  }),
  figure: (run) =>
    `${ORDERS} open orders: ${run.paid} interest payments (${run.paid * 2} ledger rows) ${run.timing}: ` +
    `${(run.paid / run.seconds).toFixed(0)} orders/s, ${run.rate.toFixed(0)} ledger rows/s`,
  verdict: (run, { caughtUp }) => ({
    pass: caughtUp === 0,
    text: `every order paid exactly once (${run.paid} of ${ORDERS}, ${caughtUp} still due, ${run.paidAgain} paid by a second run)`,
  }),
  target: { ratio: 1, what: "accrual" },
});
