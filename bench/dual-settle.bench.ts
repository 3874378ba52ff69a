// Dual settlement at scale, in local workerd (bench/lib/job-bench.ts runs it): 100,000 dual orders due at one
// settlement instant, settled by the EarnJobs Durable Object in chunks at the reference price in effect at that instant
// on the BTC/USDT Market object's own trail (one D1 batch of a fixed number of statements per chunk, chained alarms
// between invocations). Counted: settlements (one journal and two ledger rows each) per second until every order is
// paid; then the job runs again and must pay nothing.
//
// Named peer, measured in the same run on the same state: the spot settlement path, crossing orders placed through
// POST /api/coin/trade on ten connections until the BTC/USDT Market object has drained its backlog, counted as ledger
// rows written per second. Target: the job writes ledger rows at least as fast as spot settlement does (1.0x).
import { runJobBench } from "./lib/job-bench.ts";

const ORDERS = Number(process.env.BENCH_DUAL_ORDERS ?? 100_000);

type TrailEntry = { time: number; price: string; source: string };

await runJobBench({
  port: Number(process.env.BENCH_PORT ?? 8868),
  title: "Dual settlement in the EarnJobs object",
  due: ORDERS,
  journal: "dual_settle",
  rowsPerJournal: 2,
  async seed(db, market) {
    // The settlement instant: the newest tick on the BTC/USDT trail, so a price is in effect there.
    const entry = await (market as unknown as { trailAt(t: number): Promise<TrailEntry | null> }).trailAt(Date.now());
    if (!entry) throw new Error("the BTC/USDT trail has no price in effect");
    const settleAt = entry.time;
    // One product; 100,000 calls of 0.00001 BTC over 1,000 holders, linked far above the price: each pays coin × 1.01.
    await db
      .prepare(
        `INSERT INTO dual_products (id, name, currency_id, type, apr_pct, exercise_price, per_price, total_number, purchased_number, ` +
          `user_limit, start_at, end_at, days, settle_at, enabled, created_at, updated_at) ` +
          `VALUES (900, 'bench', 1, 'call', '36.5', '10000000', '0.00001', ?1, ?1, ?1, ?2 - 2000, ?2 - 1000, 10, ?2, 0, ?2, ?2)`,
      )
      .bind(ORDERS, settleAt)
      .run();
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1) ` +
          `INSERT INTO dual_orders (user_id, product_id, currency_id, pay_currency_id, type, num, cost, apr_pct, exercise_price, days, ` +
          `settle_at, next_try_at, status, created_at) ` +
          `SELECT 1000000 + i % 1000, 900, 1, 1, 'call', 1, 1000, '36.5', '10000000', 10, ?2, ?2, 1, ?2 FROM n`,
      )
      .bind(ORDERS, settleAt)
      .run();
    return entry;
  },
  check: async (count, entry) => ({
    open: await count("SELECT COUNT(*) AS n FROM dual_orders WHERE product_id = 900 AND status IN (1, 2)"),
    atPrice: await count(
      `SELECT COUNT(*) AS n FROM dual_orders WHERE product_id = 900 AND status = 3 AND price_time = ${entry.time} AND payout = 1010`,
    ),
  }),
  figure: (run) =>
    `${ORDERS} orders due at one instant: ${run.paid} settlements (${run.paid * 2} ledger rows) ${run.timing}: ` +
    `${(run.paid / run.seconds).toFixed(0)} orders/s, ${run.rate.toFixed(0)} ledger rows/s`,
  verdict: (run, { open, atPrice }) => ({
    pass: open === 0 && atPrice === ORDERS,
    text:
      `every order paid exactly once at the trail price of its instant ` +
      `(${run.paid} of ${ORDERS}, ${atPrice} at that entry, ${open} still open, ${run.paidAgain} paid by a second run)`,
  }),
  target: { ratio: 1, what: "settlement" },
});
