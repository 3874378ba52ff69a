import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Market } from "../../durable/spot/market.ts";
import type { SpotOrder } from "../../schema/api/market.ts";
import * as tables from "../../schema/db/index.ts";
import { roomName } from "../../worker/domain/markets/config.ts";
import { clearMarketCache, requireMarketByPair } from "../../worker/domain/markets/markets.ts";
import { marketSeedStatements } from "../../worker/domain/seed/market-seed.ts";
import { api, createUser } from "./helpers.ts";
import { BTC, balance, db, fund, seedMoney, USDT } from "./money-helpers.ts";

/** Market test fixtures. BTC/USDT is match id 1: tick 0.01, lot 0.0001, maker fee 0.08 %, taker 0.1 %. */
export { BTC, USDT, balance, db };
export const BTC_USDT = "BTC-USDT";

let seeded = false;
/**
 * Currencies, system accounts, the markets (without a market maker or simulated traders unless asked) and the house
 * inventory.
 */
export async function seedMarkets(opts: { maker?: boolean; simTraders?: boolean } = {}): Promise<void> {
  await seedMoney();
  if (seeded) return;
  const statements = marketSeedStatements(Date.now(), { maker: opts.maker ?? false, simTraders: opts.simTraders ?? false });
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
  clearMarketCache();
  seeded = true;
}

export const marketStub = (name = BTC_USDT) => (env.Market as DurableObjectNamespace<Market>).getByName(name);

/** Forgets a market's simulated history (a fresh local market has one), so its candles are its own trades only. */
export async function clearHistory(name = BTC_USDT): Promise<void> {
  await runInDurableObject(marketStub(name), (_m: Market, state) => {
    state.storage.sql.exec("DELETE FROM sim_candles");
  });
}

/** Runs the market's alarm until its outbox is settled into D1. */
export async function settle(name = BTC_USDT): Promise<void> {
  const stub = marketStub(name);
  for (let i = 0; i < 200; i++) {
    if ((await stub.backlog()) === 0) return;
    const ran = await runDurableObjectAlarm(stub);
    if (!ran) await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`outbox of ${name} did not drain: ${await stub.backlog()} orders and entries left`);
}

/** A user with a session and change-account funds in minor units. */
export async function trader(funds: { usdt?: number; btc?: number } = {}) {
  await seedMarkets();
  const user = await createUser();
  if (funds.usdt) await fund(user.id, USDT, funds.usdt);
  if (funds.btc) await fund(user.id, BTC, funds.btc);
  return user;
}

export type TradeForm = {
  side: "buy" | "sell";
  amount: string;
  price?: string;
  order_type?: "limit" | "market";
  tif?: "GTC" | "IOC" | "FOK";
  post_only?: "0" | "1";
  currency_id?: string;
  legal_id?: string;
};

export function tradeForm(f: TradeForm): Record<string, string> {
  const form: Record<string, string> = {
    currency_id: f.currency_id ?? String(BTC),
    legal_id: f.legal_id ?? String(USDT),
    type: f.side === "buy" ? "1" : "2",
    amount: f.amount,
  };
  if (f.price !== undefined) form.target_price = f.price;
  if (f.order_type) form.order_type = f.order_type;
  if (f.tif) form.tif = f.tif;
  if (f.post_only) form.post_only = f.post_only;
  return form;
}

/** POST /coin/trade; returns the response. */
export const trade = (token: string, f: TradeForm, headers?: Record<string, string>) =>
  api<{ id: number }>("/coin/trade", { token, form: tradeForm(f), headers });

/** Places an order and expects it accepted; returns its id once it is written and on the book. */
export async function placed(token: string, f: TradeForm): Promise<number> {
  const res = await trade(token, f);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const m = await requireMarketByPair(db(), Number(f.currency_id ?? BTC), Number(f.legal_id ?? USDT));
  await marketStub(roomName(m.symbol)).idle();
  return res.body.message.id;
}

export async function orderRow(id: number) {
  return (await db().select().from(tables.spotOrders).where(eq(tables.spotOrders.id, id)).get())!;
}

export async function listed(token: string, status: "1" | "2" = "1"): Promise<SpotOrder[]> {
  const res = await api<{ data: SpotOrder[] }>(`/coin/list?status=${status}&limit=50`, { token });
  expect(res.status).toBe(200);
  return res.body.message.data;
}

/** Available + locked of a change account. */
export async function total(userId: number, currencyId: number): Promise<number> {
  const b = await balance(userId, currencyId);
  return b.available + b.locked;
}

export async function openHolds(userId: number): Promise<number> {
  const rows = await db()
    .select()
    .from(tables.holds)
    .where(and(eq(tables.holds.userId, userId), eq(tables.holds.status, "open")));
  return rows.length;
}
