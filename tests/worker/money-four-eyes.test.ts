import { env } from "cloudflare:workers";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { approvalStep } from "../../worker/domain/wallet/four-eyes.ts";
import { api, createUser } from "./helpers.ts";
import { USDT, balance, db, expectInvariant, seedMoney, txHashFor, voucherOf, withdrawCode, withdrawer } from "./money-helpers.ts";

/**
 * Four eyes on large amounts: above the currency's second_approval_above, a deposit is
 * credited and a withdrawal paid only after approvals by two different operators.
 */

const U = 1_000_000;

beforeAll(seedMoney);

async function setThreshold(value: string) {
  const op = await createUser({ role: "operator" });
  const res = await api<{ second_approval_above: string | null }>("/admin/currencies", {
    token: op.token,
    form: { id: String(USDT), second_approval_above: value },
  });
  expect(res.status).toBe(200);
  return res.body.message;
}

afterEach(async () => {
  await env.DB.prepare("UPDATE currencies SET second_approval_above = NULL").run();
});

async function pendingDeposit(amount: string) {
  const u = await createUser();
  const res = await api("/wallet/charge_req", {
    token: u.token,
    form: { account: await voucherOf(u.id), amount, currency: "USDT", ...txHashFor("TRC20") },
  });
  expect(res.status).toBe(200);
  const dep = (await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).get())!;
  return { u, dep };
}

const confirm = (token: string, id: number, amount: string, headers: Record<string, string> = {}) =>
  api<string>("/admin/deposits/confirm", { token, form: { id: String(id), amount }, headers });

async function pendingWithdrawal(number: string, fundUsdt = 10_000 * U) {
  const u = await withdrawer({ fundUsdt });
  const code = await withdrawCode(u.email);
  const form = { currency: "USDT", number, address: String(u.addressId), type: "0", pay_password: "pay-password-1", code };
  expect((await api("/wallet/out", { token: u.token, form })).status).toBe(200);
  const w = (await db().select().from(tables.withdrawals).where(eq(tables.withdrawals.userId, u.id)).get())!;
  return { u, w };
}

const approve = (token: string, id: number) => api<string>("/admin/withdrawals/approve", { token, form: { id: String(id) } });

const auditOf = async (subjectType: string, id: number) =>
  (
    await db()
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.subjectType, subjectType), eq(tables.auditLog.subjectId, String(id))))
      .all()
  ).map((a) => ({ action: a.action, actor: a.actorId, detail: JSON.parse(a.detail) as Record<string, unknown> }));

describe("the rule", () => {
  it.each([
    [{ units: 100, thresholdUnits: null, firstApprovedBy: null, operatorId: 1 }, "single"],
    [{ units: 100, thresholdUnits: 100, firstApprovedBy: null, operatorId: 1 }, "single"],
    [{ units: 101, thresholdUnits: 100, firstApprovedBy: null, operatorId: 1 }, "first"],
    [{ units: 101, thresholdUnits: 100, firstApprovedBy: 1, operatorId: 2 }, "second"],
    [{ units: 101, thresholdUnits: 100, firstApprovedBy: 1, operatorId: 1 }, "same_operator"],
    // Once a first approval exists, the threshold no longer decides.
    [{ units: 5, thresholdUnits: null, firstApprovedBy: 1, operatorId: 2 }, "second"],
  ] as const)("%j → %s", (input, step) => {
    expect(approvalStep(input)).toBe(step);
  });
});

describe("configuration", () => {
  it("is per currency, readable by users, audited, and switched off with an empty value", async () => {
    expect(await setThreshold("1000.5")).toMatchObject({ second_approval_above: "1000.5" });
    const list = await api<{ currency: { id: number; second_approval_above: string | null }[] }>("/currency/list");
    expect(list.body.message.currency.find((c) => c.id === USDT)?.second_approval_above).toBe("1000.5");
    expect(list.body.message.currency.find((c) => c.id === 1)?.second_approval_above).toBeNull();
    const audit = await db()
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.action, "currency.update"), eq(tables.auditLog.subjectId, String(USDT))))
      .all();
    expect(audit.some((a) => JSON.parse(a.detail).second_approval_above === "1000.5")).toBe(true);
    expect(await setThreshold("")).toMatchObject({ second_approval_above: null });
    const op = await createUser({ role: "operator" });
    const tooPrecise = await api("/admin/currencies", { token: op.token, form: { id: String(USDT), second_approval_above: "1.0000001" } });
    expect(tooPrecise.body.code).toBe("AMOUNT_TOO_PRECISE");
    const junk = await api("/admin/currencies", { token: op.token, form: { id: String(USDT), second_approval_above: "-5" } });
    expect(junk.status).toBe(400);
  });
});

describe("deposits above the threshold", () => {
  it("below or at the threshold one approval credits", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("1000");
    const res = await confirm(a.token, dep.id, "1000");
    expect(res.body).toEqual({ type: "ok", message: "Success" });
    expect(await balance(u.id, USDT)).toEqual({ available: 1000 * U, locked: 0 });
    await expectInvariant();
  });

  it("the verified amount decides: 5000 declared, 900 verified needs one operator", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("5000");
    expect((await confirm(a.token, dep.id, "900")).body.message).toBe("Success");
    expect(await balance(u.id, USDT)).toEqual({ available: 900 * U, locked: 0 });
  });

  it("A then A is refused; A then B credits once; the audit log shows both operators", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const b = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("1500");

    const first = await confirm(a.token, dep.id, "1500");
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("Approved; a second operator must approve it too");
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });
    const row = (await db().select().from(tables.deposits).where(eq(tables.deposits.id, dep.id)).get())!;
    expect(row).toMatchObject({ status: "pending", firstApprovedBy: a.id, verifiedAmount: "1500", reviewedBy: null });
    // The queue and the user's records say so.
    const queue = await api<{
      data: { id: number; first_approved_by: number; first_approved_by_name: string; second_approval_above: string }[];
    }>("/admin/deposits?status=pending", { token: b.token });
    expect(queue.body.message.data.find((d) => d.id === dep.id)).toMatchObject({
      first_approved_by: a.id,
      first_approved_by_name: a.email,
      second_approval_above: "1000",
    });
    const log = await api<{ data: { status: number; credited: string | null }[] }>("/recharge/log", { token: u.token });
    expect(log.body.message.data[0]).toMatchObject({ status: 1, credited: null });

    const again = await confirm(a.token, dep.id, "1500");
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "SECOND_APPROVAL_SAME_OPERATOR" });
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });

    const second = await confirm(b.token, dep.id, "1500");
    expect(second.body).toEqual({ type: "ok", message: "Success" });
    expect(await balance(u.id, USDT)).toEqual({ available: 1500 * U, locked: 0 });
    expect((await confirm(b.token, dep.id, "1500")).body.code).toBe("DEPOSIT_ALREADY_REVIEWED");

    expect(await auditOf("deposit", dep.id)).toEqual([
      { action: "deposit.approve_first", actor: a.id, detail: { amount: "1500", declared: "1500", currency: "USDT", user_id: u.id } },
      {
        action: "deposit.confirm",
        actor: b.id,
        detail: { amount: "1500", declared: "1500", currency: "USDT", user_id: u.id, first_approved_by: a.id },
      },
    ]);
    const journals = await db()
      .select()
      .from(tables.journals)
      .where(eq(tables.journals.userId, u.id))
      .orderBy(asc(tables.journals.id))
      .all();
    expect(journals.map((j) => [j.kind, j.refKey])).toEqual([
      ["deposit_first_approval", `deposit:first:${dep.id}`],
      ["deposit", `deposit:review:${dep.id}`],
    ]);
    await expectInvariant();
  });

  it("the second operator must verify the same amount", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const b = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("2000");
    expect((await confirm(a.token, dep.id, "1800")).status).toBe(200);
    const differs = await confirm(b.token, dep.id, "2000");
    expect(differs.status).toBe(409);
    expect(differs.body).toMatchObject({
      code: "SECOND_APPROVAL_AMOUNT_MISMATCH",
      message: "You verified 2000 USDT, the first operator 1800 USDT: check the transaction again or reject the deposit",
    });
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });
    expect((await confirm(b.token, dep.id, "1800.000")).body.message).toBe("Success");
    expect(await balance(u.id, USDT)).toEqual({ available: 1800 * U, locked: 0 });
  });

  it("rejection by either operator ends it; so does zero verified by the second", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const b = await createUser({ role: "operator" });
    for (const [who, how] of [
      [a, "reject"],
      [b, "reject"],
      [b, "zero"],
    ] as const) {
      const { u, dep } = await pendingDeposit("3000");
      expect((await confirm(a.token, dep.id, "3000")).status).toBe(200);
      const res =
        how === "reject"
          ? await api("/admin/deposits/reject", { token: who.token, form: { id: String(dep.id), reason: "not on chain" } })
          : await confirm(who.token, dep.id, "0");
      expect(res.status).toBe(200);
      expect((await confirm(b.token, dep.id, "3000")).body.code).toBe("DEPOSIT_ALREADY_REVIEWED");
      expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });
      expect((await db().select().from(tables.deposits).where(eq(tables.deposits.id, dep.id)).get())?.status).toBe("rejected");
    }
    await expectInvariant();
  });

  it("concurrent approvals by two operators move the money once", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const b = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("4000");
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => confirm((i % 2 ? b : a).token, dep.id, "4000")));
    const messages = results.filter((r) => r.status === 200).map((r) => r.body.message);
    // Exactly one approval is the first and exactly one the second; every other answer is a 409.
    expect(messages.sort()).toEqual(["Approved; a second operator must approve it too", "Success"]);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(["SECOND_APPROVAL_SAME_OPERATOR", "DEPOSIT_ALREADY_REVIEWED"]).toContain(r.body.code);
    }
    expect(await balance(u.id, USDT)).toEqual({ available: 4000 * U, locked: 0 });
    const row = (await db().select().from(tables.deposits).where(eq(tables.deposits.id, dep.id)).get())!;
    expect(row.status).toBe("confirmed");
    expect(new Set([row.firstApprovedBy, row.reviewedBy])).toEqual(new Set([a.id, b.id]));
    await expectInvariant();
  });

  it("concurrent approvals by one operator record one first approval and never credit", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("4000");
    const results = await Promise.all(Array.from({ length: 8 }, () => confirm(a.token, dep.id, "4000")));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.code).toBe("SECOND_APPROVAL_SAME_OPERATOR");
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });
    expect((await auditOf("deposit", dep.id)).map((x) => x.action)).toEqual(["deposit.approve_first"]);
  });

  it("an approval retried with its Idempotency-Key replays its own answer", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const b = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("1200");
    for (let i = 0; i < 3; i++) {
      const res = await confirm(a.token, dep.id, "1200", { "Idempotency-Key": "first-a" });
      expect(res.body.message).toBe("Approved; a second operator must approve it too");
    }
    const done = await Promise.all(Array.from({ length: 4 }, () => confirm(b.token, dep.id, "1200", { "Idempotency-Key": "second-b" })));
    for (const r of done) expect(r.body).toEqual({ type: "ok", message: "Success" });
    expect(await balance(u.id, USDT)).toEqual({ available: 1200 * U, locked: 0 });
  });
});

describe("withdrawals above the threshold", () => {
  it("below the threshold one approval pays out", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const { u, w } = await pendingWithdrawal("1000");
    expect((await approve(a.token, w.id)).body.message).toBe("Success");
    expect(await balance(u.id, USDT)).toEqual({ available: 9000 * U, locked: 0 });
    await expectInvariant();
  });

  it("A then A is refused; A then B pays out once; the audit log shows both operators", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const b = await createUser({ role: "operator" });
    const { u, w } = await pendingWithdrawal("1500");
    const external = async () =>
      (
        await db()
          .select()
          .from(tables.balances)
          .where(and(eq(tables.balances.userId, -1), eq(tables.balances.currencyId, USDT)))
          .get()
      )?.available ?? 0;
    const externalBefore = await external();

    expect((await approve(a.token, w.id)).body.message).toBe("Approved; a second operator must approve it too");
    expect(await balance(u.id, USDT)).toEqual({ available: 8500 * U, locked: 1500 * U });
    const queue = await api<{ data: { id: number; status: string; first_approved_by_name: string }[] }>("/admin/withdrawals", {
      token: b.token,
    });
    expect(queue.body.message.data.find((x) => x.id === w.id)).toMatchObject({ status: "reviewing", first_approved_by_name: a.email });
    const same = await approve(a.token, w.id);
    expect(same.status).toBe(409);
    expect(same.body.code).toBe("SECOND_APPROVAL_SAME_OPERATOR");
    expect(await balance(u.id, USDT)).toEqual({ available: 8500 * U, locked: 1500 * U });

    expect((await approve(b.token, w.id)).body.message).toBe("Success");
    expect(await balance(u.id, USDT)).toEqual({ available: 8500 * U, locked: 0 });
    // 1500 requested, 1 fee: 1499 leave to the external account.
    expect((await external()) - externalBefore).toBe(1499 * U);
    expect((await approve(b.token, w.id)).body.code).toBe("WITHDRAWAL_ALREADY_REVIEWED");
    expect((await auditOf("withdrawal", w.id)).map((x) => [x.action, x.actor, x.detail.first_approved_by])).toEqual([
      ["withdrawal.approve_first", a.id, undefined],
      ["withdrawal.approve", b.id, a.id],
    ]);
    await expectInvariant();
  });

  it("rejection after a first approval releases the hold; either operator may reject", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const { u, w } = await pendingWithdrawal("2500");
    expect((await approve(a.token, w.id)).status).toBe(200);
    const res = await api("/admin/withdrawals/reject", { token: a.token, form: { id: String(w.id), reason: "changed my mind" } });
    expect(res.status).toBe(200);
    expect(await balance(u.id, USDT)).toEqual({ available: 10_000 * U, locked: 0 });
    const b = await createUser({ role: "operator" });
    expect((await approve(b.token, w.id)).body.code).toBe("WITHDRAWAL_ALREADY_REVIEWED");
    await expectInvariant();
  });

  it("concurrent approvals by two operators pay out once", async () => {
    await setThreshold("1000");
    const a = await createUser({ role: "operator" });
    const b = await createUser({ role: "operator" });
    const pending = await Promise.all([pendingWithdrawal("3000"), pendingWithdrawal("3000")]);
    for (const { u, w } of pending) {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => approve((i % 2 ? a : b).token, w.id)));
      expect(
        results
          .filter((r) => r.status === 200)
          .map((r) => r.body.message)
          .sort(),
      ).toEqual(["Approved; a second operator must approve it too", "Success"]);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(["SECOND_APPROVAL_SAME_OPERATOR", "WITHDRAWAL_ALREADY_REVIEWED"]).toContain(r.body.code);
      }
      expect(await balance(u.id, USDT)).toEqual({ available: 7000 * U, locked: 0 });
      const journals = await db()
        .select()
        .from(tables.journals)
        .where(and(eq(tables.journals.userId, u.id), inArray(tables.journals.kind, ["withdraw_approve", "withdraw_first_approval"])))
        .all();
      expect(journals.map((j) => j.kind).sort()).toEqual(["withdraw_approve", "withdraw_first_approval"]);
    }
    await expectInvariant();
  });
});
