import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { OnrampConfigView, OnrampOrderView } from "../../schema/api/onramp.ts";
import { PAY_WINDOW_MS } from "../../schema/api/onramp.ts";
import { cancelExpiredChunk, createOrder } from "../../worker/domain/onramp/orders.ts";
import { offeredMethods, paymentProvider, signSimCallback } from "../../worker/domain/onramp/provider.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { api, createUser } from "./helpers.ts";
import { USDT, balance, db, expectInvariant, seedMoney } from "./money-helpers.ts";

let operator: Awaited<ReturnType<typeof createUser>>;
let operator2: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await seedMoney();
  operator = await createUser({ role: "operator" });
  operator2 = await createUser({ role: "operator" });
  await env.DB.prepare(
    "INSERT OR REPLACE INTO fiat_rates (currency_code, rate, updated_at) " +
      "VALUES ('THB', '35.5', 1700000000000), ('USD', '1', 1700000000000)",
  ).run();
  await env.DB.prepare("DELETE FROM fiat_rates WHERE currency_code = 'VND'").run();
});

const payer = { first_name: "Ana", last_name: "Silva", email: "ana@example.com", phone: "+5511987654321", tax_id: "123.456.789-09" };
const form = (o: Record<string, string> = {}) => ({
  country: "TH",
  fiat: "THB",
  method: "bank",
  bank: "Kasikornbank",
  amount: "3550",
  ...payer,
  ...o,
});

async function order(token: string, o: Record<string, string> = {}) {
  const res = await api<OnrampOrderView>("/onramp/order", { token, form: form(o) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

const confirm = (token: string, id: number, key?: string) =>
  api<string>("/admin/onramp/confirm", { token, form: { id: String(id) }, headers: key ? { "Idempotency-Key": key } : {} });

describe("on-ramp catalogue", () => {
  it("offers each country's fiats that have a stored rate, with their limits and banks", async () => {
    const res = await api<OnrampConfigView>("/onramp/config");
    expect(res.status).toBe(200);
    const byCode = new Map(res.body.message.countries.map((c) => [c.code, c]));
    expect([...byCode.keys()]).toEqual(["US", "NG", "TH", "ID", "BR", "IN", "VN", "MX", "PH"]);
    expect(byCode.get("TH")!.fiats).toEqual([
      { code: "THB", min: 350, max: 35_000_000, rate: "35.5", rate_updated_at: 1700000000000 },
      { code: "USD", min: 10, max: 1_000_000, rate: "1", rate_updated_at: 1700000000000 },
    ]);
    // No VND rate stored: Vietnam pays in USD only.
    expect(byCode.get("VN")!.fiats.map((f) => f.code)).toEqual(["USD"]);
    expect(byCode.get("NG")!.banks).toContain("Zenith Bank");
    expect(res.body.message.methods).toEqual(["bank", "card", "wallet"]);
  });
});

describe("on-ramp orders", () => {
  it("store the rate and the USDT bought (rounded down), a unique reference, the receiving account and the pay window", async () => {
    const user = await createUser();
    const before = Date.now();
    const o = await order(user.token, { amount: "1000" });
    // 1000 / 35.5 = 28.169014084... → 28.169014 USDT.
    expect(o).toMatchObject({ country: "TH", fiat: "THB", amount: 1000, rate: "35.5", usdt: "28.169014", status: 1, bank: "Kasikornbank" });
    expect(o.reference).toMatch(/^EX[A-HJ-NP-Z2-9]{10}$/);
    expect(o.receiving).toMatchObject({ bank: "Bangkok Bank", account_name: "Edge Exchange Ltd", demo: true });
    expect(o.expires_at - o.created_at).toBe(PAY_WINDOW_MS);
    expect(o.created_at).toBeGreaterThanOrEqual(before);
    const usd = await order(user.token, { fiat: "USD", amount: "25" });
    expect(usd).toMatchObject({ rate: "1", usdt: "25" });
    expect(usd.reference).not.toBe(o.reference);
    const mine = await api<{ list: OnrampOrderView[]; total: number }>("/onramp/orders", { token: user.token });
    expect(mine.body.message.list.map((x) => x.id)).toEqual([usd.id, o.id]);
    expect(mine.body.message.total).toBe(2);
  });

  it("refuse bad input with translated 4xx and write nothing", async () => {
    const user = await createUser();
    const cases: [Record<string, string>, number, string][] = [
      [{ amount: "349" }, 400, "ONRAMP_BELOW_MINIMUM"],
      [{ amount: "35000001" }, 400, "ONRAMP_ABOVE_MAXIMUM"],
      [{ amount: "400.5" }, 400, "ONRAMP_AMOUNT_INTEGER"],
      [{ amount: "-5" }, 400, "ONRAMP_AMOUNT_INTEGER"],
      [{ country: "FR" }, 400, "ONRAMP_FIAT_UNAVAILABLE"],
      [{ fiat: "PHP" }, 400, "ONRAMP_FIAT_UNAVAILABLE"],
      [{ country: "VN", fiat: "VND", bank: "Vietcombank", amount: "300000" }, 409, "ONRAMP_RATE_UNAVAILABLE"],
      [{ bank: "Nowhere Bank" }, 400, "ONRAMP_BANK_UNKNOWN"],
      [{ method: "cash" }, 400, "PARAMETER_ERROR"],
      [{ email: "not-an-email" }, 400, "INVALID_EMAIL"],
      [{ phone: "12ab" }, 400, "ONRAMP_INVALID_PHONE"],
      [{ tax_id: "x" }, 400, "ONRAMP_INVALID_TAX_ID"],
      [{ first_name: "" }, 400, "ONRAMP_INVALID_NAME"],
      [{ card_number: "4111111111111111" }, 400, "UNKNOWN_FIELD"],
    ];
    for (const [fields, status, code] of cases) {
      const res = await api("/onramp/order", { token: user.token, form: { ...form(), ...fields, lang: "spa" } });
      expect([res.status, res.body.code], JSON.stringify(fields)).toEqual([status, code]);
    }
    const res = await api("/onramp/order", { token: user.token, form: { ...form({ amount: "349" }), lang: "spa" } });
    expect(res.body.message).toBe("El importe mínimo es 350 THB");
    const mine = await api<{ total: number }>("/onramp/orders", { token: user.token });
    expect(mine.body.message.total).toBe(0);
    expect((await api("/onramp/order", { form: form() })).status).toBe(401);
  });

  it("are private: another user's id is 404 for reading and cancelling, and a non-operator cannot confirm", async () => {
    const owner = await createUser();
    const other = await createUser();
    const o = await order(owner.token);
    expect((await api("/onramp/order?id=" + o.id, { token: other.token })).status).toBe(404);
    expect((await api("/onramp/order/cancel", { token: other.token, form: { id: String(o.id) } })).status).toBe(404);
    expect((await api("/onramp/order?id=99999999", { token: owner.token })).status).toBe(404);
    expect((await api("/onramp/order?id=abc", { token: owner.token })).status).toBe(400);
    expect((await confirm(other.token, o.id)).status).toBe(403);
    expect((await api("/admin/onramp/orders", { token: other.token })).status).toBe(403);
    const read = await api<OnrampOrderView>("/onramp/order?id=" + o.id, { token: owner.token });
    expect(read.body.message).toEqual(o);
  });
});

describe("confirming a transfer", () => {
  it("credits the stored USDT once: a second confirmation is 409, a replay with the same key answers the first", async () => {
    const user = await createUser();
    const o = await order(user.token, { amount: "3550" });
    const external = (await balance(SYSTEM_ACCOUNTS.external, USDT)).available;
    const first = await confirm(operator.token, o.id, "confirm-once-1");
    expect(first.status).toBe(200);
    const replay = await confirm(operator.token, o.id, "confirm-once-1");
    expect([replay.status, replay.body.message]).toEqual([200, first.body.message]);
    const again = await confirm(operator2.token, o.id);
    expect([again.status, again.body.code]).toEqual([409, "ONRAMP_ORDER_NOT_PENDING"]);
    expect(await balance(user.id, USDT)).toEqual({ available: 100_000_000, locked: 0 });
    expect((await balance(SYSTEM_ACCOUNTS.external, USDT)).available).toBe(external - 100_000_000);
    const read = await api<OnrampOrderView>("/onramp/order?id=" + o.id, { token: user.token });
    expect(read.body.message).toMatchObject({ status: 2, usdt: "100" });
    expect(read.body.message.paid_at).toBeGreaterThan(0);
    const audit = await env.DB.prepare("SELECT action, actor_id FROM audit_log WHERE subject_type = 'onramp_order' AND subject_id = ?")
      .bind(String(o.id))
      .all();
    expect(audit.results).toEqual([{ action: "onramp.confirm", actor_id: operator.id }]);
    const bill = await env.DB.prepare("SELECT kind FROM journals WHERE ref_key = ?").bind(`onramp:close:${o.id}`).all();
    expect(bill.results).toEqual([{ kind: "onramp_credit" }]);
    await expectInvariant();
  });

  it("ten simultaneous confirmations credit once", async () => {
    const user = await createUser();
    const o = await order(user.token, { fiat: "USD", amount: "40" });
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(operator.token, o.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await balance(user.id, USDT)).toEqual({ available: 40_000_000, locked: 0 });
    await expectInvariant();
  });

  it("above USDT's four-eyes threshold needs two different operators", async () => {
    await env.DB.prepare("UPDATE currencies SET second_approval_above = '50' WHERE id = ?").bind(USDT).run();
    try {
      const user = await createUser();
      const o = await order(user.token, { fiat: "USD", amount: "60" });
      const first = await confirm(operator.token, o.id);
      expect([first.status, first.body.message]).toEqual([200, "Approved; a second operator must approve it too"]);
      expect(await balance(user.id, USDT)).toEqual({ available: 0, locked: 0 });
      const same = await confirm(operator.token, o.id);
      expect([same.status, same.body.code]).toEqual([409, "SECOND_APPROVAL_SAME_OPERATOR"]);
      const second = await confirm(operator2.token, o.id);
      expect(second.status).toBe(200);
      expect(await balance(user.id, USDT)).toEqual({ available: 60_000_000, locked: 0 });
      await expectInvariant();
    } finally {
      await env.DB.prepare("UPDATE currencies SET second_approval_above = NULL WHERE id = ?").bind(USDT).run();
    }
  });

  it("an operator cannot confirm their own order", async () => {
    const o = await order(operator.token, { fiat: "USD", amount: "10" });
    expect((await confirm(operator.token, o.id)).status).toBe(403);
  });
});

describe("cancelling", () => {
  it("the user cancels an order to be paid once; it can no longer be confirmed", async () => {
    const user = await createUser();
    const o = await order(user.token);
    const res = await api<string>("/onramp/order/cancel", { token: user.token, form: { id: String(o.id), lang: "fra" } });
    expect([res.status, res.body.message]).toEqual([200, "Commande annulée"]);
    const again = await api("/onramp/order/cancel", { token: user.token, form: { id: String(o.id) } });
    expect([again.status, again.body.code]).toEqual([409, "ONRAMP_ORDER_NOT_PENDING"]);
    expect((await confirm(operator.token, o.id)).status).toBe(409);
    expect(await balance(user.id, USDT)).toEqual({ available: 0, locked: 0 });
  });

  it("the job cancels only unpaid orders whose time is up, and running it twice cancels once", async () => {
    const user = await createUser();
    const expired = await order(user.token);
    const paid = await order(user.token, { fiat: "USD", amount: "15" });
    const fresh = await order(user.token);
    await env.DB.prepare("UPDATE onramp_orders SET expires_at = ? WHERE id IN (?, ?)")
      .bind(Date.now() - 1, expired.id, paid.id)
      .run();
    expect((await confirm(operator.token, paid.id)).status).toBe(200);
    const now = Date.now();
    const first = await cancelExpiredChunk(db(), now);
    expect(first.processed).toBeGreaterThanOrEqual(1);
    expect(await cancelExpiredChunk(db(), now)).toEqual({ processed: 0, more: false });
    const status = async (id: number) => (await api<OnrampOrderView>("/onramp/order?id=" + id, { token: user.token })).body.message.status;
    expect([await status(expired.id), await status(paid.id), await status(fresh.id)]).toEqual([3, 2, 1]);
    const journals = await env.DB.prepare("SELECT kind FROM journals WHERE ref_key = ?").bind(`onramp:close:${expired.id}`).all();
    expect(journals.results).toEqual([{ kind: "onramp_expire" }]);
    expect((await confirm(operator.token, expired.id)).status).toBe(409);
    expect(await balance(user.id, USDT)).toEqual({ available: 15_000_000, locked: 0 });
    await expectInvariant();
  });

  it("an expiry racing a confirmation ends the order exactly once", async () => {
    const user = await createUser();
    const o = await order(user.token, { fiat: "USD", amount: "20" });
    await env.DB.prepare("UPDATE onramp_orders SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, o.id)
      .run();
    const [c] = await Promise.all([confirm(operator.token, o.id), cancelExpiredChunk(db(), Date.now())]);
    const final = (await api<OnrampOrderView>("/onramp/order?id=" + o.id, { token: user.token })).body.message.status;
    expect(final).toBe(c.status === 200 ? 2 : 3);
    expect((await balance(user.id, USDT)).available).toBe(c.status === 200 ? 20_000_000 : 0);
    const closes = await env.DB.prepare("SELECT count(*) AS n FROM journals WHERE ref_key = ?").bind(`onramp:close:${o.id}`).first();
    expect(closes).toEqual({ n: 1 });
    await expectInvariant();
  });

  it("an operator cancels an unpaid order with a reason, audited; not their own, not twice", async () => {
    const user = await createUser();
    const o = await order(user.token);
    const cancel = (token: string, id: number) => api("/admin/onramp/cancel", { token, form: { id: String(id), reason: "no transfer" } });
    expect((await cancel(user.token, o.id)).status).toBe(403);
    expect((await cancel(operator.token, o.id)).status).toBe(200);
    const again = await cancel(operator2.token, o.id);
    expect([again.status, again.body.code]).toEqual([409, "ONRAMP_ORDER_NOT_PENDING"]);
    const own = await order(operator.token, { fiat: "USD", amount: "10" });
    expect((await cancel(operator.token, own.id)).status).toBe(403);
    const audit = await env.DB.prepare("SELECT action, detail FROM audit_log WHERE subject_type = 'onramp_order' AND subject_id = ?")
      .bind(String(o.id))
      .all();
    expect(audit.results).toEqual([
      { action: "onramp.cancel", detail: JSON.stringify({ reference: o.reference, reason: "no transfer", user_id: user.id }) },
    ]);
  });

  it("the console lists orders by status with their owner", async () => {
    const user = await createUser();
    const o = await order(user.token);
    const res = await api<{ list: OnrampOrderView[] }>("/admin/onramp/orders?status=1&limit=100", { token: operator.token });
    const row = res.body.message.list.find((x) => x.id === o.id);
    expect(row).toMatchObject({ user_id: user.id, account: user.email, reference: o.reference, status: 1 });
    expect(res.body.message.list.every((x) => x.status === 1)).toBe(true);
    expect((await api("/admin/onramp/orders?status=9", { token: operator.token })).status).toBe(400);
  });
});

describe("card and wallet payments through the provider", () => {
  const PEPPER = () => env.PASSWORD_PEPPER!;
  const callbackFor = (o: OnrampOrderView, over: Partial<Record<string, string>> = {}, status: "paid" | "failed" = "paid") =>
    signSimCallback(PEPPER(), {
      reference: o.reference,
      payment_id: `pay_${o.id}_${Math.random().toString(36).slice(2, 10)}`,
      amount: o.amount,
      fiat: o.fiat,
      status,
      ts: String(Date.now()),
      ...over,
    } as never);
  const send = (fields: Record<string, string | number>) =>
    api<{ status: number }>("/onramp/callback", { form: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])) });

  it("a card order points at the provider's page and stores nothing of the card", async () => {
    const user = await createUser();
    const o = await order(user.token, { method: "card", fiat: "USD", amount: "50" });
    expect(o.checkout_url).toBe(`/api/onramp/sim/checkout?reference=${o.reference}`);
    const page = await exports.default.fetch(new Request(`http://localhost${o.checkout_url}`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(o.reference);
    const paid = await exports.default.fetch(
      new Request("http://localhost/api/onramp/sim/pay", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ reference: o.reference, account: "4111 1111 1111 1111", outcome: "paid" }).toString(),
        redirect: "manual",
      }),
    );
    expect([paid.status, paid.headers.get("location")]).toEqual([303, `/#/otc/order?id=${o.id}`]);
    expect(await balance(user.id, USDT)).toEqual({ available: 50_000_000, locked: 0 });
    const row = JSON.stringify(await env.DB.prepare("SELECT * FROM onramp_orders WHERE id = ?").bind(o.id).first());
    const journal = JSON.stringify(await env.DB.prepare("SELECT * FROM journals WHERE ref_key = ?").bind(`onramp:close:${o.id}`).first());
    expect(row + journal).not.toContain("4111");
    expect(journal).toContain('"kind":"onramp_credit"');
    await expectInvariant();
  });

  it("a signed callback credits once; a replay, a forgery, an altered field or a stale one is refused", async () => {
    const user = await createUser();
    const o = await order(user.token, { method: "wallet", fiat: "USD", amount: "30" });
    const good = await callbackFor(o);
    const forged = { ...good, sig: good.sig.slice(0, -2) + (good.sig.endsWith("AA") ? "BB" : "AA") };
    expect([(await send(forged)).status, (await send(forged)).body.code]).toEqual([401, "ONRAMP_CALLBACK_INVALID"]);
    const altered = await send({ ...good, amount: 3000 });
    expect([altered.status, altered.body.code]).toEqual([401, "ONRAMP_CALLBACK_INVALID"]);
    const stale = await callbackFor(o, { ts: String(Date.now() - 11 * 60 * 1000) });
    expect((await send(stale)).status).toBe(401);
    expect(await balance(user.id, USDT)).toEqual({ available: 0, locked: 0 });
    const first = await send(good);
    expect([first.status, first.body.message]).toEqual([200, { status: 2 }]);
    const replay = await send(good);
    expect([replay.status, replay.body.code]).toEqual([409, "ONRAMP_ORDER_NOT_PENDING"]);
    const other = await send(await callbackFor(o));
    expect(other.status).toBe(409);
    expect(await balance(user.id, USDT)).toEqual({ available: 30_000_000, locked: 0 });
    await expectInvariant();
  });

  it("a failed payment cancels the order; a callback for a bank order or another amount does not match", async () => {
    const user = await createUser();
    const card = await order(user.token, { method: "card", fiat: "USD", amount: "20" });
    const failed = await send(await callbackFor(card, {}, "failed"));
    expect([failed.status, failed.body.message]).toEqual([200, { status: 3 }]);
    const bank = await order(user.token, { fiat: "USD", amount: "20" });
    const mismatch = await send(await callbackFor(bank));
    expect([mismatch.status, mismatch.body.code]).toEqual([400, "ONRAMP_CALLBACK_MISMATCH"]);
    const wrongAmount = await order(user.token, { method: "card", fiat: "USD", amount: "25" });
    expect((await send(await callbackFor(wrongAmount, { amount: 24 } as never))).body.code).toBe("ONRAMP_CALLBACK_MISMATCH");
    expect(await balance(user.id, USDT)).toEqual({ available: 0, locked: 0 });
    await expectInvariant();
  });

  it("in production there is no provider: only bank transfer is offered and card orders are refused", async () => {
    expect(paymentProvider({ ENVIRONMENT: "production", PASSWORD_PEPPER: "x" })).toBeNull();
    expect(offeredMethods(null)).toEqual(["bank"]);
    const userId = (await createUser()).id;
    const input = { ...form({ method: "card", fiat: "USD", amount: "20" }), amount: 20 } as never;
    await expect(createOrder(db(), userId, input, ["bank"])).rejects.toMatchObject({ status: 400, code: "ONRAMP_METHOD_UNAVAILABLE" });
  });
});
