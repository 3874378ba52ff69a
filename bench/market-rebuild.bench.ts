// Rebuild of a Market object's book from its own storage: 10,000 resting orders
// (and 10,000 finished ones in the same table). Target: <= 50 ms for the whole rebuild.
//
// 1. On node:sqlite, the SQLite engine Durable Object storage is built on, against an
//    on-disk database, with the object's real storage code (durable/spot/store.ts,
//    MarketCore.start): judged on the FIRST rebuild of this fresh process (opening
//    the database, preparing, reading, restoring, and compiling the code on the way,
//    as a market waking in a new isolate does). Later rebuilds are printed for what
//    they are (warm code, warm pages), beside the pure engine part (MatchingEngine.
//    restore from rows already in memory) in the same run.
// 2. On Durable Object storage in workerd (through Miniflare, as bench/lib/workerd.ts
//    runs the app): the BTC-USDT object's storage is filled with the same rows, the
//    runtime restarted, and the object woken by its first RPC in a warm isolate.
//    Its wake minus the wake of an object with an empty book (SOL-USDT, woken just
//    before the same way) is what the 10,000 orders cost; judged on the median of
//    RESTARTS restarts.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MarketCore } from "../durable/spot/core.ts";
import { MatchingEngine } from "../durable/spot/engine/index.ts";
import { MarketStore, type OrderRow } from "../durable/spot/store.ts";
import { BTC_USDT as config } from "./lib/market-config.ts";
import { nodeSql } from "./lib/node-sql.ts";
import { startWorkerd } from "./lib/workerd.ts";

const N = 10_000;
const TARGET_MS = 50;
const RUNS = 25;
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 8883);

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

/** Writes the book into a market's storage: the resting rows, as many finished ones, the engine sequence. */
function fill(file: string, rows: OrderRow[]): void {
  const sql = nodeSql(file);
  const store = new MarketStore(sql);
  store.init();
  store.transaction(() => {
    for (const table of ["orders", "outbox", "intake", "trades", "candles"]) sql.run(`DELETE FROM ${table}`);
    for (const o of rows) store.putOrder(o);
    // Finished orders stay in storage (idempotency by id) but are not read by a rebuild.
    for (let i = 0; i < N; i++) store.putOrder({ ...rows[i]!, id: 2_000_000 + i, resting: 0, state: "filled" });
    store.setMeta("seq", String(N));
  });
  sql.close();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** GET /api/currency/depth of a market: ms to answer, and how many bid levels it showed. */
async function depth(base: string, symbol: string): Promise<{ ms: number; bids: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/currency/depth?symbol=${encodeURIComponent(symbol)}&limit=100`);
  const body = (await res.json()) as { message: { bids: unknown[] } };
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`depth ${symbol}: HTTP ${res.status}`);
  return { ms, bids: body.message.bids.length };
}

/**
 * Forgets the Market objects' pending alarms in the runtime's own tables (key 1 of
 * each object's _cf_METADATA, Miniflare's _cf_ALARM), so a restart wakes no object
 * before the bench asks it to. Answers the storage file of the object named `name`.
 */
function clearAlarms(dir: string, name: string): string {
  const index = new DatabaseSync(join(dir, "metadata.sqlite"));
  const row = index.prepare("SELECT actor_id AS id FROM _cf_ALARM WHERE actor_name = ?").get(name) as { id: string } | undefined;
  index.exec("DELETE FROM _cf_ALARM");
  index.close();
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".sqlite") && x !== "metadata.sqlite")) {
    const db = new DatabaseSync(join(dir, f));
    db.exec("DELETE FROM _cf_METADATA WHERE key = 1");
    db.close();
  }
  if (!row) throw new Error(`no storage of the Market object ${name} in ${dir}`);
  return join(dir, `${row.id}.sqlite`);
}

/**
 * Wakes of Market objects on Durable Object storage in workerd. BTC-USDT is woken
 * once so the runtime creates its storage, then filled with the rows while the
 * runtime is stopped, and pending alarms are cleared before every restart (an
 * overdue alarm would wake the object first). Each restart wakes objects by a first
 * RPC straight to them (Miniflare's proxy, not the Worker, whose first request
 * wakes every market): ETH-USDT first (the isolate compiles the code), then SOL-USDT
 * (a book of the market maker's few quotes: the baseline), then BTC-USDT, then
 * BTC-USDT again, awake.
 */
async function durableWakes(rows: OrderRow[]) {
  let app = await startWorkerd(PORT, { assets: false });
  await depth(app.base, "BTC/USDT");
  await app.stop();
  const dir = join(app.state, "v3", "do", "edge-exchange-Market");
  fill(clearAlarms(dir, "BTC-USDT"), rows);
  const out: { empty: number; full: number; awake: number; bids: number }[] = [];
  for (let r = 0; r < RESTARTS; r++) {
    if (r > 0) clearAlarms(dir, "BTC-USDT");
    app = await startWorkerd(PORT, { assets: false, reuse: true });
    try {
      const ns = await app.mf.getDurableObjectNamespace("Market");
      const call = async (name: string) => {
        const t0 = performance.now();
        await (ns.getByName(name) as unknown as { backlog(): Promise<number> }).backlog();
        return performance.now() - t0;
      };
      await call("ETH-USDT");
      const empty = await call("SOL-USDT");
      const full = await call("BTC-USDT");
      const awake = await call("BTC-USDT");
      const { bids } = await depth(app.base, "BTC/USDT");
      if (bids < 100) throw new Error(`BTC-USDT woke with ${bids} bid levels: the filled storage was not read`);
      out.push({ empty, full, awake, bids });
    } finally {
      await app.stop();
    }
  }
  return out;
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

const dir = mkdtempSync(join(tmpdir(), "market-rebuild-"));
try {
  const file = join(dir, "market.sqlite");
  const rows = orders();
  fill(file, rows);

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

  const wakes = await durableWakes(rows);
  const cost = wakes.map((w) => w.full - w.empty);
  const durableMs = median(cost);
  console.log("");
  console.log(`Durable Object storage in workerd (Miniflare), ${RESTARTS} restarts, each object woken by its first RPC:`);
  for (const w of wakes) {
    console.log(
      `  BTC-USDT (10,000 resting) woke in ${fmt(w.full)}, SOL-USDT (the maker's quotes) in ${fmt(w.empty)}, BTC-USDT awake ` +
        `${fmt(w.awake)}: the book costs ${fmt(w.full - w.empty)}`,
    );
  }
  console.log(`  median: the 10,000 orders add ${fmt(durableMs)} to a wake   ratio to the target: ${(durableMs / TARGET_MS).toFixed(2)}`);
  console.log(
    `${firstMs <= TARGET_MS ? "PASS" : "FAIL"}  first rebuild of ${N.toLocaleString("en")} resting orders in a fresh process, ` +
      `node:sqlite, <= ${TARGET_MS} ms (${fmt(firstMs)}; warm code ${fmt(coldMs)}, again ${fmt(warm)}; engine alone ${fmt(engineMs)})`,
  );
  console.log(
    `${durableMs <= TARGET_MS ? "PASS" : "FAIL"}  rebuild of ${N.toLocaleString("en")} resting orders on a wake on Durable ` +
      `Object storage <= ${TARGET_MS} ms (median ${fmt(durableMs)} of ${cost.map(fmt).join(", ")}; an empty book's wake is the baseline)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
