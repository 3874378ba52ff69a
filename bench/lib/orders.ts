import type { Miniflare } from "miniflare";
import { hashPassword } from "../../worker/domain/auth/password.ts";
import { insertOrIgnore, seedGrant, sqlText } from "../../worker/domain/seed/sql.ts";
import { post } from "./http-client.ts";
import { devVars, logIn } from "./workerd.ts";

/** Bench traders: buyers hold 1,000 USDT each, sellers 0.1 BTC each. */
const TRADERS = { buyers: 72, sellers: 24 };
const PASSWORD = "bench-trader-2026";

/**
 * Creates the bench's traders in D1 (as the demo seed does: users, and deposits from
 * the external account as balanced journals) and logs each in. A market takes at
 * most 20 orders a second from one user, so the load is spread over many: at 1,000
 * orders a second a buyer sends about 11 and a seller about 8.
 */
async function traders(mf: Miniflare, base: string): Promise<{ buyers: string[]; sellers: string[] }> {
  const hash = await hashPassword(PASSWORD, devVars().PASSWORD_PEPPER ?? "");
  const now = Date.now();
  const email = (kind: string, i: number) => `bench-${kind}-${i}@bench.test`;
  const sql: string[] = [];
  for (const [kind, n, currency, units] of [
    ["buyer", TRADERS.buyers, 3, 1_000_000_000],
    ["seller", TRADERS.sellers, 1, 10_000_000],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const uid = `9${kind === "buyer" ? 1 : 2}${String(i).padStart(6, "0")}`;
      sql.push(
        insertOrIgnore("users", {
          uid: sqlText(uid),
          email: sqlText(email(kind, i)),
          password_hash: sqlText(hash),
          nickname: sqlText(`Bench ${kind} ${i}`),
          invite_code: sqlText(`B${uid}`),
          role: sqlText("user"),
          created_at: now,
        }),
        ...seedGrant(`bench:grant:${email(kind, i)}`, "email", email(kind, i), currency, units, now),
      );
    }
  }
  const db = await mf.getD1Database("DB");
  await db.batch(sql.map((line) => db.prepare(line)));
  const logIns = async (kind: string, n: number) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(await logIn(base, { email: email(kind, i), password: PASSWORD }));
    return out;
  };
  return { buyers: await logIns("buyer", TRADERS.buyers), sellers: await logIns("seller", TRADERS.sellers) };
}

/**
 * The order flow of the placement benches on BTC/USDT, five orders at a time
 * (BENCH_CROSS_EVERY=0 leaves out the crossing one): four 0.0001 BTC limit buys
 * between 10,000 and 10,499.99 USDT (resting below the market), each from the next
 * buyer, and a seller selling 0.0001 BTC at 10,000, which crosses the best bid (the
 * market maker's quotes, or the buyers'), so matching, fills and their settlement
 * are on the path. Buyers never sell and sellers never buy, so self-trade
 * prevention never cancels a crossing order.
 */
export async function orderFlow(mf: Miniflare, base: string, withCrossing = process.env.BENCH_CROSS_EVERY !== "0") {
  const { buyers, sellers } = await traders(mf, base);
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
    if (i % 5 === 4 && withCrossing)
      return { body: form({ type: "2", price: 10_000 }), token: sellers[((i / 5) % sellers.length) | 0]!, crossing: true };
    return { body: form({ type: "1", price: (1_000_000 + (i % 50_000)) / 100 }), token: buyers[i % buyers.length]!, crossing: false };
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

export type MarketStub = { backlog(): Promise<number>; idle(): Promise<void> };

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

/** Warms the flow's path up (isolates, D1, the Market object's reading of the traders' balances): 50 orders, drained. */
export async function warmUp(flow: Awaited<ReturnType<typeof orderFlow>>, market: MarketStub): Promise<void> {
  for (let i = 0; i < 50; i++) await flow.place();
  await drained(market);
}

/**
 * The spot settlement peer's load: `count` orders of the flow sent on `connections` connections, timed from the first
 * send until the Market object's backlog is drained. Answers the ids of the orders, those of the crossing ones among
 * them, and the seconds.
 */
export async function placeAndDrain(
  flow: Awaited<ReturnType<typeof orderFlow>>,
  market: MarketStub,
  count: number,
  connections = 10,
): Promise<{ ids: number[]; crossing: number[]; seconds: number }> {
  const ids: number[] = [];
  const crossing: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        next++;
        const o = await flow.place();
        ids.push(o.id);
        if (o.crossing) crossing.push(o.id);
      }
    }),
  );
  await drained(market);
  return { ids, crossing, seconds: (performance.now() - t0) / 1000 };
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
