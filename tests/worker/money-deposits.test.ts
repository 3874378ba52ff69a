import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { api, callApiWith, createUser } from "./helpers.ts";
import { USDT, balance, db, expectInvariant, seedMoney, txHashFor, voucherOf } from "./money-helpers.ts";

beforeAll(seedMoney);

/** A USDT deposit over TRC20 with a fresh transaction hash, unless the form says otherwise. */
const charge = (token: string, form: Record<string, string>) =>
  api("/wallet/charge_req", { token, form: { currency: "USDT", type: "0", ...txHashFor("TRC20"), ...form } });

const confirmAs = (token: string, id: number, amount: string) =>
  api("/admin/deposits/confirm", { token, form: { id: String(id), amount } });

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
    const hash = "AB".repeat(32);
    const res = await charge(u.token, {
      account: `https://app.example${url}`,
      amount: "125.50",
      chain: "trc20",
      tx_hash: hash,
      lang: "zh",
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("充值申请已提交，请等待审核");
    const dep = await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).get();
    expect(dep).toMatchObject({ amount: "125.5", status: "pending", chain: "TRC20", txHash: "ab".repeat(32), currencyId: USDT });
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });
    const log = await api<{ data: { status: number; status_text: string; amount: string; name: string }[]; total: number }>(
      "/recharge/log",
      { token: u.token },
    );
    expect(log.body.message.total).toBe(1);
    expect(log.body.message.data[0]).toMatchObject({
      amount: "125.5",
      credited: null,
      name: "USDT",
      chain: "TRC20",
      tx_hash: "ab".repeat(32),
      status: 1,
      status_text: "Pending review",
    });
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
    const res = await confirmAs(op.token, dep.id, "125.5");
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Success");
    expect(await balance(u.id, USDT, 2)).toEqual({ available: 125_500_000, locked: 0 });
    const again = await confirmAs(op.token, dep.id, "125.5");
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
    const results = await Promise.all(Array.from({ length: 20 }, () => confirmAs(op.token, dep.id, "10")));
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
    const late = await confirmAs(op.token, a.dep.id, "50");
    expect(late.status).toBe(409);
    expect(await balance(a.u.id, USDT)).toEqual({ available: 0, locked: 0 });
    const log = await api<{ data: { status: number; reason: string }[] }>("/recharge/log", { token: a.u.token });
    expect(log.body.message.data[0]).toMatchObject({ status: 3, reason: "unreadable voucher" });

    const b = await pendingDeposit("50");
    const race = await Promise.all([
      confirmAs(op.token, b.dep.id, "50"),
      api("/admin/deposits/reject", { token: op.token, form: { id: String(b.dep.id), reason: "race" } }),
      confirmAs(op.token, b.dep.id, "50"),
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
    expect((await confirmAs(u.token, dep.id, "40")).status).toBe(403);
    expect((await api("/admin/deposits/reject", { token: u.token, form: { id: String(dep.id), reason: "mine" } })).status).toBe(403);
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });
    const other = await createUser({ role: "operator" });
    expect((await confirmAs(other.token, dep.id, "40")).status).toBe(200);
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
    expect((await confirmAs(u.token, dep.id, "7")).status).toBe(403);
    expect((await api("/admin/deposits/reject", { token: u.token, form: { id: String(dep.id), reason: "x" } })).status).toBe(403);
    expect((await api("/admin/deposits/confirm", { token: op.token, form: { id: "424242", amount: "1" } })).status).toBe(404);
    expect((await api("/admin/deposits/reject", { token: op.token, form: { id: "424242", reason: "x" } })).status).toBe(404);
    expect((await api("/admin/deposits/confirm", { token: op.token, form: { id: "-1", amount: "1" } })).status).toBe(400);
    const noAmount = await api("/admin/deposits/confirm", { token: op.token, form: { id: String(dep.id) } });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.code).toBe("PARAMETER_ERROR");
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

describe("transaction hashes", () => {
  const HEX = "0123456789abcdef".repeat(4);

  it.each([
    ["ERC20", `0x${HEX}`, `0x${HEX}`],
    ["ERC20", `0X${HEX.toUpperCase()}`.replace("0X", "0x"), `0x${HEX}`],
    ["TRC20", HEX.toUpperCase(), HEX],
  ])("accepts a %s hash %j and stores it as %j", async (chain, hash, stored) => {
    const u = await createUser();
    const res = await charge(u.token, { account: await voucherOf(u.id), amount: "1", chain, tx_hash: ` ${hash} ` });
    expect(res.status).toBe(200);
    expect((await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).get())?.txHash).toBe(stored);
    // The hash now belongs to that deposit: release it for the next case.
    await env.DB.prepare("UPDATE deposits SET status = 'rejected' WHERE user_id = ?").bind(u.id).run();
  });

  it.each([
    ["ERC20", HEX, "This is not a ERC20 transaction hash"],
    ["ERC20", `0x${HEX.slice(2)}`, "This is not a ERC20 transaction hash"],
    ["TRC20", `0x${HEX}`, "This is not a TRC20 transaction hash"],
    ["TRC20", `${HEX.slice(1)}g`, "This is not a TRC20 transaction hash"],
  ])("refuses on %s the hash %j: %s", async (chain, hash, message) => {
    const u = await createUser();
    const res = await charge(u.token, { account: await voucherOf(u.id), amount: "1", chain, tx_hash: hash });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "TX_HASH_WRONG_FORMAT", message });
    expect(await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).all()).toEqual([]);
  });

  it("checks Bitcoin hashes as 64 hex characters without a prefix", async () => {
    const u = await createUser();
    const bad = await charge(u.token, {
      account: await voucherOf(u.id),
      amount: "0.1",
      currency: "BTC",
      chain: "BTC",
      tx_hash: `0x${HEX}`,
    });
    expect(bad.body.code).toBe("TX_HASH_WRONG_FORMAT");
    // BTC has one network, so the chain may be left out.
    const good = await api("/wallet/charge_req", {
      token: u.token,
      form: { account: await voucherOf(u.id), amount: "0.1", currency: "BTC", tx_hash: txHashFor("BTC").tx_hash },
    });
    expect(good.status).toBe(200);
    expect((await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).get())?.chain).toBe("BTC");
  });

  it("needs the hash, and a network the coin is deposited on", async () => {
    const u = await createUser();
    const url = await voucherOf(u.id);
    const missing = await api("/wallet/charge_req", {
      token: u.token,
      form: { account: url, amount: "1", currency: "USDT", chain: "TRC20" },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "TX_HASH_REQUIRED", message: "Enter the transaction hash (TxID) of your transfer" });
    expect((await charge(u.token, { account: url, amount: "1", tx_hash: "  " })).body.code).toBe("TX_HASH_REQUIRED");
    expect((await charge(u.token, { account: url, amount: "1", tx_hash: "a".repeat(200) })).body.code).toBe("TX_HASH_INVALID");
    // USDT goes over ERC20 or TRC20: naming neither, or another network, is refused with the choices.
    const none = await charge(u.token, { account: url, amount: "1", chain: "", lang: "fra" });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      code: "DEPOSIT_NETWORK_UNKNOWN",
      message: "Choisissez le réseau utilisé pour envoyer USDT : ERC20, TRC20",
    });
    expect((await charge(u.token, { account: url, amount: "1", chain: "BEP20" })).body.code).toBe("DEPOSIT_NETWORK_UNKNOWN");
    expect(await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).all()).toEqual([]);
  });

  it("a hash already claimed, by anyone, is refused with a translated 409 until its deposit is rejected", async () => {
    const op = await createUser({ role: "operator" });
    const a = await createUser();
    const b = await createUser();
    const hash = txHashFor("ERC20").tx_hash;
    expect((await charge(a.token, { account: await voucherOf(a.id), amount: "5", chain: "ERC20", tx_hash: hash })).status).toBe(200);
    const mine = await charge(a.token, { account: await voucherOf(a.id), amount: "5", chain: "ERC20", tx_hash: hash });
    expect(mine.status).toBe(409);
    expect(mine.body.code).toBe("TX_HASH_ALREADY_USED");
    // Another user, another spelling of the same hash.
    const theirs = await charge(b.token, {
      account: await voucherOf(b.id),
      amount: "5",
      chain: "ERC20",
      tx_hash: hash.toUpperCase().replace("0X", "0x"),
      lang: "kor",
    });
    expect(theirs.status).toBe(409);
    expect(theirs.body).toMatchObject({ code: "TX_HASH_ALREADY_USED", message: "이미 입금 신청에 사용된 거래입니다" });
    // Credited: still taken.
    const dep = (await db().select().from(tables.deposits).where(eq(tables.deposits.userId, a.id)).get())!;
    expect((await confirmAs(op.token, dep.id, "5")).status).toBe(200);
    expect((await charge(b.token, { account: await voucherOf(b.id), amount: "5", chain: "ERC20", tx_hash: hash })).status).toBe(409);

    // Rejected: the transaction may be reported again (by its real sender).
    const other = txHashFor("TRC20").tx_hash;
    expect((await charge(a.token, { account: await voucherOf(a.id), amount: "5", tx_hash: other })).status).toBe(200);
    const pending = (await db().select().from(tables.deposits).where(eq(tables.deposits.txHash, other)).get())!;
    expect(
      (await api("/admin/deposits/reject", { token: op.token, form: { id: String(pending.id), reason: "wrong sender" } })).status,
    ).toBe(200);
    expect((await charge(b.token, { account: await voucherOf(b.id), amount: "5", tx_hash: other })).status).toBe(200);
  });

  it("of concurrent claims of one hash exactly one is recorded", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const hash = txHashFor("TRC20").tx_hash;
    const results = await Promise.all(
      users.map(async (u) => charge(u.token, { account: await voucherOf(u.id), amount: "2", tx_hash: hash })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.code).toBe("TX_HASH_ALREADY_USED");
    expect(await db().select().from(tables.deposits).where(eq(tables.deposits.txHash, hash)).all()).toHaveLength(1);
  });
});

describe("verified amounts", () => {
  it("credits what the operator verified when it is less than declared; the records show both", async () => {
    const op = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("100");
    const res = await confirmAs(op.token, dep.id, "99.25");
    expect(res.status).toBe(200);
    expect(await balance(u.id, USDT)).toEqual({ available: 99_250_000, locked: 0 });
    const log = await api<{ data: { amount: string; credited: string | null; status: number }[] }>("/recharge/log", { token: u.token });
    expect(log.body.message.data[0]).toMatchObject({ amount: "100", credited: "99.25", status: 2 });
    const admin = await api<{ data: { id: number; amount: string; verified_amount: string | null; reviewed_by: number | null }[] }>(
      "/admin/deposits?status=confirmed",
      { token: op.token },
    );
    expect(admin.body.message.data.find((d) => d.id === dep.id)).toMatchObject({
      amount: "100",
      verified_amount: "99.25",
      reviewed_by: op.id,
    });
    const audit = (
      await db()
        .select()
        .from(tables.auditLog)
        .where(eq(tables.auditLog.subjectId, String(dep.id)))
        .all()
    ).filter((a) => a.subjectType === "deposit");
    expect(audit.map((a) => [a.action, a.actorId, JSON.parse(a.detail)])).toEqual([
      ["deposit.confirm", op.id, { amount: "99.25", declared: "100", currency: "USDT", user_id: u.id }],
    ]);
    await expectInvariant();
  });

  it("never more than declared, nor more decimals than the coin has: 400 and nothing moves", async () => {
    const op = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("100");
    const more = await confirmAs(op.token, dep.id, "100.000001");
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({
      code: "DEPOSIT_VERIFIED_ABOVE_DECLARED",
      message: "The verified amount cannot exceed the declared 100 USDT",
    });
    expect((await confirmAs(op.token, dep.id, "1.0000001")).body.code).toBe("AMOUNT_TOO_PRECISE");
    expect((await confirmAs(op.token, dep.id, "-1")).body.code).toBe("INVALID_AMOUNT");
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });
    expect((await db().select().from(tables.deposits).where(eq(tables.deposits.id, dep.id)).get())?.status).toBe("pending");
  });

  it("zero verified rejects the deposit: nothing is credited and the user sees 0 credited", async () => {
    const op = await createUser({ role: "operator" });
    const { u, dep } = await pendingDeposit("100");
    const res = await api("/admin/deposits/confirm", { token: op.token, form: { id: String(dep.id), amount: "0.00", lang: "spa" } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("No se verificó nada en la cadena: el depósito queda rechazado");
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 0 });
    const log = await api<{ data: { amount: string; credited: string | null; status: number }[] }>("/recharge/log", { token: u.token });
    expect(log.body.message.data[0]).toMatchObject({ amount: "100", credited: "0", status: 3 });
    expect((await confirmAs(op.token, dep.id, "100")).body.code).toBe("DEPOSIT_ALREADY_REVIEWED");
    await expectInvariant();
  });
});

describe("demo deposit addresses", () => {
  /** The API as deployed with ENVIRONMENT overridden. */
  async function callAs(environment: string, path: string, token: string, form: Record<string, string>) {
    const res = await callApiWith(
      path,
      { ENVIRONMENT: environment },
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: token },
        body: new URLSearchParams(form).toString(),
      },
    );
    return (await res.json()) as { type: string; code?: string; message: { addresses: { chain: string; address: string; demo: 0 | 1 }[] } };
  }

  it("the seeded addresses are flagged demo", async () => {
    const rows = await db().select().from(tables.depositAddresses).all();
    const seeded = rows.filter((r) => r.address.includes("Demo") || r.address.includes("demo") || r.address.startsWith("0xDe00"));
    expect(seeded.length).toBe(6);
    for (const r of seeded) expect(r.demo).toBe(true);
  });

  it("development and test show them flagged; production never returns them", async () => {
    const u = await createUser();
    const op = await createUser({ role: "operator" });
    const added = await api("/admin/deposit-addresses", {
      token: op.token,
      form: { currency: "USDT", chain: "TRC20", address: "TRealAddressOfTheExchange000000001" },
    });
    expect(added.status).toBe(200);
    for (const environment of ["development", "test"]) {
      const res = await callAs(environment, "/wallet/get_in_address", u.token, { currency: "USDT" });
      expect(res.message.addresses).toEqual([
        { chain: "ERC20", address: "0xDe0000000000000000000000000000000000dE03", demo: 1 },
        { chain: "TRC20", address: "TDemoOnlyNotForRealFunds0000000003", demo: 1 },
        { chain: "TRC20", address: "TRealAddressOfTheExchange000000001", demo: 0 },
      ]);
    }
    const prod = await callAs("production", "/wallet/get_in_address", u.token, { currency: "USDT" });
    expect(prod.message).toMatchObject({
      trc20: "TRealAddressOfTheExchange000000001",
      addresses: [{ chain: "TRC20", address: "TRealAddressOfTheExchange000000001", demo: 0 }],
    });
    expect(prod.message).not.toHaveProperty("erc20");
    // Nothing but demo addresses: production shows none.
    const btc = await callAs("production", "/wallet/get_in_address", u.token, { currency: "BTC" });
    expect(btc.message.addresses).toEqual([]);
    // …and refuses deposits over a network that only has a demo address there.
    const refused = await callAs("production", "/wallet/charge_req", u.token, {
      currency: "USDT",
      amount: "1",
      account: await voucherOf(u.id),
      ...txHashFor("ERC20"),
    });
    expect(refused).toMatchObject({ type: "error", code: "DEPOSIT_NETWORK_UNKNOWN" });
    await env.DB.prepare("DELETE FROM deposit_addresses WHERE address = 'TRealAddressOfTheExchange000000001'").run();
  });
});
