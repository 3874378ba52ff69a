import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { SecondsMarket } from "../../durable/seconds/seconds-market.ts";
import type { SecondsBook } from "../../durable/seconds/book.ts";
import type { Market } from "../../durable/spot/market.ts";
import type { SecondsOrder } from "../../schema/api/seconds.ts";
import type { TrailEntry } from "../../schema/api/trail.ts";
import { commit } from "../../worker/domain/ledger/post.ts";
import { acceptStatements, type OpenOrder, orderView } from "../../worker/domain/seconds/orders.ts";
import { feeUnits } from "../../worker/domain/seconds/payoff.ts";
import { api, createUser } from "./helpers.ts";
import { db, marketStub, seedMarkets, USDT } from "./market-helpers.ts";
import { fund } from "./money-helpers.ts";

/** Seconds-contract fixtures. SOL/USDT is match id 3 (tick 0.01); USDT has 6 decimals; the fee is 0.1 %. */
export const SOL = { id: 3, name: "SOL-USDT", symbol: "SOL/USDT" };
export const USDT_1 = 1_000_000;

export const secondsStub = (name = SOL.name) => (env.SecondsMarket as DurableObjectNamespace<SecondsMarket>).getByName(name);

type MarketInternals = { trail: { record(t: number, ticks: number, source: string): void }; feedTick(): Promise<void> };
type SecondsInternals = {
  book: SecondsBook;
  settleHooks: { afterCommit?: () => void };
  reconcile(): Promise<void>;
  armSettle(): void;
};

/** Writes trail entries (ms, price in ticks of 0.01) straight into the market's trail. */
export const recordTrail = (entries: [time: number, ticks: number][], name = SOL.name) =>
  runInDurableObject(marketStub(name), (m: Market) => {
    for (const [t, ticks] of entries) (m as unknown as MarketInternals).trail.record(t, ticks, "simulator");
  });

export const feedTick = (name = SOL.name) =>
  runInDurableObject(marketStub(name), (m: Market) => (m as unknown as MarketInternals).feedTick());

export const insideSeconds = <T>(fn: (s: SecondsInternals) => T | Promise<T>, name = SOL.name) =>
  runInDurableObject(secondsStub(name), (s: SecondsMarket) => fn(s as unknown as SecondsInternals));

/** A user with a session and micro-account USDT. */
export async function secondsTrader(usdt = 10_000) {
  await seedMarkets();
  const user = await createUser();
  await fund(user.id, USDT, usdt * USDT_1, 4);
  return user;
}

let nextId = 9_000_000_000;
/**
 * An order accepted at a chosen instant (its acceptance batch written as the object writes it) and put in the object's
 * book, so settlement can be driven at handled_at instants the test chose.
 */
export async function bookedOrder(
  userId: number,
  o: { type: 1 | 2; number: number; handledAt: number; open: TrailEntry; seconds?: number; profitRatio?: string; lossRatio?: string },
): Promise<OpenOrder> {
  const seconds = o.seconds ?? 30;
  const order: OpenOrder = {
    id: nextId++,
    userId,
    marketId: SOL.id,
    symbol: SOL.symbol,
    currencyId: USDT,
    currencyName: "USDT",
    precision: 6,
    type: o.type,
    seconds,
    number: o.number,
    fee: feeUnits(o.number, "0.1"),
    profitRatio: o.profitRatio ?? "120",
    lossRatio: o.lossRatio ?? "100",
    open: o.open,
    createdAt: o.handledAt - seconds * 1000,
    handledAt: o.handledAt,
  };
  await commit(db(), acceptStatements(db(), order, null, orderView(order, null, Date.now())));
  await insideSeconds((s) => {
    s.book.add(order);
    s.armSettle();
  });
  return order;
}

/** Runs the Seconds object's alarm (it settles whatever is due). */
export async function runSecondsAlarm(name = SOL.name): Promise<void> {
  await secondsStub(name).size(); // boots the object
  await runDurableObjectAlarm(secondsStub(name));
}

export async function result(token: string, id: number): Promise<SecondsOrder> {
  const res = await api<SecondsOrder>(`/microtrade/get_result?id=${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}
