import { beforeAll, describe, expect, it } from "vitest";
import type { LeverDeal } from "../../schema/api/contracts.ts";
import { D } from "../../worker/domain/ledger/index.ts";
import { api } from "./helpers.ts";
import { expectInvariant } from "./money-helpers.ts";
import { marketStub } from "./market-helpers.ts";
import { LEVER, leverTrader, pairForm, positions, runTriggers, seedContracts, submit } from "./contract-helpers.ts";
import { USDT, balance } from "./market-helpers.ts";

beforeAll(async () => {
  await seedContracts();
  await marketStub("BTC-USDT").wake();
});

describe("POST /dev/steer_price (local only)", () => {
  it("jumps the simulated feed; the contract object closes a long at the take-profit that tick crossed", async () => {
    const user = await leverTrader();
    // A live price first (the feed's first tick is two seconds away).
    expect((await api("/dev/steer_price", { form: { symbol: "BTC/USDT", price: "95000" } })).status).toBe(200);
    const deal = (await api<LeverDeal>("/lever/deal", { token: user.token, form: pairForm })).body.message;
    expect(deal.last_price).not.toBe("");
    const tp = new D(deal.last_price).plus(3000).toFixed(2);
    const target = new D(deal.last_price).plus(3100).toFixed(2);
    const before = (await balance(user.id, USDT, LEVER)).available;
    const id = (await submit(user.token, { target_profit_price: tp })).body.message.id;
    const steered = await api("/dev/steer_price", { form: { symbol: "BTC/USDT", price: target } });
    expect(steered.status).toBe(200);
    await runTriggers();
    const closed = (await positions(user.token, "3")).find((p) => p.id === id)!;
    expect(closed).toMatchObject({ status: 3, close_reason: "take_profit", update_price: new D(target).toFixed() });
    const pnl = new D(target).minus(closed.price).times(closed.quantity);
    const delta = new D((await balance(user.id, USDT, LEVER)).available - before).div(1_000_000);
    expect(delta.toFixed()).toBe(pnl.minus(closed.trade_fee).toFixed());
    await expectInvariant();
  });

  it("answers 404 for a market that does not exist and 400 for a malformed price", async () => {
    expect((await api("/dev/steer_price", { form: { symbol: "ZZZ/USDT", price: "1" } })).status).toBe(404);
    expect((await api("/dev/steer_price", { form: { symbol: "BTC/USDT", price: "abc" } })).status).toBe(400);
  });
});
