// Placing spot orders through the Worker into the Market object, in local workerd
// (the bundle `wrangler deploy` uploads, run by Miniflare; no wrangler dev proxy,
// no asset router in front of /api): the full path of POST /api/coin/trade, with
// session check, validation, the Market object's intake, and everything an order
// causes behind its answer. One in five orders crosses the book (bench/lib/orders.ts),
// so matching, fills and their settlement are on the measured path too.
//
// What counts is committed orders: the intake answers before an order's hold is in
// D1, so every ten-connection window of the app ends only when the Market object's
// backlog (orders on their way to D1 plus settlement steps) is back to zero, and
// after the run D1 must hold every answered order's row and hold, and the crossing
// orders' fills.
//
// Named peer, measured in the same run on the same machine with the same client: the
// smallest Worker that does what an order must at least do, a POST through a Worker
// into a Durable Object that inserts one SQLite row (committed when it answers).
// The two alternate: request by request on one connection, window by window
// (app, peer, app, peer, ...) on ten. Targets: ten connections at least 0.6x the
// peer's throughput; one connection p99 at most 2x the peer's.
import { loadavg } from "node:os";
import { committedInD1, drained, marketStub, orderFlow } from "./lib/orders.ts";
import { fmtMs, summarize } from "./lib/stats.ts";
import { startMinimalPeer, startWorkerd } from "./lib/workerd.ts";

const SEQUENTIAL = Number(process.env.BENCH_ORDERS ?? 1_000);
/** Ten-connection windows per side, each this long (plus the app's drain). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const WINDOW_SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = 10;
const TARGET = { throughputRatio: 0.6, p99Ratio: 2 };

const app = await startWorkerd(Number(process.env.BENCH_PORT ?? 8879), { assets: false });
const peer = await startMinimalPeer(Number(process.env.BENCH_PEER_PORT ?? 8880));
try {
  const flow = await orderFlow(app.mf, app.base);
  const market = await marketStub(app.mf);
  const { insert } = peer;
  const ids: number[] = [];
  const crossing: number[] = [];
  const order = async (): Promise<number> => {
    const o = await flow.place();
    ids.push(o.id);
    if (o.crossing) crossing.push(o.id);
    return o.ms;
  };

  // Warm-up: isolates, D1, the Market object, the market's reading of both balances.
  for (let i = 0; i < 100; i++) {
    await order();
    await insert();
  }
  await drained(market);
  ids.length = 0;
  crossing.length = 0;

  // One connection, one request at a time, the two paths alternating so both see the same machine.
  const one: number[] = [];
  const onePeer: number[] = [];
  let t0 = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    one.push(await order());
    onePeer.push(await insert());
  }
  await drained(market);
  const oneSeconds = (performance.now() - t0) / 1000;

  /** Ten connections for one window; the app's window ends when its backlog has drained. */
  const window = async (fn: () => Promise<number>, drain: boolean) => {
    const samples: number[] = [];
    const started = performance.now();
    const deadline = started + WINDOW_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) samples.push(await fn());
      }),
    );
    const answered = performance.now();
    if (drain) await drained(market);
    return { samples, seconds: (performance.now() - started) / 1000, drainSeconds: (performance.now() - answered) / 1000 };
  };
  const appWindows: Awaited<ReturnType<typeof window>>[] = [];
  const peerWindows: Awaited<ReturnType<typeof window>>[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    appWindows.push(await window(order, true));
    peerWindows.push(await window(insert, false));
  }
  t0 = performance.now();
  const d1 = await committedInD1(app.mf, ids, crossing);
  const checkSeconds = (performance.now() - t0) / 1000;

  const rate = (ws: typeof appWindows) => ws.reduce((n, w) => n + w.samples.length, 0) / ws.reduce((s, w) => s + w.seconds, 0);
  const ten = { ...summarize(appWindows.flatMap((w) => w.samples)), rps: rate(appWindows) };
  const tenPeer = { ...summarize(peerWindows.flatMap((w) => w.samples)), rps: rate(peerWindows) };
  const drainMs = summarize(appWindows.map((w) => w.drainSeconds * 1000));
  const s1 = summarize(one);
  const p1 = summarize(onePeer);
  const ratio = ten.rps / tenPeer.rps;
  const p99Ratio = s1.p99 / p1.p99;

  console.log(`POST /api/coin/trade into the BTC/USDT Market object, workerd via Miniflare (load average ${loadavg()[0]!.toFixed(1)})`);
  console.log(
    `1 connection (${s1.n} orders, one in five crossing): answered p50 ${fmtMs(s1.p50)}  p99 ${fmtMs(s1.p99)}  max ${fmtMs(s1.max)}`,
  );
  console.log(`  peer, Worker -> DO with one SQLite insert:      p50 ${fmtMs(p1.p50)}  p99 ${fmtMs(p1.p99)}  max ${fmtMs(p1.max)}`);
  console.log(
    `  ratio to the peer: p50 ${(s1.p50 / p1.p50).toFixed(2)}x  p99 ${p99Ratio.toFixed(2)}x   (orders and inserts alternating, ` +
      `${oneSeconds.toFixed(1)} s with the drain)`,
  );
  console.log(
    `${CONNECTIONS} connections, ${ROUNDS} windows of ${WINDOW_SECONDS} s each, app and peer alternating: ${ten.n} orders ` +
      `committed, ${ten.rps.toFixed(0)} orders/s (each window until the backlog is drained; drain p50 ${fmtMs(drainMs.p50)}, ` +
      `max ${fmtMs(drainMs.max)})  answered p50 ${fmtMs(ten.p50)}  p99 ${fmtMs(ten.p99)}`,
  );
  console.log(`  peer: ${tenPeer.n} inserts, ${tenPeer.rps.toFixed(0)} req/s  p50 ${fmtMs(tenPeer.p50)}  p99 ${fmtMs(tenPeer.p99)}`);
  console.log(`  ratio to the peer: ${ratio.toFixed(2)}x`);
  console.log(
    `in D1 after the run (${checkSeconds.toFixed(1)} s to check): ${d1.held} of ${ids.length} answered orders with their row and ` +
      `hold, ${d1.rejected} rejected; ${d1.filled} of ${crossing.length} crossing orders filled and settled`,
  );
  const committed = d1.held === ids.length && d1.rejected === 0 && d1.filled === crossing.length;
  console.log(`${committed ? "PASS" : "FAIL"}  every answered order is held in D1 and every crossing order settled`);
  console.log(
    `${p99Ratio <= TARGET.p99Ratio ? "PASS" : "FAIL"}  one connection p99 <= ${TARGET.p99Ratio}x the peer's ` +
      `(${fmtMs(s1.p99)} vs ${fmtMs(p1.p99)}: ${p99Ratio.toFixed(2)}x)`,
  );
  console.log(
    `${ratio >= TARGET.throughputRatio ? "PASS" : "FAIL"}  ten connections >= ${TARGET.throughputRatio}x the peer's throughput ` +
      `(${ten.rps.toFixed(0)} committed orders/s vs ${tenPeer.rps.toFixed(0)} req/s: ${ratio.toFixed(2)}x)`,
  );
  if (!committed) process.exitCode = 1;
} finally {
  await app.stop();
  await peer.stop();
}
