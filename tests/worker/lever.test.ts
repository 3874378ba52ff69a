import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { LeverDeal, LeverPosition } from "../../schema/api/contracts.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { api, createUser } from "./helpers.ts";
import { expectInvariant } from "./money-helpers.ts";
import { USDT, balance } from "./market-helpers.ts";
import { LEVER, USDT_1, leverTrader, pairForm, pin, positions, seedContracts, submit } from "./contract-helpers.ts";

beforeAll(async () => {
  await seedContracts();
});

describe("/lever/deal", () => {
  it("publishes the pair's terms, the isolated rule and the caller's lever balance", async () => {
    await pin("95000");
    const user = await leverTrader();
    const res = await api<LeverDeal>("/lever/deal", { token: user.token, form: pairForm });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      symbol: "BTC/USDT",
      user_lever: "10000",
      multiple: { muit: [{ value: 5 }, { value: 10 }, { value: 25 }, { value: 50 }, { value: 100 }] },
      lever_share_limit: { min: 1, max: 500 },
      lot_size: "0.01",
      spread: "0.5",
      fee_rate: "0.0005",
      hazard_rate: "0.1",
      last_price: "95000",
      rule: "isolated",
      margin_precision: 6,
    });
    expect(res.body.message.rule_text.liquidation).toContain("10% of the margin");
    const fra = await api<LeverDeal>("/lever/deal", { token: user.token, form: { ...pairForm, lang: "fra" } });
    expect(fra.body.message.rule_text.overnight).toContain("00:00 UTC");
    expect(fra.body.message.rule_text.liquidation).not.toBe(res.body.message.rule_text.liquidation);
  });

  it("answers 404 for a pair without contracts", async () => {
    const user = await leverTrader();
    const res = await api("/lever/deal", { token: user.token, form: { currency_id: "5", legal_id: String(USDT) } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("CONTRACT_UNKNOWN");
  });
});

describe("/lever/submit and /lever/close", () => {
  it("a market long takes margin and fee from the lever balance and closes with margin + P/L", async () => {
    await pin("95000");
    const user = await leverTrader();
    const res = await submit(user.token, {});
    expect(res.status).toBe(200);
    // open 95000.5 × 0.03 = 2850.015: margin 285.0015, fee 1.425008 (rounded up)
    expect(await balance(user.id, USDT, LEVER)).toEqual({ available: 10_000 * USDT_1 - 285_001_500 - 1_425_008, locked: 0 });
    const [p] = await positions(user.token);
    expect(p).toMatchObject({
      id: res.body.message.id,
      type: 1,
      status: 1,
      price: "95000.5",
      open_ref: "95000",
      caution_money: "285.0015",
    });
    expect(p!.liq_price).toBe("86450.46");
    await pin("96000");
    expect((await positions(user.token))[0]!.profits).toBe("29.985");
    const closed = await api("/lever/close", { token: user.token, form: { id: String(p!.id) } });
    expect(closed.status).toBe(200);
    expect(await balance(user.id, USDT, LEVER)).toEqual({ available: 10_000 * USDT_1 - 1_425_008 + 29_985_000, locked: 0 });
    const [h] = await positions(user.token, "3");
    expect(h).toMatchObject({ status: 3, close_reason: "user", update_price: "96000", profits: "29.985" });
    await expectInvariant();
  });

  it("refuses lots out of range, unknown multiples, a long limit above the price and stops on the wrong side", async () => {
    await pin("95000");
    const user = await leverTrader();
    expect((await submit(user.token, { share: "501" })).body.code).toBe("CONTRACT_LOTS_RANGE");
    expect((await submit(user.token, { multiple: "7" })).body.code).toBe("CONTRACT_MULTIPLE_INVALID");
    expect((await submit(user.token, { status: "0", target_price: "96000" })).body.code).toBe("CONTRACT_TARGET_SIDE");
    expect((await submit(user.token, { status: "0" })).body.code).toBe("CONTRACT_TARGET_REQUIRED");
    expect((await submit(user.token, { target_profit_price: "94000" })).body.code).toBe("CONTRACT_TP_NOT_BEYOND");
    expect((await submit(user.token, { stop_loss_price: "95500" })).body.code).toBe("CONTRACT_SL_NOT_BEYOND");
    expect((await submit(user.token, { share: "abc" })).status).toBe(400);
    expect((await submit(user.token, { password: "wrong-password" })).body.code).toBe("PAY_PASSWORD_WRONG");
    expect(await balance(user.id, USDT, LEVER)).toEqual({ available: 10_000 * USDT_1, locked: 0 });
  });

  it("refuses an order the lever balance does not cover, moving nothing", async () => {
    await pin("95000");
    const user = await leverTrader(10 * USDT_1);
    const res = await submit(user.token, {});
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("INSUFFICIENT_BALANCE");
    expect(await positions(user.token, "-1")).toEqual([]);
  });

  it("asks for identity verification first (998)", async () => {
    const user = await createUser();
    const res = await submit(user.token, {});
    expect(res.status).toBe(403);
    expect(res.body.type).toBe("998");
  });

  it("another user's position is 404 for close, setstop and cancel", async () => {
    await pin("95000");
    const owner = await leverTrader();
    const other = await leverTrader();
    const id = String((await submit(owner.token, {})).body.message.id);
    expect((await api("/lever/close", { token: other.token, form: { id } })).status).toBe(404);
    expect((await api("/lever/setstop", { token: other.token, form: { id, target_profit_price: "99000" } })).status).toBe(404);
    expect((await api("/lever/cancel", { token: other.token, form: { id } })).status).toBe(404);
  });

  it("a replayed Idempotency-Key opens once", async () => {
    await pin("95000");
    const user = await leverTrader();
    const a = await submit(user.token, {}, "open-once-1");
    const b = await submit(user.token, {}, "open-once-1");
    expect(b.body).toEqual(a.body);
    expect(await positions(user.token)).toHaveLength(1);
  });
});

describe("/lever/setstop, limit entries and /lever/batch_close", () => {
  it("sets TP and SL beyond the open and current price, and refuses them on the wrong side", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = String((await submit(user.token, { type: "2" })).body.message.id);
    const bad = await api("/lever/setstop", { token: user.token, form: { id, target_profit_price: "96000" } });
    expect(bad.body.code).toBe("CONTRACT_TP_NOT_BEYOND");
    const good = await api("/lever/setstop", { token: user.token, form: { id, target_profit_price: "90000", stop_loss_price: "97000" } });
    expect(good.status).toBe(200);
    expect((await positions(user.token))[0]).toMatchObject({ target_profit_price: "90000", stop_loss_price: "97000" });
  });

  it("a limit entry waits entrusted with its margin taken; cancelling returns margin and fee", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, { status: "0", target_price: "94000" })).body.message.id;
    expect((await positions(user.token, "0"))[0]).toMatchObject({ id, status: 0, target_price: "94000", price: "" });
    expect((await api("/lever/close", { token: user.token, form: { id: String(id) } })).body.code).toBe("CONTRACT_NOT_OPEN");
    expect((await api("/lever/cancel", { token: user.token, form: { id: String(id) } })).status).toBe(200);
    expect(await balance(user.id, USDT, LEVER)).toEqual({ available: 10_000 * USDT_1, locked: 0 });
    expect((await api("/lever/cancel", { token: user.token, form: { id: String(id) } })).body.code).toBe("CONTRACT_NOT_ENTRUSTED");
  });

  it("batch_close type 1 closes only the longs", async () => {
    await pin("95000");
    const user = await leverTrader();
    await submit(user.token, { type: "1" });
    await submit(user.token, { type: "1" });
    await submit(user.token, { type: "2" });
    const res = await api<{ closed: number }>("/lever/batch_close", { token: user.token, form: { ...pairForm, type: "1" } });
    expect(res.body.message.closed).toBe(2);
    const open = await positions(user.token);
    expect(open.map((p) => p.type)).toEqual([2]);
    const all = await api<{ balance: string; order: LeverPosition[] }>("/lever/dealall", { token: user.token, form: pairForm });
    expect(all.body.message.order).toHaveLength(1);
    await expectInvariant();
  });
});

describe("a loss beyond the margin", () => {
  it("leaves the user at zero for that position and is paid by the insurance account", async () => {
    await pin("95000");
    const user = await leverTrader(300 * USDT_1);
    const id = (await submit(user.token, { share: "1", multiple: "100" })).body.message.id; // margin 9.50005
    const before = await balance(SYSTEM_ACCOUNTS.insurance, USDT, 2);
    await pin("90000"); // loss 50.005 on 0.01 BTC
    expect((await api("/lever/close", { token: user.token, form: { id: String(id) } })).status).toBe(200);
    const after = await balance(SYSTEM_ACCOUNTS.insurance, USDT, 2);
    expect(before.available - after.available).toBe(50_005_000 - 9_500_050);
    const [h] = await positions(user.token, "3");
    expect(h).toMatchObject({ profits: "-50.005", insurance: "40.50495" });
    await expectInvariant();
  });
});

describe("transfers out of the lever account", () => {
  it("are refused while one of the user's positions is closing, and allowed otherwise", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, {})).body.message.id;
    const out = { currency_id: String(USDT), number: "100", from_field: "3", to_field: "2" };
    await env.DB.prepare("UPDATE contract_positions SET status = 2 WHERE id = ?").bind(id).run();
    const refused = await api("/wallet/change", { token: user.token, form: out });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("LEVER_TRANSFER_CLOSING");
    await env.DB.prepare("UPDATE contract_positions SET status = 1 WHERE id = ?").bind(id).run();
    expect((await api("/wallet/change", { token: user.token, form: out })).status).toBe(200);
  });
});
