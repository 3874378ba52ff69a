import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { ContractMarket } from "../../durable/contract/contract-market.ts";
import type { Market } from "../../durable/spot/market.ts";
import type { LeverPosition } from "../../schema/api/contracts.ts";
import { toTicks } from "../../worker/domain/markets/units.ts";
import { contractSeedStatements } from "../../worker/domain/seed/contract-seed.ts";
import { api, createUser } from "./helpers.ts";
import { PAY_PASSWORD, fund, setPayPassword, verify } from "./money-helpers.ts";
import { BTC, USDT, marketStub, seedMarkets } from "./market-helpers.ts";

/** Contract (lever) test fixtures: BTC/USDT contracts (lot 0.01, spread 0.5, fee 0.05 %, hazard 0.1), pinned prices. */

export const LEVER = 3;
export const USDT_1 = 1_000_000;

type Internals = {
  trail: { record(time: number, ticks: number, source: string): void };
  feed: { kind: string; tick(now: number): number | null; save(): string };
  core: { setReference(t: number): void; referenceAt: number | null };
};

/** Holds BTC/USDT's reference price still at `price`, confirmed now. */
export const pin = (price: string) =>
  runInDurableObject(marketStub("BTC-USDT"), (m: Market) => {
    const i = m as unknown as Internals;
    i.feed = { kind: "simulator", tick: () => null, save: () => "" };
    i.core.setReference(toTicks(price, "0.01"));
    i.core.referenceAt = Date.now();
  });

export async function leverTrader(usdt = 10_000 * USDT_1) {
  const user = await createUser();
  await verify(user.id, 1);
  await setPayPassword(user.id);
  await fund(user.id, USDT, usdt, LEVER);
  return user;
}

export const pairForm = { currency_id: String(BTC), legal_id: String(USDT) };
export const submit = (token: string, form: Record<string, string>, key?: string) =>
  api<{ message: string; id: number }>("/lever/submit", {
    token,
    form: { ...pairForm, share: "3", multiple: "10", type: "1", password: PAY_PASSWORD, ...form },
    headers: key ? { "Idempotency-Key": key } : {},
  });
export const positions = async (token: string, status = "1") =>
  (await api<{ message: LeverPosition[] }>("/lever/my_trade", { token, form: { ...pairForm, status } })).body.message.message;

let seeded = false;
/** Markets and the contract configurations, once per test file. */
export async function seedContracts(): Promise<void> {
  await seedMarkets();
  if (seeded) return;
  await env.DB.batch(contractSeedStatements(Date.now()).map((s) => env.DB.prepare(s)));
  seeded = true;
}

export const contractStub = (name = "BTC-USDT") => (env.ContractMarket as DurableObjectNamespace<ContractMarket>).getByName(name);

/** Trail times for tests: after every position's own time, increasing. */
let clock = Date.now() + 60_000;

/** Records one feed tick of BTC/USDT on the market's price trail; answers its time. */
export async function trailTick(price: string): Promise<number> {
  const time = (clock += 1_000);
  await runInDurableObject(marketStub("BTC-USDT"), (m: Market) => {
    (m as unknown as Internals).trail.record(time, toTicks(price, "0.01"), "simulator");
  });
  return time;
}

type ContractInternals = { tick(now: number): Promise<void>; drain(): Promise<void>; rebuild(): Promise<void> };

/** Evaluates the trail up to the last recorded tick, then settles what fired. */
export async function runTriggers(opts: { drain?: boolean } = {}): Promise<void> {
  await runInDurableObject(contractStub(), async (o: ContractMarket) => {
    const i = o as unknown as ContractInternals;
    await i.tick(clock + 1);
    if (opts.drain ?? true) await i.drain();
  });
}
