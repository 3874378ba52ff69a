import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { hold, release } from "../../worker/domain/ledger/index.ts";
import { api, createUser } from "./helpers.ts";
import { BTC, ETH, USDT, balance, db, expectInvariant, fund, seedMoney } from "./money-helpers.ts";

beforeAll(seedMoney);

const U = 1_000_000;
type Row = Record<string, string | number | null>;
type Account = { balance: Row[]; usdt_totle: string };

describe("currencies", () => {
  it("GET /currency/list lists enabled currencies with their fees, and the legal ones", async () => {
    const res = await api<{ currency: Row[]; legal: { id: number; name: string }[] }>("/currency/list");
    expect(res.status).toBe(200);
    const names = res.body.message.currency.map((c) => c.name);
    expect(names.slice(0, 4)).toEqual(["BTC", "ETH", "USDT", "USDC"]);
    expect(res.body.message.currency[0]).toMatchObject({
      id: 1,
      precision: 8,
      withdraw_fee: "0.0005",
      min_withdraw: "0.001",
      usdt_price: "95000",
    });
    expect(res.body.message.legal).toEqual([
      { id: 3, name: "USDT" },
      { id: 4, name: "USDC" },
    ]);
  });

  it("GET /currency/user_currency_list lists coins usable in at least two accounts", async () => {
    const res = await api<{ name: string; wallet: string[] }[]>("/currency/user_currency_list");
    const usdt = res.body.message.find((c) => c.name === "USDT");
    expect(usdt?.wallet).toEqual(["legal", "change", "lever", "micro"]);
    expect(res.body.message.find((c) => c.name === "DOGE")).toBeUndefined();
  });

  it("GET /wallet/getRateCurrency answers the USDT price and the CNY value", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO fiat_rates (currency_code, rate, updated_at) VALUES ('CNY', '7.1', 0)").run();
    const res = await api<{ usdt: string; rmb: string | null }>("/wallet/getRateCurrency?id=1");
    expect(res.body.message).toMatchObject({ usdt: "95000", rmb: "674500" });
    expect((await api("/wallet/getRateCurrency?id=NaN")).status).toBe(400);
    expect((await api("/wallet/getRateCurrency?id=999")).body.code).toBe("UNKNOWN_CURRENCY");
  });
});

describe("balances", () => {
  it("POST /wallet/list shows the four accounts valued in USDT, locked funds included", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 1_000 * U);
    await fund(u.id, BTC, 10_000_000); // 0.1 BTC
    await hold(db(), { userId: u.id, currencyId: USDT, accountType: 2, amount: 100 * U, reason: "order" });
    const res = await api<Record<string, Account | string>>("/wallet/list", { token: u.token, form: {} });
    expect(res.status).toBe(200);
    const change = res.body.message.change_wallet as Account;
    expect(change.balance.find((b) => b.currency_name === "USDT")).toMatchObject({
      change_balance: "900",
      lock_change_balance: "100",
      usdt_price: "1",
      is_charge: 1,
      display_decimals: 4,
    });
    expect(change.balance.find((b) => b.currency_name === "BTC")).toMatchObject({
      change_balance: "0.1",
      lock_change_balance: "0",
      display_decimals: 8,
    });
    expect(change.usdt_totle).toBe("10500");
    const legal = res.body.message.legal_wallet as Account;
    expect(legal.balance.map((b) => b.currency_name)).toEqual(["USDT", "USDC"]);
    expect(legal.usdt_totle).toBe("0");
    expect(res.body.message.total_usdt).toBe("10500");
  });

  it("never hides funds held in an account a currency is no longer enabled for", async () => {
    const u = await createUser();
    await fund(u.id, 7, 5 * U, 1); // DOGE in the legal account, where DOGE is not enabled
    const res = await api<Record<string, Account>>("/wallet/list", { token: u.token, form: {} });
    expect(res.body.message.legal_wallet!.balance.find((b) => b.currency_name === "DOGE")).toMatchObject({ legal_balance: "5" });
  });

  it("POST /wallet/detail and /wallet/get_info answer balances and the configured fee", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 12_345_678);
    const detail = await api<Row>("/wallet/detail", { token: u.token, form: { currency: "3", type: "change" } });
    expect(detail.body.message).toMatchObject({
      change_balance: "12.345678",
      lock_change_balance: "0",
      currency_name: "USDT",
      display_decimals: 4,
    });
    const info = await api<Row>("/wallet/get_info", { token: u.token, form: { currency: "USDT" } });
    expect(info.body.message).toMatchObject({
      rate: "1",
      min_number: "10",
      name: "USDT",
      change_balance: "12.345678",
      legal_balance: "0",
      precision: 6,
    });
    expect((await api<Row>("/wallet/get_info", { token: u.token, form: { currency: "1" } })).body.message).toMatchObject({
      name: "BTC",
      precision: 8,
    });
    expect((await api("/wallet/detail", { token: u.token, form: { currency: "3", type: "savings" } })).status).toBe(400);
    expect((await api("/wallet/detail", { token: u.token, form: { currency: "ZZZ", type: "change" } })).body.code).toBe("UNKNOWN_CURRENCY");
    expect((await api("/wallet/list", { form: {} })).status).toBe(401);
  });
});

describe("POST /wallet/change", () => {
  const change = (token: string, form: Record<string, string>) =>
    api("/wallet/change", { token, form: { currency_id: "3", number: "10", from_field: "change", to_field: "legal", ...form } });

  it("moves funds between the caller's accounts and shows it in the history", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 100 * U);
    const res = await change(u.token, { number: "40.5" });
    expect(res.status).toBe(200);
    expect(await balance(u.id, USDT, 2)).toEqual({ available: 59_500_000, locked: 0 });
    expect(await balance(u.id, USDT, 1)).toEqual({ available: 40_500_000, locked: 0 });
    const back = await change(u.token, { number: "0.5", from_field: "1", to_field: "2" });
    expect(back.status).toBe(200);
    const hist = await api<{ data: Row[]; total: number; per_page: number }>("/wallet/hzhistory?lang=zh", { token: u.token });
    expect(hist.body.message.total).toBe(2);
    expect(hist.body.message.data[0]).toMatchObject({
      value: "0.5",
      from: "legal",
      to: "change",
      info: "划转：法币 → 币币",
      currency_name: "USDT",
    });
    const log = await api<{ list: Row[]; count: number }>("/wallet/legal_log", {
      token: u.token,
      form: { currency: "USDT", type: "legal" },
    });
    expect(log.body.message.count).toBe(2);
    expect(log.body.message.list.map((r) => r.value)).toEqual(["-0.5", "40.5"]);
    await expectInvariant();
  });

  it("refuses overdrafts, the same account, accounts the currency does not live in, and bad amounts", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 10 * U);
    const over = await change(u.token, { number: "10.000001" });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("INSUFFICIENT_BALANCE");
    const same = await change(u.token, { to_field: "change" });
    expect(same.body.code).toBe("SAME_ACCOUNT");
    const doge = await change(u.token, { currency_id: "DOGE", to_field: "micro" });
    expect(doge.status).toBe(400);
    expect(doge.body.code).toBe("ACCOUNT_NOT_ENABLED");
    for (const [number, code] of [
      ["NaN", "INVALID_AMOUNT"],
      ["1e309", "INVALID_AMOUNT"],
      ["-1", "INVALID_AMOUNT"],
      ["0.0000001", "AMOUNT_TOO_PRECISE"],
    ]) {
      expect((await change(u.token, { number: number! })).body.code).toBe(code);
    }
    expect((await change(u.token, { to_field: "vault" })).status).toBe(400);
    expect((await change(u.token, { currency_id: "42" })).body.code).toBe("UNKNOWN_CURRENCY");
    expect(await balance(u.id, USDT, 2)).toEqual({ available: 10 * U, locked: 0 });
    await expectInvariant();
  });

  it("records of one user are invisible to another", async () => {
    const a = await createUser();
    const b = await createUser();
    await fund(a.id, USDT, 10 * U);
    await change(a.token, { number: "1" });
    expect((await api<{ total: number }>("/wallet/hzhistory", { token: b.token })).body.message.total).toBe(0);
    expect((await api<{ count: number }>("/wallet/legal_log", { token: b.token, form: { currency: "USDT" } })).body.message.count).toBe(0);
  });
});

describe("POST /wallet/legal_log across currencies", () => {
  /** Five deposits of three coins, interleaved (one into the lever account); answers how many entries the user got. */
  async function history(userId: number): Promise<number> {
    await fund(userId, USDT, 10 * U);
    await fund(userId, BTC, 1_000_000);
    await fund(userId, ETH, 2_000_000);
    await fund(userId, USDT, 5 * U);
    await fund(userId, BTC, 3_000_000, 3);
    return 5;
  }
  type Entry = {
    id: number;
    value: string;
    held: string;
    bucket: string;
    kind: string;
    currency_id: number;
    currency_name: string;
    account: string;
  };
  type Page = { list: Entry[]; count: number; page: number; pages: number; total: number };

  it("without a currency pages every coin's entries as one list, each entry once, newest first", async () => {
    const u = await createUser();
    const n = await history(u.id);
    const trans = await api("/wallet/change", {
      token: u.token,
      form: { currency_id: "3", number: "4", from_field: "change", to_field: "legal" },
    });
    expect(trans.status).toBe(200);
    const all = await api<Page>("/wallet/legal_log", { token: u.token, form: { limit: "100" } });
    expect(all.body.message.total).toBe(n + 2);
    const ids = all.body.message.list.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.message.list.map((e) => `${e.currency_name}:${e.value}`)).toEqual([
      "USDT:4",
      "USDT:-4",
      "BTC:0.03",
      "USDT:5",
      "ETH:0.02",
      "BTC:0.01",
      "USDT:10",
    ]);
    expect(all.body.message.list[0]).toMatchObject({ currency_id: USDT, kind: "transfer", account: "legal" });
    for (const limit of [1, 2, 3, 5]) {
      const seen: number[] = [];
      let pages = 1;
      for (let page = 1; page <= pages; page++) {
        const res = await api<Page>("/wallet/legal_log", { token: u.token, form: { page: String(page), limit: String(limit) } });
        pages = res.body.message.pages;
        seen.push(...res.body.message.list.map((e) => e.id));
      }
      expect(seen, `limit ${limit}`).toEqual(ids);
    }
  });

  it("filters by journal kind, with or without a currency and an account type", async () => {
    const u = await createUser();
    await history(u.id);
    await api("/wallet/change", { token: u.token, form: { currency_id: "3", number: "4", from_field: "change", to_field: "legal" } });
    const log = (form: Record<string, string>) => api<Page>("/wallet/legal_log", { token: u.token, form });
    const transfers = await log({ kind: "transfer" });
    expect(transfers.body.message.list.map((e) => e.value)).toEqual(["4", "-4"]);
    expect(transfers.body.message.count).toBe(2);
    const deposits = await log({ kind: "deposit" });
    expect(deposits.body.message.total).toBe(5);
    expect(deposits.body.message.list.every((e) => e.kind === "deposit")).toBe(true);
    expect((await log({ kind: "deposit", currency: "BTC" })).body.message.list.map((e) => e.value)).toEqual(["0.03", "0.01"]);
    expect((await log({ kind: "deposit", currency: "BTC", type: "lever" })).body.message.list.map((e) => e.value)).toEqual(["0.03"]);
    expect((await log({ kind: "transfer", type: "2" })).body.message.list.map((e) => e.value)).toEqual(["-4"]);
    // A well-formed kind nobody posted (features add their own) is simply empty.
    expect((await log({ kind: "nothing_like_this" })).body.message).toMatchObject({ list: [], total: 0, pages: 1 });
  });

  it("a hold and its release are one line each (total unchanged, `held` signed), not a pair of signed rows", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 100 * U);
    const { holdId } = await hold(db(), { userId: u.id, currencyId: USDT, accountType: 2, amount: 30 * U, reason: "spot_order" });
    await release(db(), holdId);
    const res = await api<Page>("/wallet/legal_log", {
      token: u.token,
      form: { currency: "USDT", type: "change" },
    });
    expect(res.body.message.count).toBe(3);
    expect(res.body.message.list.map((e) => [e.kind, e.value, e.held, e.bucket])).toEqual([
      ["release", "0", "-30", "available"],
      ["hold", "0", "30", "available"],
      ["deposit", "100", "0", "available"],
    ]);
    expect((await api<Page>("/wallet/legal_log", { token: u.token, form: { kind: "hold" } })).body.message.total).toBe(1);
    await expectInvariant();
  });

  it("never shows another user's entries", async () => {
    const a = await createUser();
    const b = await createUser();
    await history(a.id);
    const res = await api<Page>("/wallet/legal_log", { token: b.token, form: {} });
    expect(res.body.message).toMatchObject({ list: [], count: 0 });
    expect((await api<Page>("/wallet/legal_log", { token: b.token, form: { kind: "deposit" } })).body.message.count).toBe(0);
    expect((await api("/wallet/legal_log", { form: {} })).status).toBe(401);
  });
});

describe("deposit addresses", () => {
  it("operators configure addresses per chain; users see the enabled ones", async () => {
    const op = await createUser({ role: "operator" });
    const u = await createUser();
    const add = await api<{ id: number }>("/admin/deposit-addresses", {
      token: op.token,
      form: { currency: "USDT", chain: "TRC20", address: "TXYZopqrstuvwxyz1234567890abcdefgh" },
    });
    expect(add.status).toBe(200);
    const dup = await api("/admin/deposit-addresses", {
      token: op.token,
      form: { currency: "USDT", chain: "TRC20", address: "TXYZopqrstuvwxyz1234567890abcdefgh" },
    });
    expect(dup.body.code).toBe("DEPOSIT_ADDRESS_EXISTS");
    let res = await api<{ trc20: string; addresses: { chain: string; address: string }[] }>("/wallet/get_in_address", {
      token: u.token,
      form: { currency: "USDT", user_id: "1" },
    });
    expect(res.body.message.addresses.map((a) => a.address)).toContain("TXYZopqrstuvwxyz1234567890abcdefgh");
    expect(res.body.message.trc20).toBeDefined();
    expect(
      (await api("/admin/deposit-addresses", { token: op.token, form: { id: String(add.body.message.id), enabled: "0" } })).status,
    ).toBe(200);
    res = await api("/wallet/get_in_address", { token: u.token, form: { currency: "USDT" } });
    expect(res.body.message.addresses.map((a) => a.address)).not.toContain("TXYZopqrstuvwxyz1234567890abcdefgh");
    const list = await api<Row[]>("/admin/deposit-addresses?currency=USDT", { token: op.token });
    expect(list.body.message.find((a) => a.id === add.body.message.id)).toMatchObject({ enabled: 0 });
    expect((await api("/admin/deposit-addresses", { token: op.token, form: { id: "999999", enabled: "1" } })).status).toBe(404);
    expect(
      (await api("/admin/deposit-addresses", { token: op.token, form: { currency: "USDT", chain: "TRC20", address: "bad address!" } }))
        .status,
    ).toBe(400);
    expect(
      (await api("/admin/deposit-addresses", { token: u.token, form: { id: String(add.body.message.id), enabled: "1" } })).status,
    ).toBe(403);
    const audit = await db().select().from(tables.auditLog).where(eq(tables.auditLog.actorId, op.id)).all();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["deposit_address.add", "deposit_address.disable"]));
  });
});

describe("operator currency settings", () => {
  it("updates fees, minimums and switches, with an audit row", async () => {
    const op = await createUser({ role: "operator" });
    const res = await api<Row>("/admin/currencies", {
      token: op.token,
      form: { id: "5", withdraw_fee: "0.02", min_withdraw: "0.2", can_deposit: "0", price_usdt: "200" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ name: "SOL", withdraw_fee: "0.02", min_withdraw: "0.2", can_deposit: 0, usdt_price: "200" });
    const list = await api<Row[]>("/admin/currencies", { token: op.token });
    expect(list.body.message.find((c) => c.id === 5)).toMatchObject({ withdraw_fee: "0.02" });
    const audit = await db().select().from(tables.auditLog).where(eq(tables.auditLog.action, "currency.update")).all();
    expect(audit.length).toBeGreaterThan(0);
    await api("/admin/currencies", { token: op.token, form: { id: "5", can_deposit: "1" } });
  });

  it("changes the precision only while nothing uses the currency", async () => {
    const op = await createUser({ role: "operator" });
    const created = await api<Row>("/admin/currencies", {
      token: op.token,
      form: { name: "NEWC", precision: "4", min_withdraw: "1", withdraw_fee: "0.1" },
    });
    expect(created.status).toBe(200);
    const id = String(created.body.message.id);
    expect((await api<Row>("/admin/currencies", { token: op.token, form: { id, precision: "2" } })).body.message).toMatchObject({
      precision: 2,
    });
    const tooFine = await api("/admin/currencies", { token: op.token, form: { id, withdraw_fee: "0.001" } });
    expect(tooFine.body.code).toBe("AMOUNT_TOO_PRECISE");
    const u = await createUser();
    await fund(u.id, Number(id), 100);
    const locked = await api("/admin/currencies", { token: op.token, form: { id, precision: "6" } });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe("CURRENCY_IN_USE");
    expect((await api("/admin/currencies", { token: op.token, form: { name: "NEWC", precision: "4" } })).body.code).toBe(
      "CURRENCY_NAME_TAKEN",
    );
    expect((await api("/admin/currencies", { token: op.token, form: { name: "BADP", precision: "9" } })).status).toBe(400);
    expect((await api("/admin/currencies", { token: op.token, form: { id: "99999", enabled: "1" } })).status).toBe(404);
    expect((await api("/admin/currencies", { token: u.token, form: { id, enabled: "0" } })).status).toBe(403);
  });
});

describe("read routes refuse bad input", () => {
  it("lists and records validate page, limit, currency and unknown fields, and need a session", async () => {
    const u = await createUser();
    for (const path of ["/wallet/hzhistory", "/recharge/log", "/user/withdraw/list"]) {
      expect((await api(path, { token: u.token })).status).toBe(200);
      for (const query of ["page=0", "page=NaN", "page=-1", "limit=101", "limit=1e3", "user_id=2"]) {
        expect((await api(`${path}?${query}`, { token: u.token })).status, `${path}?${query}`).toBe(400);
      }
      expect((await api(path)).status).toBe(401);
    }
    const log = (form: Record<string, string>) => api("/wallet/legal_log", { token: u.token, form });
    expect((await log({ currency: "USDT", page: "2" })).status).toBe(200);
    expect((await log({ currency: "NOPE" })).body.code).toBe("UNKNOWN_CURRENCY");
    expect((await log({ currency: "USDT", page: "NaN" })).status).toBe(400);
    expect((await log({ currency: "USDT", type: "vault" })).status).toBe(400);
    expect((await log({})).status).toBe(200);
    for (const kind of ["Deposit", "deposit;--", "", "x".repeat(41), "1deposit"]) {
      expect((await log({ kind })).status, kind).toBe(400);
    }
    expect((await api("/wallet/get_info", { token: u.token, form: { currency: "1e3" } })).body.code).toBe("UNKNOWN_CURRENCY");
    expect((await api("/wallet/get_info", { form: { currency: "USDT" } })).status).toBe(401);
    expect((await api("/wallet/get_in_address", { token: u.token, form: { currency: "NOPE" } })).body.code).toBe("UNKNOWN_CURRENCY");
    expect((await api("/wallet/get_in_address", { form: { currency: "USDT" } })).status).toBe(401);
    expect((await api("/wallet/list", { token: u.token, form: { force: "1" } })).body.code).toBe("UNKNOWN_FIELD");
    expect((await api("/currency/list?x=1")).body.code).toBe("UNKNOWN_FIELD");
    expect((await api("/currency/user_currency_list?x=1")).body.code).toBe("UNKNOWN_FIELD");
  });

  it("deposit addresses are refused for currencies without deposits", async () => {
    const u = await createUser();
    await env.DB.prepare("UPDATE currencies SET can_deposit = 0 WHERE id = 6").run();
    const res = await api("/wallet/get_in_address", { token: u.token, form: { currency: "XRP" } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("DEPOSIT_DISABLED");
    await env.DB.prepare("UPDATE currencies SET can_deposit = 1 WHERE id = 6").run();
  });
});

describe("a currency switched off", () => {
  it("is hidden and takes no deposits, but never traps funds users already hold", async () => {
    const op = await createUser({ role: "operator" });
    const u = await createUser();
    await fund(u.id, 8, 100 * U); // TRX
    expect((await api("/admin/currencies", { token: op.token, form: { id: "8", enabled: "0" } })).status).toBe(200);
    const list = await api<{ currency: Row[] }>("/currency/list");
    expect(list.body.message.currency.map((c) => c.name)).not.toContain("TRX");
    const wallet = await api<Record<string, Account>>("/wallet/list", { token: u.token, form: {} });
    expect(wallet.body.message.change_wallet!.balance.find((b) => b.currency_name === "TRX")).toMatchObject({ change_balance: "100" });
    expect((await api<Row>("/wallet/detail", { token: u.token, form: { currency: "TRX", type: "change" } })).body.message).toMatchObject({
      change_balance: "100",
    });
    const deposit = await api("/wallet/charge_req", {
      token: u.token,
      form: { account: "/api/files/x.png", amount: "1", currency: "TRX", chain: "TRC20", tx_hash: "ab".repeat(32) },
    });
    expect(deposit.body.code).toBe("UNKNOWN_CURRENCY");
    await api("/admin/currencies", { token: op.token, form: { id: "8", enabled: "1" } });
  });

  it("operators cannot rename a currency", async () => {
    const op = await createUser({ role: "operator" });
    const res = await api("/admin/currencies", { token: op.token, form: { id: "1", name: "XBT" } });
    expect(res.status).toBe(400);
    expect((await api<Row[]>("/admin/currencies", { token: op.token })).body.message.find((c) => c.id === 1)).toMatchObject({
      name: "BTC",
    });
  });
});

describe("GET /admin/ledger/check", () => {
  it("answers ok with no violations for operators, and 403 for users", async () => {
    const op = await createUser({ role: "operator" });
    const u = await createUser();
    await fund(u.id, USDT, 5 * U);
    const res = await api<{ ok: boolean; violations: unknown[] }>("/admin/ledger/check", { token: op.token });
    expect(res.body.message).toEqual({ ok: true, violations: [] });
    expect((await api("/admin/ledger/check", { token: u.token })).status).toBe(403);
    expect((await api("/admin/ledger/check")).status).toBe(401);
  });
});
