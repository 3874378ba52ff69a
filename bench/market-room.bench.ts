// One market room broadcasting to 1,000 WebSocket clients, in local workerd
// (wrangler dev). Orders placed on DOGE/USDT about 12 times a second change its
// book; the Market object coalesces the changes (at most 10 updates a second) and
// publishes them to the market room, which fans them out. Each frame carries the
// time the Market object published it, so delivery latency = arrival - publish
// (same machine clock): the hop Market -> room plus the broadcast to every socket.
// Baseline from TOOLCHAIN.md: one Durable Object broadcasting to 1,000 clients,
// p99 198 ms, about 9,700 deliveries/s. Target: p99 <= 100 ms.
import { loadavg } from "node:os";
import { DEMO_USERS } from "../worker/domain/seed/demo.ts";
import { startWorkerd as startServer } from "./lib/workerd.ts";
import { fmtMs, summarize } from "./lib/stats.ts";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ORDER_EVERY_MS = 80;
const BASELINE = { p99: 198, deliveriesPerSecond: 9_700 };
const TARGET_P99 = 100;

const { base, stop } = await startServer(Number(process.env.BENCH_PORT ?? 8881));
const sockets: WebSocket[] = [];
try {
  const login = await fetch(`${base}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ user_string: DEMO_USERS[0].email, password: DEMO_USERS[0].password }),
  });
  const token = ((await login.json()) as { message: string }).message;

  const latencies: number[] = [];
  let deliveries = 0;
  let measuring = false;
  const wsUrl = `${base.replace("http", "ws")}/parties/market-room/DOGE-USDT`;
  const open = (): Promise<WebSocket> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(wsUrl);
      ws.addEventListener("open", () => resolve(ws), { once: true });
      ws.addEventListener("error", () => reject(new Error("socket failed to open")), { once: true });
      ws.addEventListener("message", (e) => {
        if (!measuring) return;
        const arrived = Date.now();
        deliveries++;
        // The client reads only what it measures: a full parse per frame would make the
        // bench client, not the room, the busiest process on a two-core machine.
        const text = e.data as string;
        if (!text.startsWith('{"type":"depth"')) return;
        const at = text.lastIndexOf('"time":');
        if (at >= 0) latencies.push(arrived - Number.parseInt(text.slice(at + 7), 10));
      });
    });
  const t0 = performance.now();
  for (let i = 0; i < CLIENTS; i += 50) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, open))));
  }
  const connectS = (performance.now() - t0) / 1000;

  let n = 0;
  const place = async () => {
    const price = (22_000 + (n++ % 2_000)) / 100_000; // 0.22 .. 0.24: below the market, always rests
    const res = await fetch(`${base}/api/coin/trade`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: token },
      body: new URLSearchParams({ currency_id: "7", legal_id: "3", type: "1", amount: "5", target_price: price.toFixed(5) }),
    });
    await res.text();
  };
  // Warm-up, then measure.
  for (let i = 0; i < 20; i++) await place();
  await new Promise((r) => setTimeout(r, 500));
  measuring = true;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let placed = 0;
  while (performance.now() < until) {
    const tick = performance.now();
    await place();
    placed++;
    const wait = ORDER_EVERY_MS - (performance.now() - tick);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await new Promise((r) => setTimeout(r, 500));
  measuring = false;
  const elapsed = (performance.now() - started) / 1000;

  const s = summarize(latencies);
  const dps = deliveries / elapsed;
  const updates = latencies.length / CLIENTS;
  console.log(`market room DOGE-USDT, ${sockets.length} WebSocket clients (connected in ${connectS.toFixed(1)} s), local workerd, load average ${loadavg()[0]!.toFixed(1)}`);
  console.log(`${placed} orders in ${elapsed.toFixed(1)} s -> ${updates.toFixed(0)} coalesced depth updates per client (${(updates / elapsed).toFixed(1)}/s, cap 10/s)`);
  console.log(`delivery latency (Market publish -> client), depth frames: p50 ${fmtMs(s.p50)}  p99 ${fmtMs(s.p99)}  max ${fmtMs(s.max)}`);
  console.log(`  ratio to baseline p99 ${BASELINE.p99} ms: ${(s.p99 / BASELINE.p99).toFixed(2)}x`);
  console.log(`deliveries (all frames): ${deliveries} in ${elapsed.toFixed(1)} s = ${dps.toFixed(0)}/s   ratio to baseline ${BASELINE.deliveriesPerSecond}/s: ${(dps / BASELINE.deliveriesPerSecond).toFixed(2)}x`);
  console.log(`${s.p99 <= TARGET_P99 ? "PASS" : "FAIL"}  p99 delivery <= ${TARGET_P99} ms to ${sockets.length} clients (${fmtMs(s.p99)})`);
} finally {
  for (const ws of sockets) ws.close();
  await stop();
}
