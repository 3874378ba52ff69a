// Placing spot orders through the Worker into the Market object in local workerd
// (wrangler dev, local D1), the full path of POST /api/coin/trade: session, market
// config, order row + ledger hold in one D1 batch, RPC to the BTC/USDT Market
// object (engine + one storage transaction + outbox). The orders are resting limit
// buys below the market (they hold funds and rest on the book; the market maker
// quotes around the reference price meanwhile). Settlement runs behind, from the
// object's alarm.
// Baseline from TOOLCHAIN.md (same machine class): POST through a Worker to a
// Durable Object with one SQLite insert: 1 connection p50 1 ms, p99 4-8 ms;
// 10 connections 720-940 req/s. Same-run peer: GET /api/currency/depth (Worker ->
// Market object, a read, no D1 write).
import { DEMO_USERS } from "../worker/domain/seed/demo.ts";
import { startWorkerd as startServer } from "./lib/workerd.ts";
import { fmtMs, summarize } from "./lib/stats.ts";

const SEQUENTIAL = Number(process.env.BENCH_ORDERS ?? 600);
const CONCURRENT_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const BASELINE = { p99Low: 4, p99High: 8, rpsLow: 720, rpsHigh: 940 };
const TARGET = { p99: 5, rps: 1_000 };

const { base, stop } = await startServer(Number(process.env.BENCH_PORT ?? 8879));
try {
  const login = async (email: string, password: string) => {
    const res = await fetch(`${base}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ user_string: email, password }),
    });
    const body = (await res.json()) as { type: string; message: string };
    if (body.type !== "ok") throw new Error(`log-in failed: ${JSON.stringify(body)}`);
    return body.message;
  };
  const tokens = [await login(DEMO_USERS[0].email, DEMO_USERS[0].password), await login(DEMO_USERS[1].email, DEMO_USERS[1].password)];

  let n = 0;
  /** A 0.0001 BTC limit buy between 10,000 and 10,499.99 USDT: 1 to 1.05 USDT held, never crossing the market. */
  const place = async (token: string): Promise<number> => {
    const i = n++;
    const price = (1_000_000 + (i % 50_000)) / 100;
    const t0 = performance.now();
    const res = await fetch(`${base}/api/coin/trade`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: token },
      body: new URLSearchParams({ currency_id: "1", legal_id: "3", type: "1", amount: "0.0001", target_price: price.toFixed(2) }),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`order ${i}: HTTP ${res.status} ${text.slice(0, 200)}`);
    return ms;
  };
  const read = async (): Promise<number> => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/currency/depth?symbol=BTC/USDT&limit=20`);
    await res.text();
    if (!res.ok) throw new Error(`depth: HTTP ${res.status}`);
    return performance.now() - t0;
  };

  /** Same-run peer for the write path: an authenticated D1 write (watchlist add: session read + INSERT OR IGNORE + read). */
  const write = async (token: string): Promise<number> => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/optional/add`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: token },
      body: new URLSearchParams({ currency_id: "1" }),
    });
    await res.text();
    if (!res.ok) throw new Error(`optional/add: HTTP ${res.status}`);
    return performance.now() - t0;
  };
  const calibrate = async (): Promise<number> => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/getSiteConfig`);
    await res.text();
    return performance.now() - t0;
  };

  // Warm-up: isolates, D1, the Market object and its room.
  for (let i = 0; i < 60; i++) {
    await place(tokens[i % 2]!);
    await read();
    await calibrate();
  }

  // One connection, one order at a time.
  const one: number[] = [];
  const peer: number[] = [];
  const cal: number[] = [];
  const writes: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const f0 = performance.now();
    await (await fetch(`${base}/api/no-such-route`)).text();
    floor.push(performance.now() - f0);
    one.push(await place(tokens[i % 2]!));
    peer.push(await read());
    cal.push(await calibrate());
    writes.push(await write(tokens[i % 2]!));
  }

  // Ten connections for a fixed time, all on BTC/USDT; then the write peer the same way.
  const tenConnections = async (fn: (token: string) => Promise<number>) => {
    const samples: number[] = [];
    const deadline = performance.now() + CONCURRENT_SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        while (performance.now() < deadline) samples.push(await fn(tokens[c % 2]!));
      }),
    );
    return { samples, elapsed: (performance.now() - started) / 1000 };
  };
  const ten = await tenConnections(place);
  const many = ten.samples;
  const elapsed = ten.elapsed;
  const rps = many.length / elapsed;
  const tenWrites = await tenConnections(write);
  const writeRps = tenWrites.samples.length / tenWrites.elapsed;
  const tenReads = await tenConnections(() => calibrate());
  const readRps = tenReads.samples.length / tenReads.elapsed;

  const s1 = summarize(one);
  const sp = summarize(peer);
  const s10 = summarize(many);
  const mid = (a: number, b: number) => (a + b) / 2;
  console.log(`POST /api/coin/trade into the BTC/USDT Market object, local workerd (wrangler dev, local D1)`);
  console.log(`1 connection  (${s1.n} orders):   p50 ${fmtMs(s1.p50)}  p99 ${fmtMs(s1.p99)}  max ${fmtMs(s1.max)}`);
  const sc = summarize(cal);
  console.log(`  same-run peer GET /api/currency/depth (Worker -> Market object, read only): p50 ${fmtMs(sp.p50)}  p99 ${fmtMs(sp.p99)}`);
  const sw = summarize(writes);
  const sf = summarize(floor);
  console.log(`  same-run floor GET /api/no-such-route (404, no D1, no object):              p50 ${fmtMs(sf.p50)}  p99 ${fmtMs(sf.p99)}`);
  console.log(`  same-run calibration GET /api/getSiteConfig (Worker + one D1 read):          p50 ${fmtMs(sc.p50)}  p99 ${fmtMs(sc.p99)}  (machine load average ${(await import("node:os")).loadavg()[0]!.toFixed(1)})`);
  console.log(`  same-run write peer POST /api/optional/add (session read + one D1 write):    p50 ${fmtMs(sw.p50)}  p99 ${fmtMs(sw.p99)}`);
  console.log(`  ratio to the same-run write peer: p50 ${(s1.p50 / sw.p50).toFixed(2)}x  p99 ${(s1.p99 / sw.p99).toFixed(2)}x`);
  console.log(`  ratio to baseline "POST through a Worker to a DO with one SQLite insert" (p50 1 ms, p99 ${BASELINE.p99Low}-${BASELINE.p99High} ms): p50 ${(s1.p50 / 1).toFixed(2)}x  p99 ${(s1.p99 / mid(BASELINE.p99Low, BASELINE.p99High)).toFixed(2)}x of the midpoint`);
  console.log(`${CONNECTIONS} connections (${s10.n} orders in ${elapsed.toFixed(1)} s): ${rps.toFixed(0)} orders/s  p50 ${fmtMs(s10.p50)}  p99 ${fmtMs(s10.p99)}`);
  console.log(`  ratio to baseline ${BASELINE.rpsLow}-${BASELINE.rpsHigh} req/s: ${(rps / mid(BASELINE.rpsLow, BASELINE.rpsHigh)).toFixed(2)}x of the midpoint`);
  console.log(`  same-run write peer, ${CONNECTIONS} connections: ${writeRps.toFixed(0)} req/s -> ratio ${(rps / writeRps).toFixed(2)}x;  read calibration (getSiteConfig): ${readRps.toFixed(0)} req/s`);
  console.log(`${s1.p99 <= TARGET.p99 ? "PASS" : "FAIL"}  one connection p99 <= ${TARGET.p99} ms (${fmtMs(s1.p99)})`);
  console.log(`${rps >= TARGET.rps ? "PASS" : "FAIL"}  ten connections >= ${TARGET.rps} orders/s on one market (${rps.toFixed(0)})`);
} finally {
  await stop();
}
