import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { PayableCurrency, SecondsConfig, SecondsDuration, SecondsList, SecondsOrder } from "../../schema/api/seconds.ts";
import * as tables from "../../schema/db/index.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/accounts.ts";
import { api, createUser, heldLimiterClock } from "./helpers.ts";
import { balance, db, marketStub, seedMarkets, USDT } from "./market-helpers.ts";
import { expectInvariant } from "./money-helpers.ts";
import { feedTick, insideSeconds, SOL, secondsTrader, USDT_1 } from "./seconds-helpers.ts";

/** /microtrade/* (issue #11): configuration, acceptance at the trail's price, its one ledger write, and refusals. */

const form = (f: Partial<Record<"match_id" | "currency_id" | "type" | "seconds" | "number", string>> = {}) => ({
  match_id: String(SOL.id),
  currency_id: String(USDT),
  type: "1",
  seconds: "30",
  number: "10",
  ...f,
});
const submit = (token: string, f: Record<string, string>, headers?: Record<string, string>) =>
  api<SecondsOrder>("/microtrade/submit", { token, form: f, headers });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  await seedMarkets();
});

describe("seconds configuration", () => {
  it("answers the sample durations, fee, pairs and pay coins to anyone", async () => {
    const res = await api<SecondsDuration[]>("/microtrade/seconds");
    expect(res.status).toBe(200);
    expect(res.body.message.map((d) => [d.seconds, d.profit_ratio, d.loss_ratio])).toEqual([
      [30, "120", "100"],
      [60, "90", "100"],
      [180, "95", "100"],
      [300, "85", "100"],
      [600, "80", "100"],
      [900, "75", "100"],
    ]);
    const config = (await api<SecondsConfig>("/microtrade/config")).body.message;
    expect(config).toMatchObject({ fee_rate: "0.1", match_ids: [1, 2, 3, 4, 5, 6], pay_coin_ids: [3], max_open_per_coin: 10 });
  });

  it("lists the pay coins with the caller's micro balance", async () => {
    const user = await secondsTrader(25);
    const res = await api<PayableCurrency[]>("/microtrade/payable_currencies", { token: user.token });
    expect(res.body.message).toEqual([{ id: 3, name: "USDT", precision: 6, user_wallet: { micro_balance: "25" } }]);
    expect((await api("/microtrade/payable_currencies")).status).toBe(401);
  });

  it("operators replace the configuration (audited); users may not; bad values are a 400", async () => {
    const op = await createUser({ role: "operator" });
    const user = await createUser();
    const current = (await api<SecondsConfig>("/admin/seconds/config", { token: op.token })).body.message;
    const durations = current.durations.map((d) => ({
      seconds: d.seconds,
      profit_ratio: d.profit_ratio,
      loss_ratio: d.loss_ratio,
      min_amount: d.min_amount,
      max_amount: d.max_amount,
      enabled: d.status === 1,
    }));
    const body = {
      fee_rate: "0.1",
      match_ids: "1,2,3,4,5,6",
      pay_coin_ids: "3",
      max_open_per_coin: "10",
      durations: JSON.stringify(durations),
    };
    expect((await api("/admin/seconds/config", { token: user.token, form: body })).status).toBe(403);
    const bad = { ...body, durations: JSON.stringify([{ ...durations[0], min_amount: "900000" }]) };
    const refused = await api("/admin/seconds/config", { token: op.token, form: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("SECONDS_CONFIG_INVALID");
    const saved = await api<SecondsConfig>("/admin/seconds/config", { token: op.token, form: body });
    expect(saved.status).toBe(200);
    expect(saved.body.message.durations.length).toBe(6);
    const audit = await db().select().from(tables.auditLog).where(eq(tables.auditLog.action, "seconds.config")).all();
    expect(audit.length).toBe(1);
    expect(audit[0]!.actorId).toBe(op.id);
  });
});

describe("POST /microtrade/submit", () => {
  it("opens at the trail entry in effect now, takes amount + fee from the micro account in one journal, due after the time", async () => {
    await feedTick();
    const user = await secondsTrader(100);
    const houseBefore = (await balance(SYSTEM_ACCOUNTS.house, USDT, 2)).available;
    const feesBefore = (await balance(SYSTEM_ACCOUNTS.fees, USDT, 2)).available;
    const res = await submit(user.token, form({ number: "12.5" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const o = res.body.message;
    expect(o).toMatchObject({ match_id: 3, symbol_name: "SOL/USDT", type: 1, seconds: 30, number: "12.5", fee: "0.0125", status: 1 });
    expect(o.handled_at - o.created_at).toBe(30_000);
    expect(await marketStub(SOL.name).trailAt(o.created_at)).toEqual(o.open_entry);
    expect(o.open_price).toBe(o.open_entry.price);
    expect((await balance(user.id, USDT, 4)).available).toBe(100 * USDT_1 - 12_512_500);
    expect((await balance(SYSTEM_ACCOUNTS.house, USDT, 2)).available).toBe(houseBefore + 12_500_000);
    expect((await balance(SYSTEM_ACCOUNTS.fees, USDT, 2)).available).toBe(feesBefore + 12_500);
    const journals = await db()
      .select()
      .from(tables.journals)
      .where(eq(tables.journals.refKey, `seconds:${o.id}:open`))
      .all();
    expect(journals.length).toBe(1);
    expect(await insideSeconds((s) => s.book.due(o.handled_at, 100).some((x) => x.id === o.id))).toBe(true);
    expect(await insideSeconds((s) => s.book.due(o.handled_at - 1, 100).some((x) => x.id === o.id))).toBe(false);
    const open = await api<SecondsList>(`/microtrade/lists?status=1`, { token: user.token });
    expect(open.body.message).toMatchObject({ total: 1, page: 1, limit: 5 });
    expect(open.body.message.data[0]!.id).toBe(o.id);
    expect((await api<SecondsList>(`/microtrade/lists?status=3`, { token: user.token })).body.message.total).toBe(0);
    await expectInvariant();
  });

  it("replays an Idempotency-Key's first answer and moves money once", async () => {
    await feedTick();
    const user = await secondsTrader(100);
    const headers = { "Idempotency-Key": `sec-${user.id}` };
    const first = await submit(user.token, form(), headers);
    expect(first.status).toBe(200);
    await wait(1_050);
    const again = await submit(user.token, form(), headers);
    expect(again.status).toBe(200);
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await balance(user.id, USDT, 4)).available).toBe(100 * USDT_1 - 10_010_000);
  });

  it("refuses bad input with a translated 4xx and moves nothing", async () => {
    await feedTick();
    const user = await secondsTrader(100);
    const cases: [Record<string, string>, number, string][] = [
      [form({ seconds: "45" }), 400, "SECONDS_UNKNOWN_DURATION"],
      [form({ number: "9.99" }), 400, "SECONDS_AMOUNT_RANGE"],
      [form({ number: "5000.01" }), 400, "SECONDS_AMOUNT_RANGE"],
      [form({ number: "10.0000001" }), 400, "AMOUNT_TOO_PRECISE"],
      [form({ number: "-10" }), 400, "INVALID_AMOUNT"],
      [form({ type: "3" }), 400, "PARAMETER_ERROR"],
      [form({ match_id: "99" }), 400, "SECONDS_MARKET_CLOSED"],
      [form({ currency_id: "1" }), 400, "SECONDS_PAY_COIN"],
      [{ ...form(), extra: "1" }, 400, "UNKNOWN_FIELD"],
      [form({ number: "1000" }), 409, "INSUFFICIENT_BALANCE"],
    ];
    for (const [f, status, code] of cases) {
      const res = await submit(user.token, { ...f, lang: "fra" });
      expect(res.status, JSON.stringify(f)).toBe(status);
      expect(res.body.code, JSON.stringify(f)).toBe(code);
      expect(res.body.message).not.toBe(code);
    }
    expect((await api("/microtrade/submit", { form: form() })).status).toBe(401);
    expect((await balance(user.id, USDT, 4)).available).toBe(100 * USDT_1);
    await expectInvariant();
  });

  it("allows one submit per second per user and at most the open orders per coin", async () => {
    await feedTick();
    const user = await secondsTrader(1_000);
    // The limiter's clock is held so the two cannot fall either side of a second's boundary on a loaded machine.
    const start = Date.now();
    heldLimiterClock.hold(start);
    await db().update(tables.secondsSettings).set({ maxOpenPerCoin: 2 }).where(eq(tables.secondsSettings.id, 1));
    try {
      const both = await Promise.all([submit(user.token, form()), submit(user.token, form())]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
      heldLimiterClock.hold(start + 1_000);
      expect((await submit(user.token, form())).status).toBe(200);
      heldLimiterClock.hold(start + 2_000);
      const third = await submit(user.token, form());
      expect(third.status).toBe(409);
      expect(third.body.code).toBe("SECONDS_TOO_MANY_OPEN");
    } finally {
      heldLimiterClock.release();
      await db().update(tables.secondsSettings).set({ maxOpenPerCoin: 10 }).where(eq(tables.secondsSettings.id, 1));
    }
  });

  it("refuses a market without a fresh price (409) and someone else's order id (404)", async () => {
    const user = await secondsTrader(100);
    // DOGE/USDT (match 5) has never ticked in this test file: no trail entry in effect.
    const stale = await submit(user.token, form({ match_id: "5" }));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("SECONDS_NO_PRICE");
    await feedTick();
    await wait(1_050);
    const mine = await submit(user.token, form());
    expect(mine.status).toBe(200);
    const other = await createUser();
    expect((await api(`/microtrade/get_result?id=${mine.body.message.id}`, { token: other.token })).status).toBe(404);
    expect((await api(`/microtrade/get_result?id=abc`, { token: user.token })).status).toBe(400);
    expect((await balance(user.id, USDT, 4)).available).toBe(100 * USDT_1 - 10_010_000);
  });
});
