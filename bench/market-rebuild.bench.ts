// Rebuild of a Market object's book from its own storage: 10,000 resting orders.
// Runs the object's real storage code (durable/spot/store.ts, MarketCore.rebuild)
// on node:sqlite, the SQLite engine Durable Object storage is built on, against an
// on-disk database, and prints the pure engine part (MatchingEngine.restore from
// rows already in memory) beside it in the same run, so what storage adds is the
// difference. Target: <= 50 ms for the whole rebuild.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MarketCore } from "../durable/spot/core.ts";
import { MatchingEngine } from "../durable/spot/engine/index.ts";
import { MarketStore, type OrderRow } from "../durable/spot/store.ts";
import { BTC_USDT as config } from "./lib/market-config.ts";
import { nodeSql } from "./lib/node-sql.ts";

const N = 10_000;
const TARGET_MS = 50;
const RUNS = 25;

/** Deterministic book: 5,000 bids and 5,000 asks over 750 price levels a side around 95,000. */
function orders(): OrderRow[] {
  let s = 0x9e3779b9;
  const rnd = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  const out: OrderRow[] = [];
  for (let i = 0; i < N; i++) {
    const buy = i % 2 === 0;
    const level = Math.floor(rnd() * 750);
    const price = buy ? 9_499_900 - level * 10 : 9_500_100 + level * 10;
    const qty = 1 + Math.floor(rnd() * 500);
    out.push({
      id: 1_000_000 + i,
      owner: 1 + Math.floor(rnd() * 200),
      side: buy ? 0 : 1,
      type: 0,
      price,
      qty,
      orig: qty,
      filled: 0,
      priority: i + 1,
      resting: 1,
      state: "open",
      reason: "",
      hold: `hold-${i}`,
      holdUnits: buy ? price * qty : qty * 10_000,
      consumed: 0,
      quoteUnits: 0,
      feeUnits: 0,
      budget: 0,
      tif: "GTC",
      postOnly: 0,
      createdAt: 1_700_000_000_000 + i,
      updatedAt: 1_700_000_000_000 + i,
    });
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

const dir = mkdtempSync(join(tmpdir(), "market-rebuild-"));
try {
  const file = join(dir, "market.sqlite");
  const rows = orders();
  {
    const sql = nodeSql(file);
    const store = new MarketStore(sql);
    store.init();
    store.transaction(() => {
      for (const o of rows) store.putOrder(o);
      // Finished orders stay in storage (idempotency by id) but are not read by a rebuild.
      for (let i = 0; i < N; i++) store.putOrder({ ...rows[i]!, id: 2_000_000 + i, resting: 0, state: "filled" });
      store.setMeta("seq", String(N));
    });
    sql.close();
  }

  // First rebuild of this process: opens the database, creates nothing (tables exist), prepares the
  // statements, reads and restores, and also pays for compiling this code path.
  let t0 = performance.now();
  const firstSql = nodeSql(file);
  const firstCore = new MarketCore({ config, store: new MarketStore(firstSql), now: Date.now });
  const firstCount = firstCore.start();
  const firstMs = performance.now() - t0;
  firstSql.close();
  if (firstCount !== N) throw new Error(`rebuilt ${firstCount} orders, expected ${N}`);

  // A market waking in a warm isolate: code compiled, its database not yet opened.
  t0 = performance.now();
  const coldSql = nodeSql(file);
  const coldCore = new MarketCore({ config, store: new MarketStore(coldSql), now: Date.now });
  coldCore.start();
  const coldMs = performance.now() - t0;

  // Warm: the same rebuild again (statements prepared, pages cached).
  const full: number[] = [];
  const readOnly: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t0 = performance.now();
    coldCore.rebuild();
    full.push(performance.now() - t0);
    t0 = performance.now();
    coldCore.store.loadResting();
    readOnly.push(performance.now() - t0);
  }
  if (coldCore.restingCount !== N) throw new Error("rebuild lost orders");
  coldSql.close();

  // The pure part alone: the engine restoring from rows already in memory (book order).
  const inMemory = new MarketStore(nodeSql(file)).loadResting();
  const pure: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const engine = new MatchingEngine({ capacity: 2 * N });
    t0 = performance.now();
    engine.restore({ version: 1, seq: N, orders: inMemory });
    pure.push(performance.now() - t0);
  }

  const warm = median(full);
  const engineMs = median(pure);
  const readMs = median(readOnly);
  console.log(
    `node ${process.version}, ${N.toLocaleString("en")} resting orders (+${N.toLocaleString("en")} finished ones in the same table), ` +
      `on-disk SQLite`,
  );
  console.log(
    `first rebuild in a fresh process (open db, prepare, read, restore, JIT): ${fmt(firstMs)}   ratio to the ${TARGET_MS} ms target: ` +
      `${(firstMs / TARGET_MS).toFixed(2)}`,
  );
  console.log(
    `rebuild on wake, warm code (open db, prepare, read, restore):          ${fmt(coldMs)}   ratio to the target: ` +
      `${(coldMs / TARGET_MS).toFixed(2)}`,
  );
  console.log(
    `rebuild again, median of ${RUNS} (read + restore):                         ${fmt(warm)}   ratio to the target: ` +
      `${(warm / TARGET_MS).toFixed(2)}`,
  );
  console.log(`  of which the SQL read (covering index scan in book order):            ${fmt(readMs)}`);
  console.log(
    `engine restore alone from rows in memory, median:                       ${fmt(engineMs)}   storage adds ${fmt(warm - engineMs)} ` +
      `(${(warm / engineMs).toFixed(1)}x the pure part)`,
  );
  console.log(
    `${coldMs <= TARGET_MS && warm <= TARGET_MS ? "PASS" : "FAIL"}  rebuild of ${N.toLocaleString("en")} resting orders from storage ` +
      `<= ${TARGET_MS} ms (on wake ${fmt(coldMs)}, again ${fmt(warm)}; first in a fresh process ${fmt(firstMs)})`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
