import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { api, createUser } from "./helpers.ts";
import { USDT, balance, db, expectInvariant, fund, seedMoney, txHashFor, voucherOf, withdrawCode, withdrawer } from "./money-helpers.ts";

beforeAll(seedMoney);

const U = 1_000_000;
const change = (token: string, key: string | undefined, form: Record<string, string> = {}) =>
  api("/wallet/change", {
    token,
    form: { currency_id: "3", number: "25", from_field: "change", to_field: "legal", ...form },
    headers: key === undefined ? {} : { "Idempotency-Key": key },
  });

describe("Idempotency-Key", () => {
  it("the same key sent twenty times at once moves money once, and every answer is the first one", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 1_000 * U);
    const results = await Promise.all(Array.from({ length: 20 }, () => change(u.token, "transfer-0001")));
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ type: "ok", message: "Transfer successful" });
    }
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true").length).toBeGreaterThanOrEqual(19);
    expect(await balance(u.id, USDT, 2)).toEqual({ available: 975 * U, locked: 0 });
    expect(await balance(u.id, USDT, 1)).toEqual({ available: 25 * U, locked: 0 });
    const journals = await db()
      .select()
      .from(tables.journals)
      .where(like(tables.journals.refKey, `transfer:${u.id}:%`))
      .all();
    expect(journals).toHaveLength(1);
    await expectInvariant();
  });

  it("a key reused after its stored answer was purged is refused with 409 and moves nothing", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 100 * U);
    expect((await change(u.token, "old-key")).status).toBe(200);
    await db().delete(tables.idempotencyKeys).where(eq(tables.idempotencyKeys.userId, u.id));
    const reused = await change(u.token, "old-key", { number: "30" });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ type: "error", code: "IDEMPOTENCY_KEY_REUSED" });
    expect(await balance(u.id, USDT, 2)).toEqual({ available: 75 * U, locked: 0 });
    await expectInvariant();
  });

  it("twenty concurrent withdrawals with one key hold the amount once; twins past the pay-password budget get 429", async () => {
    const u = await withdrawer({ fundUsdt: 100 * U });
    const code = await withdrawCode(u.email);
    const form = { currency: "USDT", number: "40", address: String(u.addressId), type: "0", pay_password: "pay-password-1", code };
    const send = () => api("/wallet/out", { token: u.token, form, headers: { "Idempotency-Key": "wd-1" } });
    const results = await Promise.all(Array.from({ length: 20 }, send));
    // Each twin reserves a pay-password try before hashing, so at most five are checked at once;
    // the others are refused before any check (and move nothing) unless the first answer is already stored.
    for (const r of results) {
      if (r.status === 200) expect(r.body).toEqual({ type: "ok", message: "Withdrawal request submitted, please wait for review" });
      else expect(r.body.code).toBe("TOO_MANY_REQUESTS");
    }
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await balance(u.id, USDT)).toEqual({ available: 60 * U, locked: 40 * U });
    expect(await db().select().from(tables.withdrawals).where(eq(tables.withdrawals.userId, u.id)).all()).toHaveLength(1);
    await expectInvariant();
  });

  it("an answer lost after the batch committed is replayed on retry, and nothing moves again", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 100 * U);
    const first = await change(u.token, "lost-answer", { lang: "jp" });
    expect(first.status).toBe(200);
    // The client never saw `first` (a crash after commit) and retries, even in another language.
    const retry = await change(u.token, "lost-answer", { lang: "en" });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(await balance(u.id, USDT, 2)).toEqual({ available: 75 * U, locked: 0 });
  });

  it("the same key with a different body is refused with 409, sequentially and concurrently", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 1_000 * U);
    expect((await change(u.token, "k-reuse")).status).toBe(200);
    const other = await change(u.token, "k-reuse", { number: "26" });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const race = await Promise.all([change(u.token, "k-race", { number: "1" }), change(u.token, "k-race", { number: "2" })]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(race.find((r) => r.status === 409)!.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const legal = (await balance(u.id, USDT, 1)).available;
    expect([26 * U, 27 * U]).toContain(legal);
    await expectInvariant();
  });

  it("a key used on another endpoint is a different request", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 100 * U);
    expect((await change(u.token, "shared-key")).status).toBe(200);
    const res = await api("/wallet/charge_req", {
      token: u.token,
      form: { account: await voucherOf(u.id), amount: "1", currency: "USDT" },
      headers: { "Idempotency-Key": "shared-key" },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("a failed request stores nothing: the same key works once the balance allows it", async () => {
    const u = await createUser();
    const first = await change(u.token, "after-funding");
    expect(first.status).toBe(409);
    expect(first.body.code).toBe("INSUFFICIENT_BALANCE");
    await fund(u.id, USDT, 30 * U);
    const second = await change(u.token, "after-funding");
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(await balance(u.id, USDT, 1)).toEqual({ available: 25 * U, locked: 0 });
  });

  it("keys belong to one user", async () => {
    const a = await createUser();
    const b = await createUser();
    await fund(a.id, USDT, 100 * U);
    await fund(b.id, USDT, 100 * U);
    expect((await change(a.token, "same")).status).toBe(200);
    const res = await change(b.token, "same");
    expect(res.status).toBe(200);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(await balance(b.id, USDT, 1)).toEqual({ available: 25 * U, locked: 0 });
  });

  it("a deposit request replays instead of creating a second one", async () => {
    const u = await createUser();
    const form = { account: await voucherOf(u.id), amount: "5", currency: "USDT", ...txHashFor("ERC20") };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api("/wallet/charge_req", { token: u.token, form, headers: { "Idempotency-Key": "dep-1" } })),
    );
    for (const r of results) expect(r.status).toBe(200);
    expect(await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).all()).toHaveLength(1);
  });

  it.each(["", "x".repeat(65), "has space", "tab\tkey"])("refuses the malformed key %j", async (key) => {
    const u = await createUser();
    await fund(u.id, USDT, 100 * U);
    const res = await change(u.token, key);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("IDEMPOTENCY_KEY_INVALID");
    expect(await balance(u.id, USDT, 1)).toEqual({ available: 0, locked: 0 });
  });
});

describe("operator decisions", () => {
  async function pendingDeposit(amount: string) {
    const u = await createUser();
    expect(
      (
        await api("/wallet/charge_req", {
          token: u.token,
          form: { account: await voucherOf(u.id), amount, currency: "USDT", ...txHashFor("TRC20") },
        })
      ).status,
    ).toBe(200);
    const dep = (await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).get())!;
    return { u, dep };
  }

  it("a confirm retried with its Idempotency-Key answers the first result; a second click without one is a clear 409", async () => {
    const op = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("12");
    const confirm = (key?: string) =>
      api("/admin/deposits/confirm", {
        token: op.token,
        form: { id: String(dep.id), amount: "12" },
        headers: key ? { "Idempotency-Key": key } : {},
      });
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm("op-confirm-1")));
    for (const r of results) expect(r.body).toEqual({ type: "ok", message: "Success" });
    const again = await confirm();
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("DEPOSIT_ALREADY_REVIEWED");
    // The same key for another decision is refused, not replayed.
    const other = await api("/admin/deposits/reject", {
      token: op.token,
      form: { id: String(dep.id), reason: "late" },
      headers: { "Idempotency-Key": "op-confirm-1" },
    });
    expect(other.status).toBe(409);
    expect(await balance(u.id, USDT)).toEqual({ available: 12 * U, locked: 0 });
    await expectInvariant();
  });

  it("withdrawal approvals and rejections replay under their key and move money once", async () => {
    const op = await createUser({ role: "operator" });
    for (const action of ["approve", "reject"] as const) {
      const u = await withdrawer({ fundUsdt: 100 * U });
      const code = await withdrawCode(u.email);
      const form = { currency: "USDT", number: "30", address: String(u.addressId), type: "0", pay_password: "pay-password-1", code };
      expect((await api("/wallet/out", { token: u.token, form })).status).toBe(200);
      const w = (await db().select().from(tables.withdrawals).where(eq(tables.withdrawals.userId, u.id)).get())!;
      const body: Record<string, string> = action === "approve" ? { id: String(w.id) } : { id: String(w.id), reason: "checked" };
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          api(`/admin/withdrawals/${action}`, { token: op.token, form: body, headers: { "Idempotency-Key": `op-${action}-${w.id}` } }),
        ),
      );
      for (const r of results) expect(r.status).toBe(200);
      expect(await balance(u.id, USDT)).toEqual({ available: (action === "approve" ? 70 : 100) * U, locked: 0 });
      const late =
        action === "approve"
          ? await api("/admin/withdrawals/reject", { token: op.token, form: { id: String(w.id), reason: "late" } })
          : await api("/admin/withdrawals/approve", { token: op.token, form: { id: String(w.id) } });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe("WITHDRAWAL_ALREADY_REVIEWED");
    }
    await expectInvariant();
  });
});
