import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CouponView } from "../../schema/api/invite.ts";
import { claimCoupon } from "../../worker/domain/coupons/coupons.ts";
import { SYSTEM_ACCOUNTS, SYSTEM_ACCOUNT_TYPE } from "../../worker/domain/ledger/index.ts";
import { api, createUser } from "./helpers.ts";
import { expectInvariant, fund } from "./money-helpers.ts";
import { BTC, USDT, balance, db, listed, orderRow, placed, seedMarkets, settle, trader } from "./market-helpers.ts";

const BTC_1 = 100_000_000;
const USDT_1 = 1_000_000;
const HOUR = 3_600_000;

beforeAll(async () => {
  await seedMarkets();
  await fund(SYSTEM_ACCOUNTS.house, USDT, 1_000_000 * USDT_1, SYSTEM_ACCOUNT_TYPE);
});

const uidOf = async (id: number) => (await env.DB.prepare("SELECT uid FROM users WHERE id = ?").bind(id).first<{ uid: string }>())!.uid;

let op: Awaited<ReturnType<typeof createUser>>;
async function issue(form: Record<string, string>) {
  op ??= await createUser({ role: "operator" });
  return api<{ id: number }>("/admin/coupon/issue", { token: op.token, form: { lang: "en", ...form } });
}
const window = (from = Date.now() - HOUR, to = Date.now() + 24 * HOUR) => ({ valid_from: String(from), valid_to: String(to) });

async function issued(form: Record<string, string>): Promise<number> {
  const res = await issue({ ...window(), ...form });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message.id;
}

const list = async (token: string, tab: string) => (await api<CouponView[]>(`/coupon/list?tab=${tab}`, { token })).body.message;
const claim = (token: string, id: number, headers?: Record<string, string>) =>
  api<{ status: string }>("/coupon/claim", { token, form: { id: String(id) }, headers });

describe("POST /admin/coupon/issue", () => {
  it("is for operators only, and refuses every malformed coupon with a translated 4xx, storing nothing", async () => {
    const user = await createUser();
    const before = await env.DB.prepare("SELECT count(*) AS n FROM coupons").first<{ n: number }>();
    const denied = await api("/admin/coupon/issue", { token: user.token, form: { kind: "discount", discount_pct: "10", ...window() } });
    expect(denied.status).toBe(403);
    expect((await api("/admin/coupon/issue", { form: { kind: "discount", discount_pct: "10", ...window() } })).status).toBe(401);
    const cases: [Record<string, string>, number, string][] = [
      [{ kind: "discount", ...window() }, 400, "COUPON_FIELDS_INVALID"],
      [{ kind: "discount", discount_pct: "10", currency: "USDT", ...window() }, 400, "COUPON_FIELDS_INVALID"],
      [{ kind: "discount", discount_pct: "101", ...window() }, 400, "COUPON_PCT_INVALID"],
      [{ kind: "discount", discount_pct: "0", ...window() }, 400, "PARAMETER_ERROR"],
      [{ kind: "bonus", amount: "5", ...window() }, 400, "COUPON_FIELDS_INVALID"],
      [{ kind: "bonus", currency: "USDT", amount: "5", discount_pct: "5", ...window() }, 400, "COUPON_FIELDS_INVALID"],
      [{ kind: "bonus", currency: "NOPE", amount: "5", ...window() }, 400, "UNKNOWN_CURRENCY"],
      [{ kind: "bonus", currency: "USDT", amount: "0.0000001", ...window() }, 400, "AMOUNT_TOO_PRECISE"],
      [{ kind: "bonus", currency: "USDT", amount: "-5", ...window() }, 400, "INVALID_AMOUNT"],
      [{ kind: "discount", discount_pct: "10", ...window(Date.now(), Date.now() - 1) }, 400, "COUPON_WINDOW_INVALID"],
      [{ kind: "discount", discount_pct: "10", ...window(Date.now() - 2 * HOUR, Date.now() - HOUR) }, 400, "COUPON_WINDOW_INVALID"],
      [{ kind: "discount", discount_pct: "10", uid: "99999999999", ...window() }, 404, "COUPON_USER_NOT_FOUND"],
      [{ kind: "discount", discount_pct: "10", uid: "a b", ...window() }, 400, "COUPON_USER_NOT_FOUND"],
      [{ kind: "coupon", discount_pct: "10", ...window() }, 400, "PARAMETER_ERROR"],
      [{ kind: "discount", discount_pct: "10", ...window(), extra: "1" }, 400, "UNKNOWN_FIELD"],
    ];
    for (const [form, status, code] of cases) {
      const res = await issue(form);
      expect(res.status, JSON.stringify(form)).toBe(status);
      expect(res.body.code, JSON.stringify(form)).toBe(code);
      expect(res.body.message).not.toBe(code);
    }
    const after = await env.DB.prepare("SELECT count(*) AS n FROM coupons").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("stores a coupon with its audit row, listed in the console", async () => {
    const user = await createUser();
    const id = await issued({ kind: "bonus", currency: "usdt", amount: "2.5", uid: await uidOf(user.id) });
    const audit = await env.DB.prepare(
      "SELECT actor_id, detail FROM audit_log WHERE action = 'coupon.issue' ORDER BY id DESC LIMIT 1",
    ).first<{
      actor_id: number;
      detail: string;
    }>();
    expect(audit!.actor_id).toBe(op.id);
    expect(JSON.parse(audit!.detail)).toMatchObject({ kind: "bonus", currency: "usdt", amount: "2.5", user_id: user.id });
    const issuedList = await api<{ list: { id: number; amount: string; currency: string; uid: string; taken: number }[] }>(
      "/admin/coupon/list",
      {
        token: op.token,
      },
    );
    expect(issuedList.body.message.list[0]).toMatchObject({
      id,
      kind: "bonus",
      amount: "2.5",
      currency: "USDT",
      uid: await uidOf(user.id),
      taken: 0,
    });
    expect((await api("/admin/coupon/list", { token: user.token })).status).toBe(403);
  });
});

describe("claiming coupons", () => {
  it("a bonus credits its amount from the house once; a second claim is 409 'already received'; it moves to used", async () => {
    const user = await createUser();
    const id = await issued({ kind: "bonus", currency: "USDT", amount: "2.5", uid: await uidOf(user.id) });
    expect((await list(user.token, "valid")).map((c) => [c.id, c.status])).toContainEqual([id, "open"]);
    const house = await balance(SYSTEM_ACCOUNTS.house, USDT, SYSTEM_ACCOUNT_TYPE);
    const first = await claim(user.token, id);
    expect(first.body).toEqual({ type: "ok", message: { status: "claimed" } });
    expect(await balance(user.id, USDT)).toEqual({ available: 2_500_000, locked: 0 });
    expect(house.available - (await balance(SYSTEM_ACCOUNTS.house, USDT, SYSTEM_ACCOUNT_TYPE)).available).toBe(2_500_000);
    const again = await api("/coupon/claim", { token: user.token, form: { id: String(id), lang: "spa" } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "COUPON_ALREADY_CLAIMED", message: "Ya ha recibido este cupón" });
    expect(await balance(user.id, USDT)).toEqual({ available: 2_500_000, locked: 0 });
    const used = await list(user.token, "used");
    expect(used.find((c) => c.id === id)).toMatchObject({ status: "claimed", amount: "2.5", currency: "USDT", kind: "bonus" });
    expect((await list(user.token, "valid")).find((c) => c.id === id)).toBeUndefined();
    const journal = await env.DB.prepare("SELECT kind, user_id FROM journals WHERE ref_key = ?").bind(`coupon:${id}:${user.id}`).first();
    expect(journal).toEqual({ kind: "coupon_bonus", user_id: user.id });
    await expectInvariant();
  });

  it("ten concurrent claims of one bonus pay once", async () => {
    const user = await createUser();
    const id = await issued({ kind: "bonus", currency: "USDT", amount: "1", uid: await uidOf(user.id) });
    const results = await Promise.all(Array.from({ length: 10 }, () => claim(user.token, id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(await balance(user.id, USDT)).toEqual({ available: 1_000_000, locked: 0 });
    const n = await env.DB.prepare("SELECT count(*) AS n FROM user_coupons WHERE coupon_id = ?").bind(id).first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("a replay with the same Idempotency-Key answers the first result and pays nothing more", async () => {
    const user = await createUser();
    const id = await issued({ kind: "bonus", currency: "USDT", amount: "1", uid: await uidOf(user.id) });
    const headers = { "Idempotency-Key": `claim-${id}` };
    expect((await claim(user.token, id, headers)).body.message).toEqual({ status: "claimed" });
    const replay = await claim(user.token, id, headers);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await balance(user.id, USDT)).toEqual({ available: 1_000_000, locked: 0 });
  });

  it("a coupon for everyone is claimed once by each user; another user's coupon is 404 and never listed; bad ids are 400", async () => {
    const a = await createUser();
    const b = await createUser();
    const everyone = await issued({ kind: "bonus", currency: "USDT", amount: "0.5" });
    const onlyA = await issued({ kind: "bonus", currency: "USDT", amount: "0.5", uid: await uidOf(a.id) });
    expect((await claim(a.token, everyone)).status).toBe(200);
    expect((await claim(b.token, everyone)).status).toBe(200);
    const stolen = await claim(b.token, onlyA);
    expect(stolen.status).toBe(404);
    expect((await list(b.token, "valid")).map((c) => c.id)).not.toContain(onlyA);
    expect(await balance(b.id, USDT)).toEqual({ available: 500_000, locked: 0 });
    expect((await claim(b.token, 999_999)).status).toBe(404);
    for (const id of ["0", "-1", "x", "1.5"]) expect((await api("/coupon/claim", { token: b.token, form: { id } })).status).toBe(400);
    expect((await api("/coupon/claim", { form: { id: String(everyone) } })).status).toBe(401);
    expect((await api("/coupon/list?tab=old", { token: b.token })).status).toBe(400);
    expect((await api("/coupon/list?tab=valid")).status).toBe(401);
  });

  it("an expired coupon cannot be claimed (409) and is listed under expired; a coupon not started yet is hidden", async () => {
    const user = await createUser();
    const now = Date.now();
    const id = await issued({ kind: "bonus", currency: "USDT", amount: "1", uid: await uidOf(user.id), ...window(now - HOUR, now + HOUR) });
    const later = await issued({ kind: "discount", discount_pct: "5", uid: await uidOf(user.id), ...window(now + HOUR, now + 2 * HOUR) });
    await expect(claimCoupon(db(), user.id, id, () => [], now + HOUR)).rejects.toMatchObject({ status: 409, code: "COUPON_EXPIRED" });
    await env.DB.prepare("UPDATE coupons SET valid_to = ? WHERE id = ?")
      .bind(now - 1, id)
      .run();
    expect((await list(user.token, "expired")).map((c) => [c.id, c.status])).toEqual([[id, "expired"]]);
    expect((await claim(user.token, id)).status).toBe(409);
    expect((await claim(user.token, later)).status).toBe(404);
    expect((await list(user.token, "valid")).map((c) => c.id)).not.toContain(later);
  });
});

describe("fee discounts at spot settlement", () => {
  it("a discount claimed after the market last read its owner's coupons applies to the next fill (the kept read is checked)", async () => {
    const buyer = await trader({ usdt: 10_000 * USDT_1 });
    const seller = await trader({ btc: BTC_1 });
    // A first fill: the market reads and keeps that the buyer holds no discount.
    await placed(seller.token, { side: "sell", amount: "0.01", price: "50000" });
    await placed(buyer.token, { side: "buy", amount: "0.01", price: "50000" });
    await settle();
    expect((await balance(buyer.id, BTC)).available).toBe(1_000_000 - 1_000);
    const id = await issued({ kind: "discount", discount_pct: "50", uid: await uidOf(buyer.id) });
    expect((await claim(buyer.token, id)).body.message).toEqual({ status: "active" });
    // Taker fee 0.1 % of 1,000,000 sat = 1,000, half of it waived.
    await placed(seller.token, { side: "sell", amount: "0.01", price: "50000" });
    const buy = await placed(buyer.token, { side: "buy", amount: "0.01", price: "50000" });
    await settle();
    expect((await orderRow(buy)).feeUnits).toBe(500);
    expect((await balance(buyer.id, BTC)).available).toBe(2_000_000 - 1_000 - 500);
    await expectInvariant();
  });

  it(
    "an activated 30 % discount reduces the holder's fee on its next fills by floor(fee × 30 %), " +
      "records each use, and the fee account gets the rest",
    async () => {
      const buyer = await trader({ usdt: 10_000 * USDT_1 });
      const seller = await trader({ btc: BTC_1 });
      const id = await issued({ kind: "discount", discount_pct: "30", uid: await uidOf(buyer.id) });
      expect((await claim(buyer.token, id)).body.message).toEqual({ status: "active" });
      expect((await claim(buyer.token, id)).status).toBe(409);
      const feesBtc = await balance(SYSTEM_ACCOUNTS.fees, BTC, SYSTEM_ACCOUNT_TYPE);
      const feesUsdt = await balance(SYSTEM_ACCOUNTS.fees, USDT, SYSTEM_ACCOUNT_TYPE);
      // Seller makes 0.0123 BTC at 50,000 (maker 0.08 % of 615 USDT = 492,000 units, no discount); the buyer takes it:
      // taker fee 0.1 % of 1,230,000 sat = 1,230 sat, of which floor(1,230 × 0.3) = 369 waived, 861 kept.
      const sell = await placed(seller.token, { side: "sell", amount: "0.0123", price: "50000" });
      const buy = await placed(buyer.token, { side: "buy", amount: "0.0123", price: "50000" });
      await settle();
      expect(await balance(buyer.id, BTC)).toEqual({ available: 1_230_000 - 861, locked: 0 });
      expect((await orderRow(buy)).feeUnits).toBe(861);
      expect((await orderRow(sell)).feeUnits).toBe(492_000);
      expect((await balance(SYSTEM_ACCOUNTS.fees, BTC, SYSTEM_ACCOUNT_TYPE)).available - feesBtc.available).toBe(861);
      expect((await balance(SYSTEM_ACCOUNTS.fees, USDT, SYSTEM_ACCOUNT_TYPE)).available - feesUsdt.available).toBe(492_000);
      const fill = await env.DB.prepare("SELECT id, buy_fee_units, sell_fee_units FROM spot_fills WHERE buy_order_id = ?").bind(buy).first<{
        id: string;
        buy_fee_units: number;
        sell_fee_units: number;
      }>();
      expect([fill!.buy_fee_units, fill!.sell_fee_units]).toEqual([861, 492_000]);
      const uses = await env.DB.prepare(
        "SELECT user_id, fill_id, side, order_id, currency_id, saved_units FROM coupon_uses WHERE order_id = ?",
      )
        .bind(buy)
        .all();
      expect(uses.results).toEqual([{ user_id: buyer.id, fill_id: fill!.id, side: 1, order_id: buy, currency_id: BTC, saved_units: 369 }]);
      // The order list shows the fee and what the coupon waived on it; the seller's order has no saving.
      const done = await listed(buyer.token, "2");
      expect(done.find((o) => o.id === buy)).toMatchObject({ fee: "0.00000861", fee_currency: "BTC", fee_saved: "0.00000369" });
      expect((await listed(seller.token, "2")).find((o) => o.id === sell)).not.toHaveProperty("fee_saved");
      const active = (await list(buyer.token, "valid")).find((c) => c.id === id);
      expect(active).toMatchObject({ status: "active", discount_pct: 30, saved: [{ currency: "BTC", amount: "0.00000369" }] });

      // A second fill is discounted too while the coupon lasts; once it has ended the fee is whole and it is listed as used.
      const sell2 = await placed(seller.token, { side: "sell", amount: "0.01", price: "50000" });
      await placed(buyer.token, { side: "buy", amount: "0.01", price: "50000" });
      await settle();
      expect((await orderRow(sell2)).feeUnits).toBe(400_000);
      expect((await balance(buyer.id, BTC)).available).toBe(1_230_000 - 861 + 1_000_000 - 700);
      await env.DB.prepare("UPDATE coupons SET valid_to = ? WHERE id = ?")
        .bind(Date.now() - 1, id)
        .run();
      await placed(seller.token, { side: "sell", amount: "0.01", price: "50000" });
      await placed(buyer.token, { side: "buy", amount: "0.01", price: "50000" });
      await settle();
      expect((await balance(buyer.id, BTC)).available).toBe(1_230_000 - 861 + 1_000_000 - 700 + 1_000_000 - 1_000);
      expect((await list(buyer.token, "used")).find((c) => c.id === id)).toMatchObject({
        status: "used",
        saved: [{ currency: "BTC", amount: "0.00000669" }],
      });
      await expectInvariant();
    },
  );

  it("a discount nobody took changes nothing: the fill pays the whole fee and records no use", async () => {
    const buyer = await trader({ usdt: 10_000 * USDT_1 });
    const seller = await trader({ btc: BTC_1 });
    await issued({ kind: "discount", discount_pct: "50", uid: await uidOf(buyer.id) });
    await placed(seller.token, { side: "sell", amount: "0.01", price: "50000" });
    const buy = await placed(buyer.token, { side: "buy", amount: "0.01", price: "50000" });
    await settle();
    expect((await orderRow(buy)).feeUnits).toBe(1_000);
    const uses = await env.DB.prepare("SELECT count(*) AS n FROM coupon_uses WHERE order_id = ?").bind(buy).first<{ n: number }>();
    expect(uses!.n).toBe(0);
  });
});
