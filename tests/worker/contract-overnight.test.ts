import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { runOvernightFees } from "../../worker/cron.ts";
import { chargeOvernight, overnightDay, overnightKey } from "../../worker/domain/contracts/overnight.ts";
import { StalePosition, closePosition, positionById } from "../../worker/domain/contracts/positions.ts";
import { api } from "./helpers.ts";
import { expectInvariant } from "./money-helpers.ts";
import { USDT, balance, db } from "./market-helpers.ts";
import { LEVER, contractStub, leverTrader, pin, positions, seedContracts, submit } from "./contract-helpers.ts";

beforeAll(async () => {
  await seedContracts();
});

const DAY = 86_400_000;
const position = async (token: string, id: number) => (await positions(token, "-1")).find((p) => p.id === id)!;
/** Moves a position's open back before today's cutoff, as if held overnight. */
const heldOvernight = (id: number) =>
  env.DB.prepare("UPDATE contract_positions SET open_ref_at = open_ref_at - ? WHERE id = ?")
    .bind(2 * DAY, id)
    .run();
const journalCount = async (id: number, now: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM journals WHERE ref_key = ?")
    .bind(overnightKey(id, overnightDay(now).day))
    .first<{ n: number }>())!.n;

describe("overnight fee", () => {
  it("charges a position held past the cutoff once per day from its margin, even when the job runs twice", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, {})).body.message.id;
    const fresh = (await submit(user.token, {})).body.message.id;
    await heldOvernight(id);
    const before = await position(user.token, id);
    const now = Date.now();
    const first = await chargeOvernight(db(), now);
    const second = await chargeOvernight(db(), now);
    expect(first.changed.get("BTC/USDT")).toContain(id);
    expect(second.changed.get("BTC/USDT") ?? []).not.toContain(id);
    // 3 lots × 0.01 at 95000.5 = 2850.015 notional × 0.0003 = 0.8550045, rounded up.
    const after = await position(user.token, id);
    expect(after.overnight_money).toBe("0.855005");
    expect(before.caution_money).toBe("285.0015");
    expect(after.caution_money).toBe("284.146495");
    expect(after.liq_price).toBe("86476.11");
    expect(await journalCount(id, now)).toBe(1);
    expect((await position(user.token, fresh)).overnight_money).toBe("0");
    await expectInvariant();
  });

  it("takes what the margin does not cover from the lever balance", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, {})).body.message.id;
    await heldOvernight(id);
    // Pretend earlier days ate the margin down to 0.3 USDT (the margin account keeps the difference; not a ledger row).
    await env.DB.prepare("UPDATE contract_positions SET margin_units = 300000 WHERE id = ?").bind(id).run();
    const lever = (await balance(user.id, USDT, LEVER)).available;
    await chargeOvernight(db(), Date.now());
    expect((await balance(user.id, USDT, LEVER)).available).toBe(lever - 555_005);
    const after = await position(user.token, id);
    expect(after).toMatchObject({ caution_money: "0", overnight_money: "0.855005", liq_price: "95000.5" });
  });

  it("two positions of one user share what the balance holds, whether charged in one chunk or one by one", async () => {
    for (const chunk of [100, 1]) {
      await pin("95000");
      const user = await leverTrader(600 * 1_000_000);
      const a = (await submit(user.token, {})).body.message.id;
      const b = (await submit(user.token, {})).body.message.id;
      for (const id of [a, b]) {
        await heldOvernight(id);
        await env.DB.prepare("UPDATE contract_positions SET margin_units = 0 WHERE id = ?").bind(id).run();
      }
      // Left in the lever balance: 600 − 2 × (285.0015 + 1.425008) = 27.146984; each fee is 0.855005.
      const lever = (await balance(user.id, USDT, LEVER)).available;
      expect(lever).toBe(27_146_984);
      // Leave 1 USDT: the rest goes to the exchange account the ordinary way.
      const out = await api("/wallet/change", {
        token: user.token,
        form: { currency_id: String(USDT), number: "26.146984", from_field: "lever", to_field: "change" },
        headers: { "Idempotency-Key": `overnight-share-${chunk}` },
      });
      expect(out.status, JSON.stringify(out.body)).toBe(200);
      await chargeOvernight(db(), Date.now(), chunk);
      // 1 USDT covers the first fee in full and 0.144995 of the second.
      expect((await balance(user.id, USDT, LEVER)).available).toBe(0);
      expect((await position(user.token, a)).overnight_money).toBe("0.855005");
      expect((await position(user.token, b)).overnight_money).toBe("0.144995");
    }
  });

  it("the daily job tells the contract object, which re-arms the position at its new liquidation price", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, {})).body.message.id;
    await heldOvernight(id);
    const told: [string, number[]][] = [];
    const out = await runOvernightFees(env, Date.now(), async (symbol, ids) => {
      told.push([symbol, ids]);
      await contractStub().refresh(ids);
    });
    expect("charged" in out && out.charged).toBeGreaterThan(0);
    expect(told.some(([symbol, ids]) => symbol === "BTC/USDT" && ids.includes(id))).toBe(true);
    expect((await contractStub().state()).positions).toBeGreaterThan(0);
  });

  it("a close computed from the row as it was before the charge moves nothing; a close of the row as it is settles", async () => {
    await pin("95000");
    const user = await leverTrader();
    const id = (await submit(user.token, {})).body.message.id;
    await heldOvernight(id);
    const stale = (await positionById(db(), id))!;
    await chargeOvernight(db(), Date.now());
    const lever = (await balance(user.id, USDT, LEVER)).available;
    await expect(closePosition(db(), stale, 6, { price: "95000", at: Date.now() }, "user")).rejects.toBeInstanceOf(StalePosition);
    expect((await balance(user.id, USDT, LEVER)).available).toBe(lever);
    expect((await position(user.token, id)).status).toBe(1);
    expect((await api("/lever/close", { token: user.token, form: { id: String(id) } })).status).toBe(200);
    // Margin after the fee (284.146495) plus P/L (95000 − 95000.5) × 0.03 = −0.015.
    expect((await balance(user.id, USDT, LEVER)).available).toBe(lever + 284_146_495 - 15_000);
    await expectInvariant();
  });
});
