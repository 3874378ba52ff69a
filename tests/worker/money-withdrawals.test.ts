import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { ApiError } from "../../worker/domain/errors.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { requestWithdrawal } from "../../worker/domain/wallet/withdrawals.ts";
import { api, createUser } from "./helpers.ts";
import {
  BTC,
  BTC_ADDRESS,
  ETH,
  PAY_PASSWORD,
  USDT,
  balance,
  db,
  expectInvariant,
  fund,
  saveAddress,
  seedMoney,
  setPayPassword,
  verify,
  withdrawCode,
  withdrawer,
} from "./money-helpers.ts";

beforeAll(seedMoney);

const USDT_UNIT = 1_000_000;
const BTC_UNIT = 100_000_000;

/** POST /wallet/out as the user, with the pay password and a fresh withdraw code unless the form overrides them. */
const out = async (user: { token: string; email: string }, form: Record<string, string>, headers?: Record<string, string>) =>
  api("/wallet/out", {
    token: user.token,
    form: { currency: "USDT", type: "0", pay_password: PAY_PASSWORD, code: await withdrawCode(user.email), ...form },
    headers,
  });

/** The money rules alone (pay password and code are authorizeWithdrawal's; see withdraw-auth.test.ts). */
const request = (userId: number, input: { currency: string; number: string; address: string }) =>
  requestWithdrawal(db(), userId, { ...input, type: "0" }, []).then(
    () => "ok",
    (err: unknown) => (err instanceof ApiError ? err.code : Promise.reject(err)),
  );

async function reviewing(userId: number) {
  return db().select().from(tables.withdrawals).where(eq(tables.withdrawals.userId, userId)).all();
}

describe("withdrawal requests under concurrency", () => {
  it("fifty concurrent withdrawals never overdraw: exactly ten succeed against a balance that covers ten", async () => {
    const u = await withdrawer({ fundUsdt: 200 * USDT_UNIT });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => request(u.id, { currency: "USDT", number: "20", address: String(u.addressId) })),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(10);
    expect(results.filter((r) => r === "INSUFFICIENT_BALANCE")).toHaveLength(40);
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 200 * USDT_UNIT });
    expect(await reviewing(u.id)).toHaveLength(10);
    const openHolds = await db().select().from(tables.holds).where(eq(tables.holds.userId, u.id)).all();
    expect(openHolds).toHaveLength(10);
    await expectInvariant();
  });

  it("the 24-hour limit holds under concurrency (Lv1: 200 BTC): three of five 60 BTC requests pass", async () => {
    const u = await withdrawer();
    await saveAddress(u.id, BTC, BTC_ADDRESS, "BTC");
    await fund(u.id, BTC, 1_000 * BTC_UNIT);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => request(u.id, { currency: "BTC", number: "60", address: BTC_ADDRESS })),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(3);
    expect(results.filter((r) => r === "WITHDRAW_DAILY_LIMIT")).toHaveLength(2);
    expect(await balance(u.id, BTC)).toEqual({ available: 820 * BTC_UNIT, locked: 180 * BTC_UNIT });
    await expectInvariant();
  });

  it("a limit refusal over HTTP names the limit", async () => {
    const u = await withdrawer();
    await saveAddress(u.id, BTC, BTC_ADDRESS, "BTC");
    await fund(u.id, BTC, 1_000 * BTC_UNIT);
    expect((await out(u, { currency: "BTC", number: "150", address: BTC_ADDRESS })).status).toBe(200);
    const over = await out(u, { currency: "BTC", number: "60", address: BTC_ADDRESS });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: "WITHDRAW_DAILY_LIMIT", message: "This exceeds your 24-hour withdrawal limit of 200 BTC" });
  });
});

describe("POST /wallet/out rules", () => {
  it("holds the amount, records the configured fee and ignores the client's rate", async () => {
    const u = await withdrawer({ fundUsdt: 100 * USDT_UNIT });
    const res = await out(u, { number: "30", address: String(u.addressId), rate: "0" }, {});
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("ok");
    const [w] = await reviewing(u.id);
    expect(w).toMatchObject({ amount: "30", fee: "1", receive: "29", status: "reviewing", destinationType: 0 });
    expect(JSON.parse(w!.destination)).toMatchObject({ type: 0, address: "0x52908400098527886E0F7030069857D2E4169EE7", chain: "ETH" });
    expect(await balance(u.id, USDT)).toEqual({ available: 70 * USDT_UNIT, locked: 30 * USDT_UNIT });
  });

  it("accepts the saved address itself instead of its id", async () => {
    const u = await withdrawer({ fundUsdt: 100 * USDT_UNIT });
    const res = await out(u, { number: "10", address: "0x52908400098527886E0F7030069857D2E4169EE7" });
    expect(res.status).toBe(200);
  });

  it("answers 998 when identity is not verified", async () => {
    await seedMoney();
    const u = await createUser();
    await setPayPassword(u.id);
    await fund(u.id, USDT, 100 * USDT_UNIT);
    const res = await out(u, { number: "20", address: "1" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ type: "998", code: "VERIFY_IDENTITY_FIRST" });
  });

  it("a KYC submission still under review does not count", async () => {
    await seedMoney();
    const u = await createUser();
    await db().insert(tables.identityVerifications).values({ userId: u.id, level: 1, status: "auditing", createdAt: Date.now() });
    await setPayPassword(u.id);
    const res = await out(u, { number: "20", address: "1" });
    expect(res.body.type).toBe("998");
  });

  it("requires a pay password to be set", async () => {
    await seedMoney();
    const u = await createUser();
    await verify(u.id);
    const res = await out(u, { number: "20", address: "1" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("PAY_PASSWORD_NOT_SET");
  });

  it("refuses a wrong pay password and throttles after five wrong tries", async () => {
    const u = await withdrawer({ fundUsdt: 100 * USDT_UNIT });
    for (let i = 0; i < 5; i++) {
      const res = await out(u, { number: "20", address: String(u.addressId), pay_password: "wrong-password" });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("PAY_PASSWORD_WRONG");
    }
    const blocked = await out(u, { number: "20", address: String(u.addressId) });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await balance(u.id, USDT)).toEqual({ available: 100 * USDT_UNIT, locked: 0 });
  });

  it.each([
    ["NaN", "INVALID_AMOUNT"],
    ["1e309", "INVALID_AMOUNT"],
    ["-1", "INVALID_AMOUNT"],
    ["Infinity", "INVALID_AMOUNT"],
    ["0x10", "INVALID_AMOUNT"],
    ["", "INVALID_AMOUNT"],
    ["12.1234567", "AMOUNT_TOO_PRECISE"],
    ["0", "AMOUNT_NOT_POSITIVE"],
    ["99999999999999999999", "AMOUNT_TOO_LARGE"],
  ])("refuses the amount %j with %s", async (number, code) => {
    const u = await withdrawer({ fundUsdt: 100 * USDT_UNIT });
    const res = await out(u, { number, address: String(u.addressId) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(await balance(u.id, USDT)).toEqual({ available: 100 * USDT_UNIT, locked: 0 });
  });

  it("refuses amounts below the minimum or not above the fee, naming the configured values", async () => {
    const u = await withdrawer({ fundUsdt: 100 * USDT_UNIT });
    const low = await out(u, { number: "9.99", address: String(u.addressId) });
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({ code: "WITHDRAW_BELOW_MINIMUM", message: "The minimum withdrawal is 10 USDT" });
    await env.DB.prepare("UPDATE currencies SET min_withdraw = '0' WHERE id = ?").bind(ETH).run();
    await saveAddress(u.id, ETH, "0x0000000000000000000000000000000000000001", "ETH");
    await fund(u.id, ETH, 10 ** 8);
    const fee = await out(u, { currency: "ETH", number: "0.005", address: "0x0000000000000000000000000000000000000001" });
    expect(fee.status).toBe(400);
    expect(fee.body.code).toBe("WITHDRAW_NOT_ABOVE_FEE");
    await env.DB.prepare("UPDATE currencies SET min_withdraw = '0.01' WHERE id = ?").bind(ETH).run();
  });

  it("refuses unknown currencies", async () => {
    const u = await withdrawer({ fundUsdt: 100 * USDT_UNIT });
    for (const currency of ["NOPE", "999", "1;DROP"]) {
      const res = await out(u, { currency, number: "20", address: String(u.addressId) });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("UNKNOWN_CURRENCY");
    }
  });

  it("needs one of the caller's saved addresses for that currency; another user's address id is 404", async () => {
    const u = await withdrawer({ fundUsdt: 100 * USDT_UNIT });
    const other = await withdrawer();
    const none = await out(u, { number: "20" });
    expect(none.body.code).toBe("WITHDRAW_ADDRESS_NOT_SAVED");
    const unsaved = await out(u, { number: "20", address: "0x1111111111111111111111111111111111111111" });
    expect(unsaved.status).toBe(400);
    expect(unsaved.body.code).toBe("WITHDRAW_ADDRESS_NOT_SAVED");
    const foreign = await out(u, { number: "20", address: String(other.addressId) });
    expect(foreign.status).toBe(404);
    const missing = await out(u, { number: "20", address: "987654" });
    expect(missing.status).toBe(404);
    const btcAddress = await saveAddress(u.id, BTC, BTC_ADDRESS, "BTC");
    const wrongCurrency = await out(u, { number: "20", address: String(btcAddress) });
    expect(wrongCurrency.status).toBe(400);
    expect(await balance(u.id, USDT)).toEqual({ available: 100 * USDT_UNIT, locked: 0 });
  });

  it("bank withdrawals need the caller's bound card of that kind", async () => {
    const u = await withdrawer({ fundUsdt: 100 * USDT_UNIT });
    const missing = await out(u, { number: "20", type: "1" });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("BANK_CARD_NOT_BOUND");
    await db().insert(tables.bankCards).values({
      userId: u.id,
      kind: "domestic",
      realName: "A B",
      bankAccount: "6222000011112222",
      bankName: "Bank",
      bankDizhi: "Street 1",
      bankNetwork: "Main",
      swiftCode: "",
      phone: "13800000000",
      alipayAccount: "",
      wechatAccount: "",
      wechatNickname: "",
      createdAt: Date.now(),
    });
    expect((await out(u, { number: "20", type: "2" })).body.code).toBe("BANK_CARD_NOT_BOUND");
    const ok = await out(u, { number: "20", type: "1" });
    expect(ok.status).toBe(200);
    const [w] = await reviewing(u.id);
    expect(JSON.parse(w!.destination)).toMatchObject({ type: 1, bank_account: "6222000011112222", bank_name: "Bank" });
    const list = await api<{ data: { address: string }[] }>("/user/withdraw/list", { token: u.token });
    expect(list.body.message.data[0]!.address).toBe("Bank ****2222");
  });

  it("refuses currencies with withdrawals switched off, and prices that are unknown", async () => {
    const u = await withdrawer({ fundUsdt: 100 * USDT_UNIT });
    await env.DB.prepare("UPDATE currencies SET can_withdraw = 0 WHERE id = 4").run();
    const off = await out(u, { currency: "USDC", number: "20", address: "x" });
    expect(off.status).toBe(409);
    expect(off.body.code).toBe("WITHDRAW_DISABLED");
    await env.DB.prepare("UPDATE currencies SET can_withdraw = 1 WHERE id = 4").run();
    await saveAddress(u.id, 6, "rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY", "ETH");
    await fund(u.id, 6, 100 * USDT_UNIT);
    await env.DB.prepare("DELETE FROM reference_prices WHERE currency_id = 6").run();
    const noPrice = await out(u, { currency: "XRP", number: "50", address: "rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY" });
    expect(noPrice.status).toBe(409);
    expect(noPrice.body.code).toBe("PRICE_UNAVAILABLE");
  });

  it("rejects unknown fields and anonymous callers", async () => {
    const u = await withdrawer({ fundUsdt: 100 * USDT_UNIT });
    const extra = await out(u, { number: "20", address: String(u.addressId), user_id: "1" });
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe("UNKNOWN_FIELD");
    const anon = await api("/wallet/out", { form: { currency: "USDT", number: "20", pay_password: "x" } });
    expect(anon.status).toBe(401);
    expect(anon.body.type).toBe("999");
  });

  it("the daily limit counts reviewing and approved withdrawals, not rejected ones; Lv2 allows 500 BTC", async () => {
    const u = await withdrawer();
    const op = await createUser({ role: "operator" });
    await saveAddress(u.id, BTC, BTC_ADDRESS, "BTC");
    await fund(u.id, BTC, 1_000 * BTC_UNIT);
    expect((await out(u, { currency: "BTC", number: "150", address: BTC_ADDRESS })).status).toBe(200);
    const over = await out(u, { currency: "BTC", number: "60", address: BTC_ADDRESS });
    expect(over.body.code).toBe("WITHDRAW_DAILY_LIMIT");
    const [w] = await reviewing(u.id);
    expect((await api("/admin/withdrawals/reject", { token: op.token, form: { id: String(w!.id), reason: "test" } })).status).toBe(200);
    expect((await out(u, { currency: "BTC", number: "190", address: BTC_ADDRESS })).status).toBe(200);
    await verify(u.id, 2);
    expect((await out(u, { currency: "BTC", number: "300", address: BTC_ADDRESS })).status).toBe(200);
    expect((await out(u, { currency: "BTC", number: "20", address: BTC_ADDRESS })).body.code).toBe("WITHDRAW_DAILY_LIMIT");
    await expectInvariant();
  });
});

describe("operator review of withdrawals", () => {
  async function pending() {
    const u = await withdrawer({ fundUsdt: 100 * USDT_UNIT });
    expect((await out(u, { number: "30", address: String(u.addressId) })).status).toBe(200);
    const [w] = await reviewing(u.id);
    return { u, w: w! };
  }

  it("approve pays the receive amount to external and the fee to the fees account", async () => {
    const op = await createUser({ role: "operator" });
    const { u, w } = await pending();
    const ext = await balance(SYSTEM_ACCOUNTS.external, USDT);
    const fees = await balance(SYSTEM_ACCOUNTS.fees, USDT);
    const res = await api("/admin/withdrawals/approve", { token: op.token, form: { id: String(w.id) } });
    expect(res.status).toBe(200);
    expect(await balance(u.id, USDT)).toEqual({ available: 70 * USDT_UNIT, locked: 0 });
    expect((await balance(SYSTEM_ACCOUNTS.external, USDT)).available - ext.available).toBe(29 * USDT_UNIT);
    expect((await balance(SYSTEM_ACCOUNTS.fees, USDT)).available - fees.available).toBe(1 * USDT_UNIT);
    const audit = await db()
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.subjectId, String(w.id)))
      .all();
    expect(audit.map((a) => a.action)).toContain("withdrawal.approve");
    const list = await api<{ data: { status: number; status_text: string }[] }>("/user/withdraw/list?lang=zh", { token: u.token });
    expect(list.body.message.data[0]).toMatchObject({ status: 2, status_text: "已完成" });
    await expectInvariant();
  });

  it("reject releases the hold back to available, with the reason shown to the user", async () => {
    const op = await createUser({ role: "operator" });
    const { u, w } = await pending();
    const res = await api("/admin/withdrawals/reject", { token: op.token, form: { id: String(w.id), reason: "address flagged" } });
    expect(res.status).toBe(200);
    expect(await balance(u.id, USDT)).toEqual({ available: 100 * USDT_UNIT, locked: 0 });
    const list = await api<{ data: { status: number; reason: string }[] }>("/user/withdraw/list", { token: u.token });
    expect(list.body.message.data[0]).toMatchObject({ status: 3, reason: "address flagged" });
    await expectInvariant();
  });

  it("approve then reject (and reject then approve) moves money once; the second gets 409", async () => {
    const op = await createUser({ role: "operator" });
    const a = await pending();
    expect((await api("/admin/withdrawals/approve", { token: op.token, form: { id: String(a.w.id) } })).status).toBe(200);
    const late = await api("/admin/withdrawals/reject", { token: op.token, form: { id: String(a.w.id), reason: "late" } });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("WITHDRAWAL_ALREADY_REVIEWED");
    expect(await balance(a.u.id, USDT)).toEqual({ available: 70 * USDT_UNIT, locked: 0 });

    const b = await pending();
    expect((await api("/admin/withdrawals/reject", { token: op.token, form: { id: String(b.w.id), reason: "no" } })).status).toBe(200);
    const again = await api("/admin/withdrawals/approve", { token: op.token, form: { id: String(b.w.id) } });
    expect(again.status).toBe(409);
    expect(await balance(b.u.id, USDT)).toEqual({ available: 100 * USDT_UNIT, locked: 0 });
    await expectInvariant();
  });

  it("an operator cannot review their own withdrawal; another operator can", async () => {
    const { u, w } = await pending();
    await db().update(tables.users).set({ role: "operator" }).where(eq(tables.users.id, u.id));
    expect((await api("/admin/withdrawals/approve", { token: u.token, form: { id: String(w.id) } })).status).toBe(403);
    expect((await api("/admin/withdrawals/reject", { token: u.token, form: { id: String(w.id), reason: "mine" } })).status).toBe(403);
    expect(await balance(u.id, USDT)).toEqual({ available: 70 * USDT_UNIT, locked: 30 * USDT_UNIT });
    const other = await createUser({ role: "operator" });
    expect((await api("/admin/withdrawals/reject", { token: other.token, form: { id: String(w.id), reason: "checked" } })).status).toBe(
      200,
    );
    expect(await balance(u.id, USDT)).toEqual({ available: 100 * USDT_UNIT, locked: 0 });
    await expectInvariant();
  });

  it("concurrent approves and rejects of one withdrawal: exactly one wins", async () => {
    const op = await createUser({ role: "operator" });
    const { u, w } = await pending();
    const calls = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0
        ? api("/admin/withdrawals/approve", { token: op.token, form: { id: String(w.id) } })
        : api("/admin/withdrawals/reject", { token: op.token, form: { id: String(w.id), reason: "race" } }),
    );
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.code).toBe("WITHDRAWAL_ALREADY_REVIEWED");
    const after = await balance(u.id, USDT);
    expect(after.locked).toBe(0);
    expect([70 * USDT_UNIT, 100 * USDT_UNIT]).toContain(after.available);
    const journals = await db()
      .select()
      .from(tables.journals)
      .where(eq(tables.journals.refKey, `withdraw:review:${w.id}`))
      .all();
    expect(journals).toHaveLength(1);
    await expectInvariant();
  });

  it("lists withdrawals under review for operators only; unknown ids are 404", async () => {
    const op = await createUser({ role: "operator" });
    const { u, w } = await pending();
    const list = await api<{ data: { id: number; destination: { address: string } }[] }>("/admin/withdrawals?status=reviewing", {
      token: op.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.message.data.find((x) => x.id === w.id)?.destination.address).toBe("0x52908400098527886E0F7030069857D2E4169EE7");
    for (const path of ["/admin/withdrawals", "/admin/withdrawals/approve", "/admin/withdrawals/reject"]) {
      const res =
        path === "/admin/withdrawals"
          ? await api(path, { token: u.token })
          : await api(path, { token: u.token, form: { id: String(w.id), reason: "x" } });
      expect(res.status).toBe(403);
    }
    expect((await api("/admin/withdrawals/approve", { token: op.token, form: { id: "999999" } })).status).toBe(404);
    expect((await api("/admin/withdrawals/reject", { token: op.token, form: { id: "999999", reason: "x" } })).status).toBe(404);
    const noReason = await api("/admin/withdrawals/reject", { token: op.token, form: { id: String(w.id) } });
    expect(noReason.status).toBe(400);
    const badId = await api("/admin/withdrawals/approve", { token: op.token, form: { id: "NaN" } });
    expect(badId.status).toBe(400);
  });

  it("a user never sees another user's withdrawals", async () => {
    const { u } = await pending();
    const other = await withdrawer();
    const mine = await api<{ data: unknown[]; total: number }>("/user/withdraw/list", { token: u.token });
    const theirs = await api<{ data: unknown[]; total: number }>("/user/withdraw/list", { token: other.token });
    expect(mine.body.message.total).toBe(1);
    expect(theirs.body.message.total).toBe(0);
  });
});
