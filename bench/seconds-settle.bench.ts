// Seconds settlement at scale, in local workerd (the bundle `wrangler deploy` uploads, run by Miniflare): 10,000 open
// seconds orders with the same expiry (handled_at) in the BTC/USDT SecondsMarket object, and the time from handled_at
// until the last of them is paid in D1 (its settlement journal and closed row, written in the same batch; `settled_at`
// is that batch's time). Target: every order paid within 5 s of its expiry on this machine.
//
// The orders are written straight to D1 as accepted orders (status open, created 10 s before, due together) and the
// object adopts them as after a crash (its reconcile), so the measured part is settlement only: one trail look-up for
// the shared handled_at, then slices of 500 orders per D1 batch.
//
// Same-run peer: the spot Market object's fill settlement rate on the same machine in the same run: crossing orders
// (orderFlow: every fifth order sells into the book) sent on ten connections, fills settled in D1 per second from the
// first send until the object's backlog is drained. Reported as the ratio of orders paid per second (seconds) to fills
// settled per second (spot). The spot figure includes placing the orders (it is the rate a market settles fills at
// while taking them), so the ratio says how far seconds settlement outruns the market's own fill settlement.
import { loadavg } from "node:os";
import { committedInD1, marketStub, orderFlow, placeAndDrain, warmUp } from "./lib/orders.ts";
import { startWorkerd } from "./lib/workerd.ts";

const ORDERS = Number(process.env.BENCH_SECONDS_ORDERS ?? 10_000);
const LEAD_MS = Number(process.env.BENCH_SECONDS_LEAD_MS ?? 15_000);
const SPOT_ORDERS = Number(process.env.BENCH_SPOT_ORDERS ?? 2_500);
const CONNECTIONS = 10;
const TARGET_MS = 5_000;

const app = await startWorkerd(Number(process.env.BENCH_PORT ?? 8863), { assets: false });
try {
  const db = await app.mf.getD1Database("DB");
  // Spot peer first (it also creates the bench traders, who own the seconds orders).
  const flow = await orderFlow(app.mf, app.base);
  const market = await marketStub(app.mf);
  await warmUp(flow, market);
  const { ids, crossing, seconds: spotSeconds } = await placeAndDrain(flow, market, SPOT_ORDERS, CONNECTIONS);
  const spot = await committedInD1(app.mf, ids, crossing);
  const spotRate = spot.filled / spotSeconds;

  // 10,000 accepted seconds orders due together, spread over the bench traders.
  const users = (await db.prepare(`SELECT id FROM users WHERE email LIKE 'bench-%@bench.test' ORDER BY id`).all<{ id: number }>()).results;
  const now = Date.now();
  const handledAt = now + LEAD_MS;
  const trail = await (await fetch(`${app.base}/api/currency/price_trail?symbol=BTC/USDT`)).json();
  const open = (trail as { message: { entries: { time: number; price: string }[] } }).message.entries.at(-1);
  if (!open) throw new Error("BTC/USDT has no trail entry: its feed is not running");
  const baseId = 7_000_000_000_000;
  for (let i = 0; i < ORDERS; i += 1_000) {
    const rows = [];
    for (let k = i; k < Math.min(i + 1_000, ORDERS); k++) {
      rows.push([baseId + k, users[k % users.length]!.id, k % 2 === 0 ? 1 : 2, 10_000_000 + (k % 7) * 1_000_000]);
    }
    await db
      .prepare(
        `INSERT INTO seconds_orders (id, user_id, market_id, symbol, currency_id, type, seconds, number, fee, profit_ratio, loss_ratio, ` +
          `open_price, open_time, open_source, handled_at, status, created_at) SELECT json_extract(value, '$[0]'), ` +
          `json_extract(value, '$[1]'), 1, 'BTC/USDT', 3, json_extract(value, '$[2]'), 30, json_extract(value, '$[3]'), 10000, '120', ` +
          `'100', ?1, ?2, 'simulator', ?3, 1, ?4 FROM json_each(?5)`,
      )
      .bind(open.price, open.time, handledAt, now - 10_000, JSON.stringify(rows))
      .run();
  }
  // Wake the object: its reconcile adopts the open orders a second later and arms the alarm for handled_at.
  const ns = await app.mf.getDurableObjectNamespace("SecondsMarket");
  const seconds = ns.getByName("BTC-USDT") as unknown as { size(): Promise<number> };
  await seconds.size();
  for (let i = 0; i < 100 && (await seconds.size()) < ORDERS; i++) await new Promise((r) => setTimeout(r, 100));
  const booked = await seconds.size();

  let paid = 0;
  let wallMs = 0;
  const stats = `SELECT COUNT(*) AS n, MAX(settled_at) AS last FROM seconds_orders WHERE id >= ?1 AND id < ?2 AND status = 3`;
  while (Date.now() < handledAt + 60_000) {
    const row = await db
      .prepare(stats)
      .bind(baseId, baseId + ORDERS)
      .first<{ n: number; last: number | null }>();
    paid = row?.n ?? 0;
    if (paid === ORDERS) {
      wallMs = Date.now() - handledAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const last =
    (
      await db
        .prepare(stats)
        .bind(baseId, baseId + ORDERS)
        .first<{ n: number; last: number | null }>()
    )?.last ?? 0;
  const lastMs = last - handledAt;
  const journals = await db
    .prepare(`SELECT COUNT(*) AS n FROM journals WHERE kind = 'seconds_settle' AND ref_key LIKE 'seconds:7%:settle'`)
    .first<{ n: number }>();
  const secondsRate = paid / Math.max(wallMs / 1000, 0.001);
  // The poller's figure bounds the commit from above (settled_at is stamped as the last batch starts), so it is the one judged.
  const pass = paid === ORDERS && journals?.n === ORDERS && wallMs > 0 && wallMs <= TARGET_MS;

  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(`seconds: ${booked} orders booked, ${paid} of ${ORDERS} paid, ${journals?.n ?? 0} settlement journals`);
  console.log(
    `seconds: all paid ${wallMs} ms after handled_at as a 50 ms poller saw it (last batch stamped +${lastMs} ms), ` +
      `${secondsRate.toFixed(0)} orders/s`,
  );
  console.log(
    `spot peer: ${spot.filled} fills settled in ${spotSeconds.toFixed(2)} s (${ids.length} orders, ten connections), ` +
      `${spotRate.toFixed(0)} fills/s`,
  );
  console.log(`ratio seconds orders paid per second / spot fills settled per second: ${(secondsRate / spotRate).toFixed(2)}x`);
  console.log(`${pass ? "PASS" : "FAIL"}  target: all ${ORDERS} orders paid within ${TARGET_MS} ms of handled_at (figure ${wallMs} ms)`);
  if (!pass) process.exitCode = 1;
} finally {
  await app.stop();
}
