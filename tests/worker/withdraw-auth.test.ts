import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { authorizeWithdrawal, requestWithdrawal } from "../../worker/domain/wallet/withdrawals.ts";
import { api, callApiWith, createUser } from "./helpers.ts";
import { emailCode, freshIp, freshMobile, mobileCode } from "./auth-support.ts";
import {
  ETH_ADDRESS,
  PAY_PASSWORD,
  USDT,
  balance,
  db,
  expectInvariant,
  fund,
  seedMoney,
  verify,
  withdrawCode,
  withdrawer,
} from "./money-helpers.ts";

/**
 * POST /wallet/out needs, besides the session and the pay password, a fresh
 * "withdraw" code to the account's own email or mobile (used once), and a
 * saved address that has passed its 24-hour wait.
 */

beforeAll(seedMoney);

const U = 1_000_000;
const out = (token: string, form: Record<string, string>, lang?: string) =>
  api("/wallet/out", {
    token,
    form: { currency: "USDT", type: "0", number: "20", pay_password: PAY_PASSWORD, ...form, ...(lang ? { lang } : {}) },
  });
const withdrawalsOf = (userId: number) => db().select().from(tables.withdrawals).where(eq(tables.withdrawals.userId, userId)).all();

describe("the withdrawal code", () => {
  it("is required (translated), must be six digits, and a wrong one moves nothing", async () => {
    const u = await withdrawer({ fundUsdt: 100 * U });
    const address = String(u.addressId);
    const missing = await out(u.token, { address }, "spa");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: "WITHDRAW_CODE_REQUIRED",
      message: "Introduzca el código de verificación enviado a su correo o teléfono",
    });
    expect((await out(u.token, { address, code: "" })).body.code).toBe("WITHDRAW_CODE_REQUIRED");
    expect((await out(u.token, { address, code: "12345" })).body.code).toBe("CODE_MUST_BE_6_DIGITS");
    const code = await withdrawCode(u.email);
    const wrong = await out(u.token, { address, code: code === "999999" ? "999998" : "999999" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("CODE_INVALID");
    expect(await balance(u.id, USDT)).toEqual({ available: 100 * U, locked: 0 });
  });

  it("arrives by POST /sms_mail with scene withdraw, works once, and cannot be used again", async () => {
    const u = await withdrawer({ fundUsdt: 100 * U });
    const code = await emailCode(u.email, "withdraw", { ip: freshIp() });
    const address = String(u.addressId);
    expect((await out(u.token, { address, code })).status).toBe(200);
    const again = await out(u.token, { address, code });
    expect(again.body.code).toBe("CODE_INVALID");
    expect(await balance(u.id, USDT)).toEqual({ available: 80 * U, locked: 20 * U });
  });

  it("a code for another purpose, or sent to another account, is refused", async () => {
    const u = await withdrawer({ fundUsdt: 100 * U });
    const stranger = await createUser();
    const client = { ip: freshIp() };
    const address = String(u.addressId);
    const security = await emailCode(u.email, "security", client);
    expect((await out(u.token, { address, code: security })).body.code).toBe("CODE_INVALID");
    const foreign = await emailCode(stranger.email, "withdraw", client);
    expect((await out(u.token, { address, code: foreign })).body.code).toBe("CODE_INVALID");
    expect(await withdrawalsOf(u.id)).toEqual([]);
  });

  it("a refused withdrawal keeps its code: after a 409 for the balance, the same code withdraws", async () => {
    const u = await withdrawer({ fundUsdt: 30 * U });
    const code = await withdrawCode(u.email);
    const address = String(u.addressId);
    const short = await out(u.token, { address, code, number: "50" });
    expect(short.status).toBe(409);
    expect(short.body.code).toBe("INSUFFICIENT_BALANCE");
    expect((await out(u.token, { address, code, number: "25" })).status).toBe(200);
  });

  it("two concurrent withdrawals with one code: exactly one commits, the other is CODE_INVALID", async () => {
    const u = await withdrawer({ fundUsdt: 100 * U });
    const code = await withdrawCode(u.email);
    const address = String(u.addressId);
    const results = await Promise.all([out(u.token, { address, code }), out(u.token, { address, code })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.code).toBe("CODE_INVALID");
    expect(await withdrawalsOf(u.id)).toHaveLength(1);
    expect(await balance(u.id, USDT)).toEqual({ available: 80 * U, locked: 20 * U });
    await expectInvariant();
  });

  it("two requests that both checked one code: the second batch is refused by the single-use guard", async () => {
    const u = await withdrawer({ fundUsdt: 100 * U });
    const code = await withdrawCode(u.email);
    const pepper = env.PASSWORD_PEPPER!;
    const proof = { payPassword: PAY_PASSWORD, code };
    const [a, b] = [await authorizeWithdrawal(db(), u.id, proof, pepper), await authorizeWithdrawal(db(), u.id, proof, pepper)];
    const input = { currency: "USDT", number: "20", address: String(u.addressId), type: "0" as const };
    await requestWithdrawal(db(), u.id, input, a);
    await expect(requestWithdrawal(db(), u.id, input, b)).rejects.toMatchObject({ status: 400, code: "CODE_INVALID" });
    expect(await withdrawalsOf(u.id)).toHaveLength(1);
    await expectInvariant();
  });

  it("a mobile-only account gets its code by SMS (POST /sms_send)", async () => {
    const mobile = freshMobile();
    const u = await withdrawer({ fundUsdt: 100 * U });
    await env.DB.prepare("UPDATE users SET email = NULL, area_code = '86', mobile = ? WHERE id = ?").bind(mobile, u.id).run();
    const code = await mobileCode("86", mobile, "withdraw", { ip: freshIp() });
    expect((await out(u.token, { address: String(u.addressId), code })).status).toBe(200);
  });
});

describe("a new withdrawal address waits 24 hours", () => {
  it("answers a translated 409 naming the time until then, and withdraws once the time has passed", async () => {
    await seedMoney();
    const u = await createUser();
    await verify(u.id);
    await fund(u.id, USDT, 100 * U);
    const first = { password: "246810", re_password: "246810", login_password: u.password };
    expect((await api("/safe/update_password", { token: u.token, form: first })).status).toBe(200);
    const saved = await api("/user/wallet/save", {
      token: u.token,
      form: { currency: String(USDT), name: "new", address: ETH_ADDRESS, login_password: u.password },
    });
    expect(saved.status).toBe(200);
    const [row] = await db().select().from(tables.withdrawAddresses).where(eq(tables.withdrawAddresses.userId, u.id)).all();
    const time = `${new Date(row!.usableAt).toISOString().slice(0, 16).replace("T", " ")} UTC`;

    const form = { address: String(row!.id), pay_password: "246810" };
    const early = await out(u.token, { ...form, code: await withdrawCode(u.email) }, "zh");
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: "WITHDRAW_ADDRESS_NOT_YET_USABLE",
      message: `为保障您的资金安全，该地址自 ${time} 起方可提币`,
    });
    const en = await out(u.token, { ...form, code: await withdrawCode(u.email) });
    expect(en.body.message).toBe(`For your safety this address can receive withdrawals from ${time}`);
    expect(await balance(u.id, USDT)).toEqual({ available: 100 * U, locked: 0 });

    await db()
      .update(tables.withdrawAddresses)
      .set({ usableAt: Date.now() - 1 })
      .where(eq(tables.withdrawAddresses.id, row!.id));
    expect((await out(u.token, { ...form, code: await withdrawCode(u.email) })).status).toBe(200);
  });

  it("POST /dev/address_cooldown_end (local only) ends the wait of the caller's addresses and no one else's", async () => {
    const save = async (u: { token: string; password: string }) => {
      const form = { currency: String(USDT), name: "new", address: ETH_ADDRESS, login_password: u.password };
      expect((await api("/user/wallet/save", { token: u.token, form })).status).toBe(200);
    };
    const [alice, bob] = [await createUser(), await createUser()];
    await save(alice);
    await save(bob);
    const usableAt = async (userId: number) =>
      (await db().select().from(tables.withdrawAddresses).where(eq(tables.withdrawAddresses.userId, userId)).get())!.usableAt;
    const bobsWait = await usableAt(bob.id);

    const prod = await callApiWith(
      "/dev/address_cooldown_end",
      { ENVIRONMENT: "production" },
      {
        method: "POST",
        headers: { Authorization: alice.token },
      },
    );
    expect(prod.status).toBe(404);
    expect(await usableAt(alice.id)).toBeGreaterThan(Date.now());

    expect((await api("/dev/address_cooldown_end", { token: alice.token, form: {} })).body).toMatchObject({
      type: "ok",
      message: { addresses: 1 },
    });
    expect(await usableAt(alice.id)).toBeLessThanOrEqual(Date.now());
    expect(await usableAt(bob.id)).toBe(bobsWait);
    expect((await api("/dev/address_cooldown_end", { form: {} })).status).toBe(401);
  });
});
