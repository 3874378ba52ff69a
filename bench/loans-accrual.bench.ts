// The OTC loans' daily interest job at scale, in local workerd (bench/lib/job-bench.ts runs it): 100,000 outstanding
// loans each owed one day of interest, recorded by the EarnJobs Durable Object in chunks (one D1 batch of a fixed
// number of statements per chunk, chained alarms between invocations); the liquidation pass runs in the same
// invocations over the same loans (none is below the line). Counted: interest rows (one journal each, unique per loan
// and day) per second until every loan is caught up; then the job runs again and must record nothing.
//
// Named peer, measured in the same run on the same state: the spot settlement path, crossing orders placed through
// POST /api/coin/trade on ten connections until the BTC/USDT Market object has drained its backlog, counted as ledger
// rows written per second. Target: the job records interest rows at least as fast as spot settlement writes ledger rows (1.0x).
import { runJobBench } from "./lib/job-bench.ts";

const LOANS = Number(process.env.BENCH_LOAN_COUNT ?? 100_000);
const DAY_MS = 86_400_000;

await runJobBench({
  port: Number(process.env.BENCH_PORT ?? 8869),
  title: "Loan interest in the EarnJobs object",
  due: LOANS,
  journal: "loan_interest",
  rowsPerJournal: 1,
  async seed(db) {
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
    return today;
  },
  check: async (count, today) => ({
    caughtUp: await count(`SELECT COUNT(*) AS n FROM loans WHERE status = 'active' AND next_due_day <= ${today}`),
    liquidated: await count("SELECT COUNT(*) AS n FROM loans WHERE status = 'liquidated'"),
  }),
  figure: (run) => `${LOANS} outstanding loans: ${run.paid} interest rows ${run.timing}: ${run.rate.toFixed(0)} loans/s`,
  verdict: (run, { caughtUp, liquidated }) => ({
    pass: caughtUp === 0 && liquidated === 0,
    text:
      `every loan's day recorded exactly once, none liquidated ` +
      `(${run.paid} of ${LOANS}, ${caughtUp} still due, ${run.paidAgain} recorded by a second run, ${liquidated} liquidated)`,
  }),
  target: { ratio: 1, what: "interest rows/s" },
});
