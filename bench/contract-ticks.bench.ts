// Contract triggers (durable/contract/book.ts) and their settlement (worker/domain/contracts/settle.ts).
//
// 1. One contract market holding 100,000 open positions (long and short, every one with a liquidation price, half
//    with a take-profit and half with a stop-loss): the book's heap, the cost of a reference tick that triggers
//    nothing and of one that liquidates 1 % of them, each against a same-run peer that scans every position with
//    the same precomputed integer levels. Targets: heap <= 64 MB; the quiet tick >= 50x faster than the scan.
// 2. In local workerd (Miniflare, the bundle `wrangler deploy` uploads): 10,000 positions liquidated by one tick and
//    settled to D1 by the ContractMarket object, against the spot fill settlement rate of the BTC/USDT Market object
//    in the same run (one sell order filling BENCH_SPOT_FILLS resting bids, timed from its answer until the Market's
//    backlog is drained). Target: liquidations settled per second >= 0.5x spot fills settled per second.
import { loadavg } from "node:os";
import type { Miniflare } from "miniflare";
import { hashPassword } from "../worker/domain/auth/password.ts";
import { insertOrIgnore, seedGrant, sqlText } from "../worker/domain/seed/sql.ts";
import { post } from "./lib/http-client.ts";
import { drained, marketStub, orderFlow } from "./lib/orders.ts";
import { devVars, logIn, startWorkerd } from "./lib/workerd.ts";
import { type BookPosition, ContractBook, type Tick } from "../durable/contract/book.ts";
import { type ContractTerms, type Side, liquidationPrice, opening } from "../worker/domain/contracts/math.ts";
import { toTicks } from "../worker/domain/markets/units.ts";
import { Prng } from "../durable/common/prng.ts";

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000);
const QUIET_TICKS = Number(process.env.BENCH_QUIET_TICKS ?? 20_000);
const LIQUIDATIONS = Number(process.env.BENCH_LIQUIDATIONS ?? 10_000);
const SPOT_FILLS = Number(process.env.BENCH_SPOT_FILLS ?? 2_000);
const TARGET = { heapMb: 64, quietRatio: 50, settleRatio: 0.5 };
const TICK = "0.01";
const TERMS: ContractTerms = {
  lotSize: "0.01",
  spread: "0.5",
  feeRate: "0.0005",
  overnightRate: "0.0003",
  hazardRate: "0.1",
  priceDecimals: 2,
  precision: 6,
};

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};
const price = (ticks: number) => (ticks / 100).toFixed(2);

/** Positions opened within 0.05 % of 95,000 with multiples 5–50; TP and SL 1–6 % away. */
function positions(n: number): BookPosition[] {
  const rng = new Prng(Prng.seed());
  const out: BookPosition[] = [];
  const multiples = [5, 10, 25, 50];
  for (let i = 0; i < n; i++) {
    const side = (rng.nextUnit() < 0.5 ? 1 : 2) as Side;
    const lots = 1 + Math.floor(rng.nextUnit() * 20);
    const multiple = multiples[Math.floor(rng.nextUnit() * multiples.length)]!;
    const ref = price(9_495_000 + Math.floor(rng.nextUnit() * 10_000));
    const o = opening(TERMS, side, ref, lots, multiple);
    const away = (pct: number) => price(Math.round(toTicks(o.openPrice, TICK, "down") * (1 + (side === 1 ? pct : -pct))));
    out.push({
      id: i + 1,
      userId: 1 + (i % 5_000),
      side,
      status: 1,
      lots,
      multiple,
      quantity: o.quantity,
      marginUnits: o.marginUnits,
      spread: TERMS.spread,
      hazardRate: TERMS.hazardRate,
      targetPrice: "",
      openPrice: o.openPrice,
      liqPrice: liquidationPrice(TERMS, side, o.openPrice, o.quantity, o.marginUnits),
      takeProfit: i % 2 === 0 ? away(0.01 + rng.nextUnit() * 0.05) : null,
      stopLoss: i % 2 === 1 ? away(-(0.01 + rng.nextUnit() * 0.05)) : null,
    });
  }
  return out;
}

/** The peer: every position's levels as integers in flat arrays, every tick compares all of them. */
class Scan {
  private readonly ids: Int32Array;
  private readonly down: Float64Array;
  private readonly up: Float64Array;
  private readonly alive: Uint8Array;
  constructor(list: BookPosition[]) {
    const n = list.length;
    this.ids = new Int32Array(n);
    this.alive = new Uint8Array(n).fill(1);
    // Per position the highest level reached downward and the lowest reached upward (-inf / +inf when none).
    this.down = new Float64Array(n).fill(-Infinity);
    this.up = new Float64Array(n).fill(Infinity);
    list.forEach((p, i) => {
      this.ids[i] = p.id;
      const lv = (v: string | null, dir: "down" | "up") => (v === null ? null : toTicks(v, TICK, dir));
      const levels: [number | null, "down" | "up"][] =
        p.side === 1
          ? [
              [lv(p.takeProfit, "up"), "up"],
              [lv(p.stopLoss, "down"), "down"],
              [lv(p.liqPrice, "down"), "down"],
            ]
          : [
              [lv(p.takeProfit, "down"), "down"],
              [lv(p.stopLoss, "up"), "up"],
              [lv(p.liqPrice, "up"), "up"],
            ];
      for (const [level, dir] of levels) {
        if (level === null) continue;
        if (dir === "down") this.down[i] = Math.max(this.down[i]!, level);
        else this.up[i] = Math.min(this.up[i]!, level);
      }
    });
  }
  cross(priceText: string): number[] {
    const level = toTicks(priceText, TICK);
    const fired: number[] = [];
    for (let i = 0; i < this.ids.length; i++) {
      if (this.alive[i] === 1 && (level <= this.down[i]! || level >= this.up[i]!)) {
        this.alive[i] = 0;
        fired.push(this.ids[i]!);
      }
    }
    return fired;
  }
}

const list = positions(POSITIONS);
const before = heap();
const book = new ContractBook(TICK, TERMS);
book.load(list.map((p) => ({ position: p, since: 0 })));
const heapMb = (heap() - before) / 1024 / 1024;
const scan = new Scan(list);

// Quiet ticks: prices wandering within 94,990–95,010, which no level reaches (levels start 1 % away or at liquidation).
const quiet: Tick[] = Array.from({ length: 64 }, (_, i) => ({ time: 10 + i, price: price(9_499_000 + ((i * 37) % 2_000)) }));
let fired = 0;
for (let i = 0; i < 2_000; i++)
  fired += book.evaluate([quiet[i % quiet.length]!]).length + scan.cross(quiet[i % quiet.length]!.price).length;
if (fired !== 0) throw new Error(`a quiet tick fired ${fired} triggers`);
let t0 = performance.now();
for (let i = 0; i < QUIET_TICKS; i++) book.evaluate([{ time: 100 + i, price: quiet[i % quiet.length]!.price }]);
const quietUs = ((performance.now() - t0) * 1000) / QUIET_TICKS;
const scanTicks = Math.max(50, Math.floor(QUIET_TICKS / 200));
t0 = performance.now();
for (let i = 0; i < scanTicks; i++) scan.cross(quiet[i % quiet.length]!.price);
const scanUs = ((performance.now() - t0) * 1000) / scanTicks;

// A tick that liquidates 1 %: the price where the 1 %-th highest long liquidation level sits.
const longLiq = list
  .filter((p) => p.side === 1)
  .map((p) => toTicks(p.liqPrice, TICK, "down"))
  .sort((a, b) => b - a);
const crash = price(longLiq[Math.floor(POSITIONS / 100) - 1]!);
heap(); // a collection now, not inside the measured tick
t0 = performance.now();
const crossed = book.evaluate([{ time: 1e9, price: crash }]);
const liquidated = crossed.filter((f) => f.kind === "liquidation");
const crashMs = performance.now() - t0;
t0 = performance.now();
const scanned = scan.cross(crash);
const scanCrashMs = performance.now() - t0;
if (crossed.length !== scanned.length) throw new Error(`book fired ${crossed.length}, scan ${scanned.length}`);

console.log(`ContractBook, ${POSITIONS.toLocaleString("en")} open positions (load average ${loadavg()[0]!.toFixed(1)})`);
console.log(`  heap of the book: ${heapMb.toFixed(1)} MB (${book.triggers.toLocaleString("en")} triggers)`);
console.log(`  quiet tick: ${quietUs.toFixed(2)} µs; scan peer ${scanUs.toFixed(1)} µs; ${(scanUs / quietUs).toFixed(0)}x faster`);
console.log(
  `  tick liquidating 1 % at ${crash} (${liquidated.length.toLocaleString("en")} liquidations, ` +
    `${(crossed.length - liquidated.length).toLocaleString("en")} take-profits and stop-losses): ${crashMs.toFixed(2)} ms; ` +
    `scan peer ${scanCrashMs.toFixed(2)} ms`,
);
console.log(`${heapMb <= TARGET.heapMb ? "PASS" : "FAIL"}  book heap <= ${TARGET.heapMb} MB (${heapMb.toFixed(1)} MB)`);
console.log(
  `${scanUs / quietUs >= TARGET.quietRatio ? "PASS" : "FAIL"}  quiet tick >= ${TARGET.quietRatio}x faster than the scan ` +
    `(${(scanUs / quietUs).toFixed(0)}x)`,
);

// ---------------------------------------------------------------- 2. settlement to D1, in workerd

type ContractStub = { state(): Promise<{ positions: number; outbox: number }>; runNow(): Promise<{ fired: number; closed: number }> };
type SteerStub = { steer(price: string): Promise<boolean> };

/** A seller holding 1 BTC (as the demo seed grants funds: a balanced journal from the external account), logged in. */
async function seller(mf: Miniflare, base: string): Promise<string> {
  const email = "bench-contract-seller@bench.test";
  const password = "bench-seller-2026";
  const db = await mf.getD1Database("DB");
  const sql = [
    insertOrIgnore("users", {
      uid: sqlText("93000001"),
      email: sqlText(email),
      password_hash: sqlText(await hashPassword(password, devVars().PASSWORD_PEPPER ?? "")),
      nickname: sqlText("Bench seller"),
      invite_code: sqlText("B93000001"),
      role: sqlText("user"),
      created_at: Date.now(),
    }),
    ...seedGrant(`bench:grant:${email}`, "email", email, 1, 100_000_000, Date.now()),
  ];
  await db.batch(sql.map((line) => db.prepare(line)));
  return logIn(base, { email, password });
}

/**
 * LIQUIDATIONS long positions of BTC/USDT (1 lot of 0.01 BTC at 100x, opened at 95,000.5 with the reference at
 * 95,000; margin 9.50005 USDT each, liquidation price 94,145.50), written to D1 as the open path leaves them: the
 * rows, and their margins in the contract-margin account (one balanced journal from the external account).
 */
async function openPositions(mf: Miniflare, n: number): Promise<void> {
  const db = await mf.getD1Database("DB");
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) => [800_001 + (i % 100)]);
  await db.batch([
    ...seedGrant("bench:contract-margin", "uid", "SYS-CONTRACT-MARGIN", 3, 9_500_050 * n, now).map((line) => db.prepare(line)),
    db
      .prepare(
        "INSERT INTO contract_positions (user_id, market_id, legal_id, side, status, order_type, lots, multiple, quantity, open_price, " +
          "open_ref, open_ref_at, spread, fee_rate, overnight_rate, hazard_rate, margin_units, fee_units, liq_price, created_at) " +
          "SELECT json_extract(value, '$[0]'), 1, 3, 1, 1, 1, 1, 100, '0.01', '95000.5', '95000', ?2, '0.5', '0.0005', '0.0003', '0.1', " +
          "9500050, 475003, '94145.5', ?2 FROM json_each(?1)",
      )
      .bind(JSON.stringify(rows), now - 60_000),
  ]);
}

const app = await startWorkerd(Number(process.env.BENCH_PORT ?? 8865), { assets: false });
try {
  const db = await app.mf.getD1Database("DB");
  const count = async (query: string, ...args: unknown[]) =>
    (
      (await db
        .prepare(query)
        .bind(...args)
        .first()) as { n: number }
    ).n;

  // Spot: SPOT_FILLS resting bids, then one sell that fills them all; timed from its answer to the drained backlog.
  const flow = await orderFlow(app.mf, app.base, false);
  const market = await marketStub(app.mf);
  for (let i = 0; i < SPOT_FILLS; i++) await flow.place();
  await drained(market);
  const token = await seller(app.mf, app.base);
  const fillsBefore = await count("SELECT count(*) AS n FROM spot_fills");
  const qty = ((SPOT_FILLS + 5_000) / 10_000).toFixed(4);
  const sold = await post(
    `${app.base}/api/coin/trade`,
    new URLSearchParams({ currency_id: "1", legal_id: "3", type: "2", amount: qty, target_price: "10000.00" }).toString(),
    { authorization: token },
  );
  if (sold.status !== 200) throw new Error(`sell: HTTP ${sold.status} ${sold.text.slice(0, 200)}`);
  const answered = performance.now();
  await drained(market, 300_000);
  const spotSeconds = (performance.now() - answered) / 1000;
  const fills = (await count("SELECT count(*) AS n FROM spot_fills")) - fillsBefore;
  const spotRate = fills / spotSeconds;

  // Contracts: LIQUIDATIONS positions, one tick below all their liquidation prices, settled by the ContractMarket object.
  await openPositions(app.mf, LIQUIDATIONS);
  const contract = (await app.mf.getDurableObjectNamespace("ContractMarket")).getByName("BTC-USDT") as unknown as ContractStub;
  const held = await contract.state();
  const steer = (await app.mf.getDurableObjectNamespace("Market")).getByName("BTC-USDT") as unknown as SteerStub;
  if (!(await steer.steer("94100"))) throw new Error("the simulated feed could not be steered");
  const t1 = performance.now();
  const run = await contract.runNow();
  const contractSeconds = (performance.now() - t1) / 1000;
  const liquidatedInD1 = await count("SELECT count(*) AS n FROM contract_positions WHERE status = 3 AND close_reason = 'liquidation'");
  const journalsInD1 = await count("SELECT count(*) AS n FROM journals WHERE kind = 'contract_liquidation'");
  const contractRate = run.closed / contractSeconds;
  const ratio = contractRate / spotRate;

  console.log(`Settlement to D1 in workerd via Miniflare (load average ${loadavg()[0]!.toFixed(1)})`);
  console.log(
    `  spot: one sell filling ${fills.toLocaleString("en")} bids, settled in ${spotSeconds.toFixed(2)} s: ${spotRate.toFixed(0)} fills/s`,
  );
  console.log(
    `  contracts: ${held.positions.toLocaleString("en")} positions held, one tick fired ${run.fired.toLocaleString("en")}, ` +
      `${run.closed.toLocaleString("en")} liquidations settled in ${contractSeconds.toFixed(2)} s: ${contractRate.toFixed(0)} /s ` +
      `(${ratio.toFixed(2)}x the spot fill rate); in D1: ${liquidatedInD1.toLocaleString("en")} positions liquidated, ` +
      `${journalsInD1.toLocaleString("en")} journals`,
  );
  const complete = run.closed === LIQUIDATIONS && liquidatedInD1 === LIQUIDATIONS && journalsInD1 === LIQUIDATIONS;
  console.log(`${complete ? "PASS" : "FAIL"}  every one of the ${LIQUIDATIONS.toLocaleString("en")} liquidations settled once in D1`);
  console.log(
    `${ratio >= TARGET.settleRatio ? "PASS" : "FAIL"}  liquidations settled >= ${TARGET.settleRatio}x the spot fill settlement rate ` +
      `(${contractRate.toFixed(0)} vs ${spotRate.toFixed(0)} per second: ${ratio.toFixed(2)}x)`,
  );
  if (!complete) process.exitCode = 1;
} finally {
  await app.stop();
}
