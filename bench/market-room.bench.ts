// One market room broadcasting to 1,000 WebSocket clients, in local workerd (the
// bundle run by Miniflare). Orders placed on DOGE/USDT about 12 times a second
// change its book; the Market object merges the changes (at most 10 updates a
// second, fewer when the room is slow to fan out) and publishes them to the market
// room, which sends them to every socket. Each frame carries the time the Market
// object published it, so delivery latency = arrival - publish (same machine
// clock): the hop Market -> room plus the broadcast to every socket.
//
// Named peer, measured in the same run with the same clients: one Durable Object
// sending a frame of the same size to 1,000 hibernatable sockets ten times a
// second (TOOLCHAIN.md's baseline: p99 198 ms, about 9,700 deliveries/s).
// Target: p99 <= 100 ms.
import { loadavg } from "node:os";
import { DEMO_USERS } from "../worker/domain/seed/demo.ts";
import { openClients } from "./lib/socket-clients.ts";
import { fmtMs, summarize } from "./lib/stats.ts";
import { logIn, startBroadcastPeer, startWorkerd } from "./lib/workerd.ts";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ORDER_EVERY_MS = 80;
const TARGET_P99 = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `step` every `everyMs` for the measuring window; returns what the clients saw. */
async function measure(clients: Awaited<ReturnType<typeof openClients>>, everyMs: number, step: () => Promise<void>) {
  for (let i = 0; i < 20; i++) await step();
  await sleep(500);
  clients.start();
  const started = performance.now();
  let steps = 0;
  while (performance.now() < started + SECONDS * 1000) {
    const tick = performance.now();
    await step();
    steps++;
    const wait = everyMs - (performance.now() - tick);
    if (wait > 0) await sleep(wait);
  }
  await sleep(500);
  const seen = clients.stop();
  const elapsed = (performance.now() - started) / 1000;
  return { ...summarize(seen.latencies), steps, elapsed, updates: seen.latencies.length / CLIENTS, perSecond: seen.deliveries / elapsed };
}

const app = await startWorkerd(Number(process.env.BENCH_PORT ?? 8881), { assets: false });
const peer = await startBroadcastPeer(Number(process.env.BENCH_PEER_PORT ?? 8882));
try {
  const token = await logIn(app.base, DEMO_USERS[0]);

  // The market room.
  const roomClients = await openClients(`${app.base.replace("http", "ws")}/parties/market-room/DOGE-USDT`, CLIENTS, "depth");
  let n = 0;
  const room = await measure(roomClients, ORDER_EVERY_MS, async () => {
    const price = (22_000 + (n++ % 2_000)) / 100_000; // 0.22 .. 0.24: below the market, always rests
    const res = await fetch(`${app.base}/api/coin/trade`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: token },
      body: new URLSearchParams({ currency_id: "7", legal_id: "3", type: "1", amount: "5", target_price: price.toFixed(5) }),
    });
    await res.text();
  });
  roomClients.close();
  const depth = ((await (await fetch(`${app.base}/api/currency/depth?symbol=DOGE/USDT&limit=20`)).json()) as { message: unknown }).message;
  const lastDepth = JSON.stringify({ type: "depth", symbol: "DOGE/USDT", depth });

  // The peer: frames of the same size, ten a second.
  const peerClients = await openClients(`${peer.base.replace("http", "ws")}/`, CLIENTS, "depth");
  const body = lastDepth.slice(0, -1);
  const base = await measure(peerClients, 100, async () => {
    await (await fetch(`${peer.base}/`, { method: "POST", body: `${body},"time":${Date.now()}}` })).text();
  });
  peerClients.close();

  console.log(
    `market room DOGE-USDT, ${CLIENTS} WebSocket clients (connected in ${roomClients.connectSeconds.toFixed(1)} s), workerd via ` +
      `Miniflare, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `${room.steps} orders in ${room.elapsed.toFixed(1)} s -> ${room.updates.toFixed(0)} depth updates per client ` +
      `(${(room.updates / room.elapsed).toFixed(1)}/s, cap 10/s)`,
  );
  console.log(
    `delivery latency (Market publish -> client): p50 ${fmtMs(room.p50)}  p99 ${fmtMs(room.p99)}  max ${fmtMs(room.max)}   ` +
      `${room.perSecond.toFixed(0)} deliveries/s`,
  );
  console.log(
    `  peer, one object broadcasting ${body.length + 25}-byte frames 10/s: p50 ${fmtMs(base.p50)}  p99 ${fmtMs(base.p99)}  max ` +
      `${fmtMs(base.max)}   ${base.perSecond.toFixed(0)} deliveries/s`,
  );
  console.log(`  ratio to the peer: p99 ${(room.p99 / base.p99).toFixed(2)}x`);
  console.log(`${room.p99 <= TARGET_P99 ? "PASS" : "FAIL"}  p99 delivery <= ${TARGET_P99} ms to ${CLIENTS} clients (${fmtMs(room.p99)})`);
} finally {
  await app.stop();
  await peer.stop();
}
