import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { api, createUser } from "./helpers.ts";
import { USDT, balance, db, expectInvariant, seedMoney, voucherOf } from "./money-helpers.ts";

beforeAll(seedMoney);

const charge = (token: string, form: Record<string, string>) =>
  api("/wallet/charge_req", { token, form: { currency: "USDT", type: "0", ...form } });

async function pendingDeposit(amount = "125.5") {
  const u = await createUser();
  const res = await charge(u.token, { account: await voucherOf(u.id), amount });
  expect(res.status).toBe(200);
  const dep = (await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).get())!;
  return { u, dep };
}

describe("POST /wallet/charge_req", () => {
  it("records a pending deposit against the caller's private voucher; nothing is credited yet", async () => {
    const u = await createUser();
    const url = await voucherOf(u.id);
    const res = await charge(u.token, { account: `https://app.example${url}`, amount: "125.50", chain: "trc20", lang: "zh" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("充值申请已提交，请等待审核");
    const dep = await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).get();
    expect(dep).toMatchObject({ amount: "125.5", status: "pending", chain: "TRC20", currencyId: USDT });
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });
    const log = await api<{ data: { status: number; status_text: string; amount: string; name: string }[]; total: number }>(
      "/recharge/log",
      { token: u.token },
    );
    expect(log.body.message.total).toBe(1);
    expect(log.body.message.data[0]).toMatchObject({ amount: "125.5", name: "USDT", status: 1, status_text: "Pending review" });
  });

  it.each([
    ["NaN", "INVALID_AMOUNT"],
    ["1e309", "INVALID_AMOUNT"],
    ["-1", "INVALID_AMOUNT"],
    ["1.0000001", "AMOUNT_TOO_PRECISE"],
    ["0.000", "AMOUNT_NOT_POSITIVE"],
  ])("refuses the amount %j with %s", async (amount, code) => {
    const u = await createUser();
    const res = await charge(u.token, { account: await voucherOf(u.id), amount });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });

  it("refuses unknown currencies, bad types and extra fields", async () => {
    const u = await createUser();
    const url = await voucherOf(u.id);
    expect((await charge(u.token, { account: url, amount: "1", currency: "NOPE" })).body.code).toBe("UNKNOWN_CURRENCY");
    expect((await charge(u.token, { account: url, amount: "1", type: "1" })).status).toBe(400);
    expect((await charge(u.token, { account: url, amount: "1", status: "confirmed" })).body.code).toBe("UNKNOWN_FIELD");
  });

  it("needs a private upload of the caller: other users' files are 404, public or foreign URLs are refused", async () => {
    const u = await createUser();
    const other = await createUser();
    const foreign = await charge(u.token, { account: await voucherOf(other.id), amount: "10" });
    expect(foreign.status).toBe(404);
    const missing = await charge(u.token, { account: "/api/files/u/1/does-not-exist.png", amount: "10" });
    expect(missing.status).toBe(404);
    const pub = await charge(u.token, { account: await voucherOf(u.id, false), amount: "10" });
    expect(pub.status).toBe(400);
    expect(pub.body.code).toBe("VOUCHER_INVALID");
    for (const account of ["https://evil.example/x.png", "not a url", "/api/files/../secret"]) {
      expect((await charge(u.token, { account, amount: "10" })).body.code).toBe("VOUCHER_INVALID");
    }
    expect(await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).all()).toEqual([]);
  });

  it("one voucher backs one deposit", async () => {
    const u = await createUser();
    const url = await voucherOf(u.id);
    expect((await charge(u.token, { account: url, amount: "10" })).status).toBe(200);
    const again = await charge(u.token, { account: url, amount: "20" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("VOUCHER_ALREADY_USED");
  });

  it("refuses currencies with deposits switched off", async () => {
    const u = await createUser();
    await env.DB.prepare("UPDATE currencies SET can_deposit = 0 WHERE id = 7").run();
    const res = await charge(u.token, { account: await voucherOf(u.id), amount: "100", currency: "DOGE" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("DEPOSIT_DISABLED");
    await env.DB.prepare("UPDATE currencies SET can_deposit = 1 WHERE id = 7").run();
  });

  it("throttles deposit requests per user", async () => {
    const u = await createUser();
    for (let i = 0; i < 20; i++) expect((await charge(u.token, { account: await voucherOf(u.id), amount: "1" })).status).toBe(200);
    const res = await charge(u.token, { account: await voucherOf(u.id), amount: "1" });
    expect(res.status).toBe(429);
  });

  it("needs a session", async () => {
    const res = await api("/wallet/charge_req", { form: { account: "/api/files/x", amount: "1", currency: "USDT" } });
    expect(res.status).toBe(401);
  });
});

describe("operator review of deposits", () => {
  it("confirm credits the change account once, from the external account, with an audit row", async () => {
    const op = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("125.5");
    const res = await api("/admin/deposits/confirm", { token: op.token, form: { id: String(dep.id) } });
    expect(res.status).toBe(200);
    expect(await balance(u.id, USDT, 2)).toEqual({ available: 125_500_000, locked: 0 });
    const again = await api("/admin/deposits/confirm", { token: op.token, form: { id: String(dep.id) } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("DEPOSIT_ALREADY_REVIEWED");
    expect(await balance(u.id, USDT, 2)).toEqual({ available: 125_500_000, locked: 0 });
    const audit = await db()
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.subjectId, String(dep.id)))
      .all();
    expect(audit.filter((a) => a.action === "deposit.confirm")).toHaveLength(1);
    const log = await api<{ list: { value: string; info: string }[] }>("/wallet/legal_log", {
      token: u.token,
      form: { currency: "USDT", lang: "fra" },
    });
    expect(log.body.message.list[0]).toMatchObject({ value: "125.5", info: "Dépôt" });
    await expectInvariant();
  });

  it("twenty concurrent confirms of one deposit credit it once", async () => {
    const op = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("10");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api("/admin/deposits/confirm", { token: op.token, form: { id: String(dep.id) } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.code).toBe("DEPOSIT_ALREADY_REVIEWED");
    }
    expect(await balance(u.id, USDT)).toEqual({ available: 10_000_000, locked: 0 });
    await expectInvariant();
  });

  it("a rejected deposit can never be credited, even by a racing confirm", async () => {
    const op = await createUser({ role: "operator" });
    const a = await pendingDeposit("50");
    expect(
      (await api("/admin/deposits/reject", { token: op.token, form: { id: String(a.dep.id), reason: "unreadable voucher" } })).status,
    ).toBe(200);
    const late = await api("/admin/deposits/confirm", { token: op.token, form: { id: String(a.dep.id) } });
    expect(late.status).toBe(409);
    expect(await balance(a.u.id, USDT)).toEqual({ available: 0, locked: 0 });
    const log = await api<{ data: { status: number; reason: string }[] }>("/recharge/log", { token: a.u.token });
    expect(log.body.message.data[0]).toMatchObject({ status: 3, reason: "unreadable voucher" });

    const b = await pendingDeposit("50");
    const race = await Promise.all([
      api("/admin/deposits/confirm", { token: op.token, form: { id: String(b.dep.id) } }),
      api("/admin/deposits/reject", { token: op.token, form: { id: String(b.dep.id), reason: "race" } }),
      api("/admin/deposits/confirm", { token: op.token, form: { id: String(b.dep.id) } }),
      api("/admin/deposits/reject", { token: op.token, form: { id: String(b.dep.id), reason: "race" } }),
    ]);
    expect(race.filter((r) => r.status === 200)).toHaveLength(1);
    const row = (await db().select().from(tables.deposits).where(eq(tables.deposits.id, b.dep.id)).get())!;
    const credited = (await balance(b.u.id, USDT)).available;
    expect(credited).toBe(row.status === "confirmed" ? 50_000_000 : 0);
    await expectInvariant();
  });

  it("an operator cannot review their own deposit; another operator can", async () => {
    const { u, dep } = await pendingDeposit("40");
    await db().update(tables.users).set({ role: "operator" }).where(eq(tables.users.id, u.id));
    expect((await api("/admin/deposits/confirm", { token: u.token, form: { id: String(dep.id) } })).status).toBe(403);
    expect((await api("/admin/deposits/reject", { token: u.token, form: { id: String(dep.id), reason: "mine" } })).status).toBe(403);
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });
    const other = await createUser({ role: "operator" });
    expect((await api("/admin/deposits/confirm", { token: other.token, form: { id: String(dep.id) } })).status).toBe(200);
    expect(await balance(u.id, USDT)).toEqual({ available: 40_000_000, locked: 0 });
    await expectInvariant();
  });

  it("lists pending deposits with a link to the voucher", async () => {
    const op = await createUser({ role: "operator" });
    const { dep } = await pendingDeposit("7");
    const res = await api<{ data: { id: number; voucher_url: string; amount: string; status: string }[] }>(
      "/admin/deposits?status=pending",
      { token: op.token },
    );
    expect(res.status).toBe(200);
    const row = res.body.message.data.find((d) => d.id === dep.id);
    expect(row).toMatchObject({ amount: "7", status: "pending", voucher_url: `/api/files/${dep.voucherKey}` });
    expect((await api("/admin/deposits?status=bogus", { token: op.token })).status).toBe(400);
  });

  it("is for operators only; unknown ids are 404; bad ids and missing reasons are 400", async () => {
    const op = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("7");
    expect((await api("/admin/deposits", { token: u.token })).status).toBe(403);
    expect((await api("/admin/deposits/confirm", { token: u.token, form: { id: String(dep.id) } })).status).toBe(403);
    expect((await api("/admin/deposits/reject", { token: u.token, form: { id: String(dep.id), reason: "x" } })).status).toBe(403);
    expect((await api("/admin/deposits/confirm", { token: op.token, form: { id: "424242" } })).status).toBe(404);
    expect((await api("/admin/deposits/reject", { token: op.token, form: { id: "424242", reason: "x" } })).status).toBe(404);
    expect((await api("/admin/deposits/confirm", { token: op.token, form: { id: "-1" } })).status).toBe(400);
    const noReason = await api("/admin/deposits/reject", { token: op.token, form: { id: String(dep.id), reason: " " } });
    expect(noReason.body.code).toBe("MONEY_REASON_REQUIRED");
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });
  });

  it("a user never sees another user's deposits", async () => {
    const { u } = await pendingDeposit("3");
    const other = await createUser();
    expect((await api<{ total: number }>("/recharge/log", { token: u.token })).body.message.total).toBe(1);
    expect((await api<{ total: number }>("/recharge/log", { token: other.token })).body.message.total).toBe(0);
  });
});
