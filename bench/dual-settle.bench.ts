// Dual settlement at scale, in local workerd (the bundle `wrangler deploy` uploads, run by Miniflare): 100,000 dual
// orders due at one settlement instant, settled by the EarnJobs Durable Object in chunks at the reference price in
// effect at that instant on the BTC/USDT Market object's own trail (one D1 batch of a fixed number of statements per
// chunk, chained alarms between invocations). Counted: settlements (one journal and two ledger rows each) per second
// until every order is paid; then the job runs again and must pay nothing.
//
// Named peer, measured in the same run on the same state: the spot settlement path, crossing orders placed through
// POST /api/coin/trade on ten connections until the BTC/USDT Market object has drained its backlog, counted as ledger
// rows written per second. Target: the job writes ledger rows at least as fast as spot settlement does (1.0x).
import { loadavg } from "node:os";
import { drained, marketStub, orderFlow } from "./lib/orders.ts";
import { startWorkerd } from "./lib/workerd.ts";

const ORDERS = Number(process.env.BENCH_DUAL_ORDERS ?? 100_000);
const SPOT_ORDERS = Number(process.env.BENCH_SPOT_ORDERS ?? 2_000);
const TARGET_RATIO = 1;

type RunResult = { processed: Record<string, number>; more: boolean; failed: { job: string; error: string }[] };
type TrailEntry = { time: number; price: string; source: string };

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

  // The settlement instant: the newest tick on the BTC/USDT trail, so a price is in effect there.
  const entry = (await (market as unknown as { trailAt(t: number): Promise<TrailEntry | null> }).trailAt(Date.now()))!;
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
  const jobs = (await app.mf.getDurableObjectNamespace("EarnJobs")).getByName("earn") as unknown as { kick(): Promise<RunResult> };
  const paid0 = await count("SELECT COUNT(*) AS n FROM journals WHERE kind = 'dual_settle'");
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
  const paid = (await count("SELECT COUNT(*) AS n FROM journals WHERE kind = 'dual_settle'")) - paid0;
  const open = await count("SELECT COUNT(*) AS n FROM dual_orders WHERE product_id = 900 AND status IN (1, 2)");
  const atPrice = await count(
    `SELECT COUNT(*) AS n FROM dual_orders WHERE product_id = 900 AND status = 3 AND price_time = ${entry.time} AND payout = 1010`,
  );
  const jobRate = (paid * 2) / jobSeconds;

  // Again, at once: nothing is due, nothing is paid twice.
  await jobs.kick();
  const paidAgain = (await count("SELECT COUNT(*) AS n FROM journals WHERE kind = 'dual_settle'")) - paid0 - paid;

  const ratio = jobRate / spotRate;
  console.log(`Dual settlement in the EarnJobs object, workerd via Miniflare (load average ${loadavg()[0]!.toFixed(1)})`);
  console.log(
    `${ORDERS} orders due at one instant: ${paid} settlements (${paid * 2} ledger rows) in ${jobSeconds.toFixed(1)} s ` +
      `(${invocations} kicks; each invocation runs chunks for about 5 s, then chains the next alarm): ` +
      `${(paid / jobSeconds).toFixed(0)} orders/s, ${jobRate.toFixed(0)} ledger rows/s`,
  );
  console.log(
    `  peer, spot settlement: ${SPOT_ORDERS} orders (one in five crossing) placed and drained in ${spotSeconds.toFixed(1)} s: ` +
      `${spotRows} ledger rows, ${spotRate.toFixed(0)} rows/s`,
  );
  console.log(`  ratio to the peer: ${ratio.toFixed(2)}x`);
  if (failures.length > 0) console.log(`  failures: ${failures.slice(0, 3).join("; ")}`);
  const exact = paid === ORDERS && open === 0 && atPrice === ORDERS && paidAgain === 0 && failures.length === 0;
  console.log(
    `${exact ? "PASS" : "FAIL"}  every order paid exactly once at the trail price of its instant ` +
      `(${paid} of ${ORDERS}, ${atPrice} at that entry, ${open} still open, ${paidAgain} paid by a second run)`,
  );
  console.log(
    `${ratio >= TARGET_RATIO ? "PASS" : "FAIL"}  settlement >= ${TARGET_RATIO}x the spot settlement rate in ledger rows/s ` +
      `(${jobRate.toFixed(0)} vs ${spotRate.toFixed(0)}: ${ratio.toFixed(2)}x)`,
  );
  if (!exact) process.exitCode = 1;
} finally {
  await app.stop();
}
