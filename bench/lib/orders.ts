import type { Miniflare } from "miniflare";
import { DEMO_USERS } from "../../worker/domain/seed/demo.ts";
import { post } from "./http-client.ts";
import { logIn } from "./workerd.ts";

/**
 * The order flow of the placement benches on BTC/USDT, as two demo users send it,
 * five orders at a time (BENCH_CROSS_EVERY=0 leaves out the crossing one):
 *   three 0.0001 BTC limit buys by Alice between 10,000 and 10,249.99 USDT,
 *   one by Bob between 10,250 and 10,499.99 (all resting below the market),
 *   and Alice selling 0.0001 BTC at 10,250, which crosses the best bid (the market
 *   maker's quotes, or Bob's buys), so matching, fills and their settlement are on
 *   the path. Alice's own buys sit below her sell price, so self-trade prevention
 *   never cancels her sells.
 * Alice has 10,000 USDT and 0.5 BTC, Bob 5,000 USDT: room for about 20,000 orders a run.
 */
export async function orderFlow(base: string, withCrossing = process.env.BENCH_CROSS_EVERY !== "0") {
  const tokens = [await logIn(base, DEMO_USERS[0]), await logIn(base, DEMO_USERS[1])];
  let n = 0;
  const form = (fields: { type: "1" | "2"; price: number }) =>
    new URLSearchParams({
      currency_id: "1",
      legal_id: "3",
      type: fields.type,
      amount: "0.0001",
      target_price: fields.price.toFixed(2),
    }).toString();
  const next = (i: number): { body: string; token: string; crossing: boolean } => {
    const slot = i % 5;
    if (slot === 4 && withCrossing) return { body: form({ type: "2", price: 10_250 }), token: tokens[0]!, crossing: true };
    if (slot === 3) return { body: form({ type: "1", price: (1_025_000 + (i % 25_000)) / 100 }), token: tokens[1]!, crossing: false };
    return { body: form({ type: "1", price: (1_000_000 + (i % 25_000)) / 100 }), token: tokens[0]!, crossing: false };
  };
  return {
    /** Places the next order; answers its latency (ms, send to answer), the id the market gave it and whether it crosses. */
    async place(): Promise<{ ms: number; id: number; crossing: boolean }> {
      const i = n++;
      const { body, token, crossing } = next(i);
      const t0 = performance.now();
      const res = await post(`${base}/api/coin/trade`, body, { authorization: token });
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`order ${i}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
      return { ms, id: (JSON.parse(res.text) as { message: { id: number } }).message.id, crossing };
    },
  };
}

type MarketStub = { backlog(): Promise<number>; idle(): Promise<void> };

/** The BTC/USDT Market object, reached over Miniflare's RPC proxy (outside the measured HTTP path). */
export async function marketStub(mf: Miniflare, name = "BTC-USDT"): Promise<MarketStub> {
  const ns = await mf.getDurableObjectNamespace("Market");
  return ns.getByName(name) as unknown as MarketStub;
}

/**
 * Waits until the Market object has nothing left on its way to D1: every accepted
 * order's row and hold written (intake) and every settlement step applied (outbox).
 */
export async function drained(stub: MarketStub, timeoutMs = 60_000): Promise<void> {
  const until = performance.now() + timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the Market object's backlog did not drain")), timeoutMs);
  });
  try {
    for (;;) {
      await Promise.race([stub.idle(), late]);
      if ((await Promise.race([stub.backlog(), late])) === 0) return;
      if (performance.now() > until) throw new Error("the Market object's backlog did not drain");
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What D1 holds of the given orders: how many have their row with its hold (status
 * other than "rejected", hold units > 0, a hold row of that amount), how many were
 * rejected, and how many of the crossing ones have a fill.
 */
export async function committedInD1(
  mf: Miniflare,
  ids: number[],
  crossing: number[],
): Promise<{ held: number; rejected: number; filled: number }> {
  const db = await mf.getD1Database("DB");
  const out = { held: 0, rejected: 0, filled: 0 };
  const count = async (sql: (marks: string) => string, list: number[]) => {
    let n = 0;
    for (let i = 0; i < list.length; i += 90) {
      const chunk = list.slice(i, i + 90);
      const row = await db
        .prepare(sql(chunk.map(() => "?").join(",")))
        .bind(...chunk)
        .first<{ n: number }>();
      n += row?.n ?? 0;
    }
    return n;
  };
  out.held = await count(
    (marks) =>
      `SELECT COUNT(*) AS n FROM spot_orders o JOIN holds h ON h.id = o.hold_id WHERE o.id IN (${marks}) AND o.status <> 'rejected' ` +
      `AND o.hold_units > 0 AND h.amount = o.hold_units`,
    ids,
  );
  out.rejected = await count((marks) => `SELECT COUNT(*) AS n FROM spot_orders WHERE id IN (${marks}) AND status = 'rejected'`, ids);
  out.filled = await count(
    (marks) => `SELECT COUNT(DISTINCT sell_order_id) AS n FROM spot_fills WHERE sell_order_id IN (${marks})`,
    crossing,
  );
  return out;
}
