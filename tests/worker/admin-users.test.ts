import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminUserSummary, AuditItem } from "../../schema/api/admin-users.ts";
import { api, createUser } from "./helpers.ts";
import { auditRows, boundUser, currency, lv1PassedUser, operatorUser } from "./kyc-support.ts";

type Page<T> = { data: T[]; page: number; pages: number; total: number };

let btc = 0;
let usdt = 0;
beforeAll(async () => {
  btc = await currency("BTC", { precision: 8 });
  usdt = await currency("USDT", { precision: 6 });
});

/** Ledger rows and the balance cache as the ledger module writes them (one journal per movement). */
async function credit(userId: number, currencyId: number, units: number, n: number) {
  const journal = await env.DB.prepare(
    "INSERT INTO journals (kind, ref_key, user_id, memo, created_at) VALUES ('deposit', ?, ?, '{\"test\":true}', ?) RETURNING id",
  )
    .bind(`test:${userId}:${currencyId}:${n}`, userId, 1000 + n)
    .first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO ledger_entries (journal_id, user_id, currency_id, account_type, bucket, amount, created_at) VALUES (?, ?, ?, 2, " +
        "'available', ?, ?)",
    ).bind(journal!.id, userId, currencyId, units, 1000 + n),
    env.DB.prepare(
      "INSERT INTO ledger_entries (journal_id, user_id, currency_id, account_type, bucket, amount, created_at) VALUES (?, -1, ?, 2, " +
        "'available', ?, ?)",
    ).bind(journal!.id, currencyId, -units, 1000 + n),
    env.DB.prepare(
      "INSERT INTO balances (user_id, currency_id, account_type, available) VALUES (?, ?, 2, ?) ON CONFLICT DO UPDATE SET available " +
        "= available + excluded.available",
    ).bind(userId, currencyId, units),
  ]);
}

describe("operator user look-up", () => {
  it("finds users by uid, email prefix, mobile prefix or id, paginated, and never returns secrets", async () => {
    const operator = await operatorUser();
    const target = await createUser({ email: `Findme.${Date.now()}@Example.test`, areaCode: "44", mobile: "7700900123" });
    const uid = (await env.DB.prepare("SELECT uid FROM users WHERE id = ?").bind(target.id).first<string>("uid"))!;
    const search = (q: string, extra = "") =>
      api<Page<AdminUserSummary>>(`/admin/users?q=${encodeURIComponent(q)}${extra}`, { token: operator.token });

    for (const q of [uid, target.email.slice(0, 10).toLowerCase(), "7700900", String(target.id)]) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      expect(
        res.body.message.data.map((u) => u.id),
        q,
      ).toContain(target.id);
    }
    const hit = (await search(uid)).body.message.data.find((u) => u.id === target.id)!;
    expect(hit).toMatchObject({
      uid,
      email: target.email,
      area_code: "44",
      mobile: "7700900123",
      role: "user",
      status: "active",
      kyc_level: 0,
    });
    expect(JSON.stringify(hit)).not.toMatch(/hash|password/i);

    // LIKE wildcards are literal.
    expect((await search("%")).body.message.total).toBe(0);
    expect((await search("_")).body.message.total).toBe(0);

    // Empty q lists everyone, newest first, in pages.
    const first = await search("", "&limit=2");
    expect(first.body.message).toMatchObject({ page: 1 });
    expect(first.body.message.data).toHaveLength(2);
    expect(first.body.message.data[0]!.id).toBeGreaterThan(first.body.message.data[1]!.id);
    expect(first.body.message.pages).toBe(Math.ceil(first.body.message.total / 2));
    expect((await search("x".repeat(101))).status).toBe(400);
  });

  it("reports each user's own verification level in search results", async () => {
    const operator = await operatorUser();
    const { user: passed } = await lv1PassedUser();
    const none = await createUser();
    const level = async (userId: number) =>
      (await api<Page<AdminUserSummary>>(`/admin/users?q=${userId}`, { token: operator.token })).body.message.data.find(
        (u) => u.id === userId,
      )!.kyc_level;
    expect(await level(passed.id)).toBe(1);
    expect(await level(none.id)).toBe(0);
  });

  it("shows a user's detail: profile without secrets, verification, cards, addresses, balances and the last 50 ledger rows", async () => {
    const { user, operator } = await lv1PassedUser();
    const eth = await currency("ETH");
    await api("/user/cash_save", {
      token: user.token,
      form: {
        real_name: "Jane Doe",
        bank_account: "1234567890123456",
        bank_name: "Chase",
        bank_dizhi: "New York",
        bank_network: "Midtown",
        swift_code: "CHASUS33",
        phone: "12125550100",
        alipay_account: "021000021",
        wechat_account: "1 Main St",
        wechat_nickname: "DEUTDEFF",
      },
    });
    await api("/user/wallet/save", {
      token: user.token,
      form: { currency: String(eth), name: "hot", address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", login_password: user.password },
    });
    await credit(user.id, btc, 150_000_000, 0);
    for (let n = 1; n <= 55; n++) await credit(user.id, usdt, 1_000_000 * n, n);

    const res = await api<{
      user: Record<string, unknown>;
      verification: { level: number; submissions: { level: number; status: string; card_id: string }[] };
      bank_cards: { kind: string; bank_account: string }[];
      addresses: { address: string; currency_name: string }[];
      balances: { currency_name: string; account: string; account_type: number; available: string; locked: string }[];
      ledger: { id: number; currency_name: string; amount: string; kind: string; account: string }[];
    }>(`/admin/users/detail?id=${user.id}`, { token: operator.token });
    expect(res.status).toBe(200);
    const d = res.body.message;
    expect(d.user).toMatchObject({ id: user.id, email: user.email, has_pay_password: false, role: "user" });
    expect(JSON.stringify(d.user)).not.toMatch(/hash|password_/i);
    expect(d.verification.level).toBe(1);
    expect(d.verification.submissions[0]).toMatchObject({ level: 1, status: "hasaudit" });
    expect(d.verification.submissions[0]!.card_id).toMatch(/^ID\d{12}$/); // in full for the operator
    expect(d.bank_cards).toEqual([expect.objectContaining({ kind: "domestic", bank_account: "1234567890123456" })]);
    expect(d.addresses).toEqual([expect.objectContaining({ address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", currency_name: "ETH" })]);
    expect(d.balances).toEqual([
      { currency_id: btc, currency_name: "BTC", account_type: 2, account: "change", available: "1.5", locked: "0" },
      { currency_id: usdt, currency_name: "USDT", account_type: 2, account: "change", available: String((55 * 56) / 2), locked: "0" },
    ]);
    expect(d.ledger).toHaveLength(50);
    expect(d.ledger[0]).toMatchObject({ currency_name: "USDT", amount: "55", kind: "deposit", account: "change" });
    expect(d.ledger.every((e, i) => i === 0 || e.id < d.ledger[i - 1]!.id)).toBe(true);
    expect(d.ledger.some((e) => e.currency_name === "BTC")).toBe(false); // the oldest row is past the last 50

    // The read itself is audited.
    const views = (await auditRows("view_user")).filter((r) => r.subject_id === String(user.id));
    expect(views).toEqual([expect.objectContaining({ actor_id: operator.id, subject_type: "user" })]);
  });

  it("answers 404 for a user that does not exist, without an audit row", async () => {
    const operator = await operatorUser();
    const before = (await auditRows("view_user")).length;
    const res = await api("/admin/users/detail?id=987654", { token: operator.token });
    expect(res.status).toBe(404);
    expect((await auditRows("view_user")).length).toBe(before);
    expect((await api("/admin/users/detail?id=abc", { token: operator.token })).status).toBe(400);
    expect((await api("/admin/users/detail", { token: operator.token })).status).toBe(400);
  });

  it("a user cannot read another user's detail or the audit log", async () => {
    const [a, b] = await Promise.all([boundUser(), boundUser()]);
    expect((await api(`/admin/users/detail?id=${b.id}`, { token: a.token })).status).toBe(403);
    expect((await api("/admin/audit", { token: a.token })).status).toBe(403);
    expect((await api(`/admin/users?q=${b.email}`, { token: a.token })).status).toBe(403);
  });

  it("lists the audit log newest first with the acting operator", async () => {
    const [operator, target] = await Promise.all([operatorUser(), createUser()]);
    await api(`/admin/users/detail?id=${target.id}`, { token: operator.token });
    await api(`/admin/users/detail?id=${operator.id}`, { token: operator.token });
    const res = await api<Page<AuditItem>>("/admin/audit?page=1&limit=2", { token: operator.token });
    expect(res.status).toBe(200);
    expect(res.body.message.data).toHaveLength(2);
    expect(res.body.message.data[0]).toMatchObject({
      action: "view_user",
      subject_id: String(operator.id),
      actor_id: operator.id,
      detail: {},
    });
    expect(res.body.message.data[1]).toMatchObject({ action: "view_user", subject_id: String(target.id) });
    expect(res.body.message.data[0]!.id).toBeGreaterThan(res.body.message.data[1]!.id);
    expect(res.body.message.total).toBeGreaterThanOrEqual(2);
    expect(typeof res.body.message.data[0]!.actor_uid).toBe("string");
    // Readable: the operator's name and the concerned user's public UID, no user ids.
    const info = async (token: string) => (await api<{ uid: string; nickname: string }>("/user/info", { token })).body.message;
    const [me, them] = await Promise.all([info(operator.token), info(target.token)]);
    expect(res.body.message.data[0]).toMatchObject({ actor_name: me.nickname, user_uid: me.uid });
    expect(res.body.message.data[1]).toMatchObject({ actor_name: me.nickname, user_uid: them.uid });
    const page2 = await api<Page<AuditItem>>("/admin/audit?page=2&limit=2", { token: operator.token });
    expect(page2.body.message.page).toBe(2);
    expect(page2.body.message.data.map((r) => r.id)).not.toContain(res.body.message.data[0]!.id);
  });

  it("names a request's owner by public UID and a first approver by name, and leaves user ids out of the detail", async () => {
    const [first, second, owner] = await Promise.all([operatorUser(), operatorUser(), createUser()]);
    const detail = JSON.stringify({ amount: "20000", currency: "USDT", user_id: owner.id, first_approved_by: first.id });
    await env.DB.prepare(
      "INSERT INTO audit_log (actor_id, action, subject_type, subject_id, detail, created_at) " +
        "VALUES (?, 'withdrawal.approve', 'withdrawal', '77', ?, ?)",
    )
      .bind(second.id, detail, Date.now() + 60_000)
      .run();
    const info = async (token: string) => (await api<{ uid: string; nickname: string }>("/user/info", { token })).body.message;
    const [one, two, them] = await Promise.all([info(first.token), info(second.token), info(owner.token)]);
    const res = await api<Page<AuditItem>>("/admin/audit?page=1&limit=1", { token: second.token });
    expect(res.body.message.data[0]).toMatchObject({
      action: "withdrawal.approve",
      actor_name: two.nickname,
      user_uid: them.uid,
      detail: { amount: "20000", currency: "USDT", first_approved_by: one.nickname },
    });
    expect(res.body.message.data[0]!.detail).not.toHaveProperty("user_id");
  });
});
