// Placing spot orders through the Worker into the Market object, in local workerd
// (the bundle `wrangler deploy` uploads, run by Miniflare; no wrangler dev proxy,
// no asset router in front of /api): the full path of POST /api/coin/trade, with
// session check, validation, the Market object's intake (stored, answered, held
// in group-committed D1 batches, matched) and everything that runs behind it
// (settlement drains, user-room pushes, the market maker, the simulated feed).
// The orders are resting limit buys below the market, so each one holds funds and
// rests on the book.
//
// Named peer, measured in the same run on the same machine: the smallest Worker
// that does what an order must at least do, a POST through a Worker into a Durable
// Object that inserts one SQLite row (TOOLCHAIN.md's baseline: 1 connection p50
// 1 ms, p99 4-8 ms; 10 connections 720-940 req/s).
import { loadavg } from "node:os";
import { DEMO_USERS } from "../worker/domain/seed/demo.ts";
import { post } from "./lib/http-client.ts";
import { fmtMs, summarize } from "./lib/stats.ts";
import { logIn, startMinimalPeer, startWorkerd } from "./lib/workerd.ts";

const SEQUENTIAL = Number(process.env.BENCH_ORDERS ?? 1_000);
const CONCURRENT_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const TARGET = { p99: 5, rps: 1_000 };

const app = await startWorkerd(Number(process.env.BENCH_PORT ?? 8879), { assets: false });
const peer = await startMinimalPeer(Number(process.env.BENCH_PEER_PORT ?? 8880));
try {
  const tokens = [await logIn(app.base, DEMO_USERS[0]), await logIn(app.base, DEMO_USERS[1])];

  let n = 0;
  /** A 0.0001 BTC limit buy between 10,000 and 10,499.99 USDT: 1 to 1.05 USDT held, never crossing the market. */
  const order = async (c: number): Promise<number> => {
    const i = n++;
    const price = (1_000_000 + (i % 50_000)) / 100;
    const body = new URLSearchParams({
      currency_id: "1",
      legal_id: "3",
      type: "1",
      amount: "0.0001",
      target_price: price.toFixed(2),
    }).toString();
    const t0 = performance.now();
    const res = await post(`${app.base}/api/coin/trade`, body, { authorization: tokens[c % 2]! });
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`order ${i}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
    return ms;
  };
  const peerBody = new URLSearchParams({
    currency_id: "1",
    legal_id: "3",
    type: "1",
    amount: "0.0001",
    target_price: "10000.00",
  }).toString();
  const insert = async (): Promise<number> => {
    const t0 = performance.now();
    const res = await post(`${peer.base}/`, peerBody);
    if (res.status !== 200) throw new Error(`peer: HTTP ${res.status}`);
    return performance.now() - t0;
  };

  // Warm-up: isolates, D1, the Market object, the market's reading of both balances.
  for (let i = 0; i < 100; i++) {
    await order(i);
    await insert();
  }

  // One connection, one request at a time, the two paths alternating so both see the same machine.
  const one: number[] = [];
  const onePeer: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    one.push(await order(i));
    onePeer.push(await insert());
  }

  const tenConnections = async (fn: (c: number) => Promise<number>) => {
    const samples: number[] = [];
    const deadline = performance.now() + CONCURRENT_SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        while (performance.now() < deadline) samples.push(await fn(c));
      }),
    );
    const s = summarize(samples);
    return { ...s, rps: samples.length / ((performance.now() - started) / 1000) };
  };
  const ten = await tenConnections(order);
  const tenPeer = await tenConnections(() => insert());

  const s1 = summarize(one);
  const p1 = summarize(onePeer);
  console.log(`POST /api/coin/trade into the BTC/USDT Market object, workerd via Miniflare (load average ${loadavg()[0]!.toFixed(1)})`);
  console.log(`1 connection (${s1.n} orders):  p50 ${fmtMs(s1.p50)}  p99 ${fmtMs(s1.p99)}  max ${fmtMs(s1.max)}`);
  console.log(`  peer, Worker -> DO with one SQLite insert:  p50 ${fmtMs(p1.p50)}  p99 ${fmtMs(p1.p99)}  max ${fmtMs(p1.max)}`);
  console.log(`  ratio to the peer: p50 ${(s1.p50 / p1.p50).toFixed(2)}x  p99 ${(s1.p99 / p1.p99).toFixed(2)}x`);
  console.log(
    `${CONNECTIONS} connections (${ten.n} orders in ${CONCURRENT_SECONDS} s): ${ten.rps.toFixed(0)} orders/s  p50 ${fmtMs(ten.p50)}  ` +
      `p99 ${fmtMs(ten.p99)}`,
  );
  console.log(`  peer: ${tenPeer.rps.toFixed(0)} req/s  p50 ${fmtMs(tenPeer.p50)}  p99 ${fmtMs(tenPeer.p99)}`);
  console.log(`  ratio to the peer: ${(ten.rps / tenPeer.rps).toFixed(2)}x`);
  console.log(
    `${s1.p99 <= TARGET.p99 ? "PASS" : "FAIL"}  one connection p99 <= ${TARGET.p99} ms (${fmtMs(s1.p99)}; the peer's own p99 ` +
      `${fmtMs(p1.p99)})`,
  );
  console.log(
    `${ten.rps >= TARGET.rps ? "PASS" : "FAIL"}  ten connections >= ${TARGET.rps} orders/s on one market (${ten.rps.toFixed(0)}; the ` +
      `peer's own ${tenPeer.rps.toFixed(0)} req/s)`,
  );
} finally {
  await app.stop();
  await peer.stop();
}
