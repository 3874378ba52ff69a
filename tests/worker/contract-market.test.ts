import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import type { UserRoomOutbound } from "../../schema/api/realtime.ts";
import { beforeAll, describe, expect, it } from "vitest";
import type { ContractMarket } from "../../durable/contract/contract-market.ts";
import type { ContractDrainHooks } from "../../durable/contract/drain.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { api } from "./helpers.ts";
import { expectInvariant } from "./money-helpers.ts";
import { USDT, balance } from "./market-helpers.ts";
import {
  LEVER,
  USDT_1,
  contractStub,
  leverTrader,
  pairForm,
  pin,
  positions,
  runTriggers,
  seedContracts,
  submit,
  trailTick,
} from "./contract-helpers.ts";

beforeAll(async () => {
  await seedContracts();
});

const position = async (token: string, id: number) => (await positions(token, "-1")).find((p) => p.id === id)!;
const journals = async (id: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM journals WHERE ref_key = ?").bind(`contract:close:${id}`).first<{ n: number }>())!.n;
const setHooks = (hooks: ContractDrainHooks) =>
  runInDurableObject(contractStub(), (o: ContractMarket) => {
    o.drainHooks = hooks;
  });

describe("contract market triggers", () => {
  it("a long's take-profit closes it at the tick that crossed it; the balance moves by exactly P/L minus the fee", async () => {
    await pin("95000");
    const user = await leverTrader();
    const before = (await balance(user.id, USDT, LEVER)).available;
    const id = (await submit(user.token, { target_profit_price: "96000", stop_loss_price: "94000" })).body.message.id;
    await trailTick("95800");
    await runTriggers();
    expect((await position(user.token, id)).status).toBe(1);
    const at = await trailTick("96010.5");
    await runTriggers();
    const closed = await position(user.token, id);
    // 3 lots of 0.01 BTC opened at 95000.5: P/L (96010.5 − 95000.5) × 0.03 = 30.3; fee 95000.5 × 0.03 × 0.0005 = 1.4250075 → 1.425008.
    expect(closed).toMatchObject({ status: 3, close_reason: "take_profit", update_price: "96010.5", close_ref_at: at, profits: "30.3" });
    expect((await balance(user.id, USDT, LEVER)).available - before).toBe(30_300_000 - 1_425_008);
    await expectInvariant();
  });

  it("a limit entry activates at the tick that reaches it and its stop-loss closes it later", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, { status: "0", target_price: "94500", stop_loss_price: "94000" })).body.message.id;
    await trailTick("94600");
    await runTriggers();
    expect((await position(user.token, id)).status).toBe(0);
    const opened = await trailTick("94480");
    await runTriggers();
    expect(await position(user.token, id)).toMatchObject({ status: 1, price: "94480.5", open_ref: "94480", open_ref_at: opened });
    await trailTick("93990");
    await runTriggers();
    expect(await position(user.token, id)).toMatchObject({ status: 3, close_reason: "stop_loss", update_price: "93990" });
    await expectInvariant();
  });

  it("liquidates a short past its liquidation price; the loss beyond the margin is paid by insurance", async () => {
    await pin("95000");
    const user = await leverTrader(20 * USDT_1);
    const insuranceBefore = (await balance(SYSTEM_ACCOUNTS.insurance, USDT, 2)).available;
    const id = (await submit(user.token, { type: "2", share: "1", multiple: "100" })).body.message.id;
    const open = await position(user.token, id);
    expect(open.liq_price).toBe("95854.49");
    await trailTick("95854.48");
    await runTriggers();
    expect((await position(user.token, id)).status).toBe(1);
    // A gap far beyond the liquidation price: the user gets nothing back, insurance pays the rest.
    await trailTick("96500");
    await runTriggers();
    const closed = await position(user.token, id);
    expect(closed).toMatchObject({ status: 3, close_reason: "liquidation", update_price: "96500", profits: "-15.005" });
    expect(closed.insurance).toBe("5.50505");
    expect((await balance(SYSTEM_ACCOUNTS.insurance, USDT, 2)).available).toBe(insuranceBefore - 5_505_050);
    await expectInvariant();
  });

  it("a position its owner closed leaves the book, and a trigger that fires anyway settles nothing twice", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, { stop_loss_price: "94000" })).body.message.id;
    expect((await contractStub().state()).positions).toBeGreaterThan(0);
    const heldBefore = (await contractStub().state()).positions;
    expect((await api("/lever/close", { token: user.token, form: { id: String(id) } })).status).toBe(200);
    expect((await contractStub().state()).positions).toBe(heldBefore - 1);
    await trailTick("93000");
    await runTriggers();
    expect(await journals(id)).toBe(1);
    expect((await position(user.token, id)).close_reason).toBe("user");
    await expectInvariant();
  });
});

describe("contract settlement survives a crash at each step", () => {
  it("a crash before the close's batch leaves it closing (new orders refused) and the next drain settles it once", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, { target_profit_price: "96000" })).body.message.id;
    await trailTick("96100");
    await setHooks({
      beforeRun: () => {
        throw new Error("crash before the batch");
      },
    });
    await expect(runTriggers()).rejects.toThrow("crash before the batch");
    await setHooks({});
    expect((await position(user.token, id)).status).toBe(2);
    // Still listed with the held positions, marked closing, with its live P/L.
    expect((await positions(user.token, "1")).find((p) => p.id === id)).toMatchObject({ status: 2, profits: "-0.015" });
    const refused = await submit(user.token, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("CONTRACT_CLOSING");
    expect((await contractStub().state()).outbox).toBe(1);
    await runTriggers();
    expect((await position(user.token, id)).status).toBe(3);
    expect(await journals(id)).toBe(1);
    expect((await contractStub().state()).outbox).toBe(0);
    await expectInvariant();
  });

  it("a crash after the batch committed, before the outbox forgot it, moves no money twice", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, { stop_loss_price: "94500" })).body.message.id;
    await trailTick("94400");
    await setHooks({
      afterRun: () => {
        throw new Error("crash after the batch");
      },
    });
    await expect(runTriggers()).rejects.toThrow("crash after the batch");
    await setHooks({});
    const afterCrash = (await balance(user.id, USDT, LEVER)).available;
    expect((await position(user.token, id)).status).toBe(3);
    await runTriggers();
    expect((await balance(user.id, USDT, LEVER)).available).toBe(afterCrash);
    expect(await journals(id)).toBe(1);
    expect((await contractStub().state()).outbox).toBe(0);
    await expectInvariant();
  });

  it("a crash after an activation committed, before the outbox forgot it, activates once at the tick's price", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, { status: "0", target_price: "94500" })).body.message.id;
    const at = await trailTick("94490");
    await setHooks({
      afterRun: (rows) => {
        if (rows.some((r) => r.kind === "entry")) throw new Error("crash after the activation");
      },
    });
    await expect(runTriggers()).rejects.toThrow("crash after the activation");
    await setHooks({});
    expect(await position(user.token, id)).toMatchObject({ status: 1, price: "94490.5", open_ref_at: at });
    await pin("94800");
    await runTriggers();
    expect((await contractStub().state()).outbox).toBe(0);
    expect(await position(user.token, id)).toMatchObject({ status: 1, price: "94490.5", open_ref_at: at });
    await expectInvariant();
  });

  it("a restart with a fired trigger still in the outbox keeps that position out of the rebuilt book", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, { target_profit_price: "95800" })).body.message.id;
    await trailTick("95900");
    await runTriggers({ drain: false });
    const state = await runInDurableObject(contractStub(), async (o: ContractMarket) => {
      await (o as unknown as { rebuild(): Promise<void> }).rebuild();
      return o.state();
    });
    expect(state.outbox).toBe(1);
    await runTriggers();
    expect((await position(user.token, id)).close_reason).toBe("take_profit");
    expect(await journals(id)).toBe(1);
  });
});

describe("/lever/batch_close", () => {
  it("closes all of the user's own positions in one batch and names them", async () => {
    await pin("95000");
    const user = await leverTrader();
    const a = (await submit(user.token, { type: "1" })).body.message.id;
    const b = (await submit(user.token, { type: "2" })).body.message.id;
    await pin("95100");
    const res = await api<{ closed: number; ids: number[] }>("/lever/batch_close", { token: user.token, form: { ...pairForm, type: "0" } });
    expect(res.status).toBe(200);
    expect(res.body.message.ids.sort()).toEqual([a, b].sort());
    expect(await positions(user.token)).toEqual([]);
    await expectInvariant();
  });
});

/** The user's room socket, every frame queued. */
async function userSocket(userId: number, token: string) {
  const uid = (await env.DB.prepare("SELECT uid FROM users WHERE id = ?").bind(userId).first<{ uid: string }>())!.uid;
  const res = await exports.default.fetch(
    new Request(`http://localhost/parties/user-room/${uid}?token=${token}`, { headers: { Upgrade: "websocket" } }),
  );
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const frames: UserRoomOutbound[] = [];
  ws.addEventListener("message", (e) => frames.push(JSON.parse(e.data as string) as UserRoomOutbound));
  ws.accept();
  const next = async (type: UserRoomOutbound["type"]) => {
    for (let i = 0; i < 100; i++) {
      const at = frames.findIndex((f) => f.type === type);
      if (at >= 0) return frames.splice(at, 1)[0]!;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no ${type} frame`);
  };
  return { ws, next };
}

describe("live updates on the user room", () => {
  it("pushes open positions' P/L and risk rate at the last tick, and the ids a trigger closed", async () => {
    await pin("95000");
    const user = await leverTrader();
    const socket = await userSocket(user.id, user.token);
    try {
      const held = (await submit(user.token, {})).body.message.id;
      const stopped = (await submit(user.token, { stop_loss_price: "94500" })).body.message.id;
      // The P/L push is paced (every 2 s at most): the test starts a fresh pace.
      await runInDurableObject(contractStub(), (o: ContractMarket) => {
        (o as unknown as { lastPlPush: number }).lastPlPush = 0;
      });
      await trailTick("94400");
      await runTriggers();
      const closed = await socket.next("contract_closed");
      expect(closed).toEqual({ type: "contract_closed", symbol: "BTC/USDT", ids: [stopped] });
      const pl = await socket.next("contract_pl");
      // 3 lots long from 95000.5 at 94400: (94400 − 95000.5) × 0.03 = −18.015; risk (285.0015 − 18.015) / 285.0015.
      expect(pl).toMatchObject({
        type: "contract_pl",
        symbol: "BTC/USDT",
        price: "94400",
        positions: [{ id: held, profits: "-18.015", risk_rate: "93.67" }],
      });
    } finally {
      socket.ws.close();
    }
  });
});
