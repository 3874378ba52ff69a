import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, dayOf } from "../../schema/api/invite.ts";
import { payRebate, payRebatesChunk, REBATE_GRACE_MS } from "../../worker/domain/invite/rebates.ts";
import { SYSTEM_ACCOUNTS, SYSTEM_ACCOUNT_TYPE } from "../../worker/domain/ledger/index.ts";
import { api, createUser } from "./helpers.ts";
import { emailCode, freshEmail, freshIp, post } from "./auth-support.ts";
import { expectInvariant, fund } from "./money-helpers.ts";
import { BTC, USDT, balance, db, placed, seedMarkets, settle, trader } from "./market-helpers.ts";

const PASSWORD = "correct horse 1";
const BTC_1 = 100_000_000;
const USDT_1 = 1_000_000;

beforeAll(async () => {
  await seedMarkets();
});

const operator = () => createUser({ role: "operator" });
const codeOf = async (id: number) =>
  (await env.DB.prepare("SELECT invite_code FROM users WHERE id = ?").bind(id).first<{ invite_code: string }>())!.invite_code;
const invitedBy = async (email: string) =>
  (await env.DB.prepare("SELECT invited_by FROM users WHERE email = ?").bind(email.toLowerCase()).first<{ invited_by: number | null }>())!
    .invited_by;
const link = (inviteeId: number, inviterId: number) =>
  env.DB.prepare("UPDATE users SET invited_by = ? WHERE id = ?").bind(inviterId, inviteeId).run();

async function register(extension_code: string, lang = "en") {
  const client = { ip: freshIp(), lang };
  const email = freshEmail("inv");
  const code = await emailCode(email, "register", client);
  const res = await post(
    "/user/register",
    { user_string: email, code, password: PASSWORD, re_password: PASSWORD, extension_code, type: "email" },
    client,
  );
  return { res, email };
}

async function setConfig(required: "0" | "1", rate: string) {
  const op = await operator();
  const res = await api("/admin/invite/config", { token: op.token, form: { required, rate } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("invitation terms and registration", () => {
  it("GET /invite/config answers the default terms: code optional, 20 % of invitees' fees", async () => {
    await setConfig("0", "0.2");
    const res = await api("/invite/config");
    expect(res.body).toEqual({ type: "ok", message: { required: false, rate: "0.2" } });
  });

  it("operators change the terms, audited once per key and published; users and bad values are refused", async () => {
    const op = await operator();
    const user = await createUser();
    expect((await api("/admin/invite/config", { token: user.token, form: { required: "0", rate: "0.1" } })).status).toBe(403);
    expect((await api("/admin/invite/config", { form: { required: "0", rate: "0.1" } })).status).toBe(401);
    for (const rate of ["0.6", "-0.1", "abc", "0.12345", "", "1"]) {
      const bad = await api("/admin/invite/config", { token: op.token, form: { required: "0", rate, lang: "en" } });
      expect(bad.status, rate).toBe(400);
      expect(bad.body.code, rate).toBe("INVITE_RATE_INVALID");
    }
    const stray = await api("/admin/invite/config", { token: op.token, form: { required: "0", rate: "0.1", extra: "1" } });
    expect(stray.status).toBe(400);
    expect((await api("/admin/invite/config", { token: op.token, form: { required: "2", rate: "0.1" } })).status).toBe(400);

    const saved = await api("/admin/invite/config", { token: op.token, form: { required: "1", rate: "0.250" } });
    expect(saved.body.message).toEqual({ required: true, rate: "0.25" });
    const site = await api<Record<string, string>>("/getSiteConfig");
    expect(site.body.message.sharar_radio).toBe("1");
    expect(site.body.message.invite_rebate_rate).toBe("0.25");
    const audits = await env.DB.prepare(
      "SELECT subject_id, detail FROM audit_log WHERE actor_id = ? AND action = 'setting.update' ORDER BY subject_id",
    )
      .bind(op.id)
      .all<{ subject_id: string; detail: string }>();
    expect(audits.results.map((a) => [a.subject_id, JSON.parse(a.detail)])).toEqual([
      ["invite_rebate_rate", { from: "0.2", to: "0.25" }],
      ["sharar_radio", { from: "0", to: "1" }],
    ]);
    await setConfig("0", "0.2");
  });

  it("registration with an invite code links the invitee to its inviter (any case); an unknown code is refused", async () => {
    const inviter = await createUser();
    const { res, email } = await register((await codeOf(inviter.id)).toLowerCase());
    expect(res.status).toBe(200);
    expect(await invitedBy(email)).toBe(inviter.id);
    const unknown = await register("NOPE0000");
    expect(unknown.res.status).toBe(400);
    expect(unknown.res.body).toMatchObject({ code: "INVALID_INVITE_CODE" });
  });

  it(
    "without a code registration links nobody, unless the operators made the code mandatory: " +
      "then 400 INVITE_CODE_REQUIRED, translated",
    async () => {
      const free = await register("");
      expect(free.res.status).toBe(200);
      expect(await invitedBy(free.email)).toBeNull();
      await setConfig("1", "0.2");
      try {
        const refused = await register("", "spa");
        expect(refused.res.status).toBe(400);
        expect(refused.res.body).toEqual({ type: "error", code: "INVITE_CODE_REQUIRED", message: "Introduzca un código de invitación" });
        const inviter = await createUser();
        const ok = await register(await codeOf(inviter.id));
        expect(ok.res.status).toBe(200);
        expect(await invitedBy(ok.email)).toBe(inviter.id);
      } finally {
        await setConfig("0", "0.2");
      }
    },
  );
});

describe("GET /invite/share and /invite/rebates", () => {
  it("answers the user's own code, the terms and its invitees masked, newest first, never another user's", async () => {
    const inviter = await createUser({ email: `sharer${Date.now()}@example.test` });
    const a = await createUser({ email: `alexandra${Date.now()}@mail.test` });
    const b = await createUser({ email: `bob.${Date.now()}@mail.test` });
    await link(a.id, inviter.id);
    await link(b.id, inviter.id);
    await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(1_700_000_000_000, a.id).run();
    await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(1_700_000_500_000, b.id).run();
    const res = await api<{ invite_code: string; invitees: { name: string; registered_at: number }[]; invitee_count: number }>(
      "/invite/share",
      {
        token: inviter.token,
      },
    );
    expect(res.body.message).toEqual({
      invite_code: await codeOf(inviter.id),
      rate: "0.2",
      required: false,
      invitees: [
        { name: "bob***@mail.test", registered_at: 1_700_000_500_000 },
        { name: "ale***@mail.test", registered_at: 1_700_000_000_000 },
      ],
      invitee_count: 2,
      totals: [],
    });
    const other = await api<{ invitees: unknown[] }>("/invite/share", { token: a.token });
    expect(other.body.message.invitees).toEqual([]);
    expect((await api("/invite/share")).status).toBe(401);
    expect((await api("/invite/share?x=1", { token: inviter.token })).status).toBe(400);
    expect((await api("/invite/rebates?page=0", { token: inviter.token })).status).toBe(400);
    expect((await api("/invite/rebates?limit=51", { token: inviter.token })).status).toBe(400);
    expect((await api("/invite/rebates")).status).toBe(401);
  });
});

/** A settled seconds order row with its fee, and the fee it paid put in the fee account as acceptance would have. */
async function secondsOrder(userId: number, fee: number, settledAt: number, voided = 0) {
  await env.DB.prepare(
    `INSERT INTO seconds_orders (user_id, market_id, symbol, currency_id, type, seconds, number, fee, profit_ratio, loss_ratio,
       open_price, open_time, open_source, handled_at, status, void, payout, created_at, settled_at)
     VALUES (?, 1, 'BTC-USDT', ?, 1, 30, 1000000, ?, '0.1', '0.1', '50000', ?, 'sim', ?, 3, ?, 0, ?, ?)`,
  )
    .bind(userId, USDT, fee, settledAt - 30_000, settledAt, voided, settledAt - 30_000, settledAt)
    .run();
  await fund(SYSTEM_ACCOUNTS.fees, USDT, fee, SYSTEM_ACCOUNT_TYPE);
}

/** A contract position row with its open fee, funded into the fee account likewise. */
async function position(userId: number, fee: number, status: number, createdAt: number) {
  await env.DB.prepare(
    `INSERT INTO contract_positions (user_id, market_id, legal_id, side, status, lots, multiple, quantity, spread, fee_rate,
       overnight_rate, hazard_rate, margin_units, fee_units, created_at)
     VALUES (?, 1, ?, 1, ?, 1, 10, '0.01', '0', '0.001', '0', '0.2', 1000, ?, ?)`,
  )
    .bind(userId, USDT, status, fee, createdAt)
    .run();
  if (status !== 4) await fund(SYSTEM_ACCOUNTS.fees, USDT, fee, SYSTEM_ACCOUNT_TYPE);
}

const rebateJournals = async (inviterId: number) =>
  (
    await env.DB.prepare("SELECT ref_key FROM journals WHERE kind = 'invite_rebate' AND user_id = ? ORDER BY ref_key")
      .bind(inviterId)
      .all<{ ref_key: string }>()
  ).results.map((r) => r.ref_key);

describe("daily invitation rebates", () => {
  it(
    "pay floor(fee × rate) of each invitee's spot, contract and seconds fees per coin from the fee account, " +
      "once, however often the job runs",
    async () => {
      await setConfig("0", "0.2");
      const inviter = await createUser();
      const invitee = await trader({ usdt: 1_000 * USDT_1, btc: BTC_1 });
      const stranger = await trader({ usdt: 1_000 * USDT_1, btc: BTC_1 });
      await link(invitee.id, inviter.id);
      // Invited two days ago: the days since then are the inviter's to be paid.
      await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?")
        .bind(Date.now() - 2 * DAY_MS, invitee.id)
        .run();
      // The invitee buys 0.01 BTC as taker (fee 0.1 % of the base: 1,000 sat) and sells 0.01 BTC as maker (fee 0.08 % of
      // 500 USDT: 400,000 units); the stranger is the other side and earns nobody anything.
      await placed(stranger.token, { side: "sell", amount: "0.01", price: "50000" });
      await placed(invitee.token, { side: "buy", amount: "0.01", price: "50000" });
      await placed(invitee.token, { side: "sell", amount: "0.01", price: "50000" });
      await placed(stranger.token, { side: "buy", amount: "0.01", price: "50000" });
      await settle();
      const now = Date.now();
      const day = dayOf(now);
      await secondsOrder(invitee.id, 12_345, now);
      await secondsOrder(invitee.id, 99_999, now, 1); // voided: its fee was refunded
      await position(invitee.id, 7, 1, now);
      await position(invitee.id, 1_000, 4, now); // cancelled entry: fee refunded
      await secondsOrder(invitee.id, 5_000, (day - 1) * DAY_MS + 1); // the day before
      await secondsOrder(stranger.id, 50_000, now);

      const inviterBtc = await balance(inviter.id, BTC);
      const inviterUsdt = await balance(inviter.id, USDT);
      const feesUsdt = await balance(SYSTEM_ACCOUNTS.fees, USDT, SYSTEM_ACCOUNT_TYPE);
      const feesBtc = await balance(SYSTEM_ACCOUNTS.fees, BTC, SYSTEM_ACCOUNT_TYPE);
      // The day is not over (plus the grace): nothing for it yet; the day before is paid.
      await payRebatesChunk(db(), (day + 1) * DAY_MS + REBATE_GRACE_MS - 1);
      expect(await rebateJournals(inviter.id)).toEqual([`rebate:${inviter.id}:${day - 1}`]);
      expect((await balance(inviter.id, USDT)).available - inviterUsdt.available).toBe(1_000);

      const jobNow = (day + 1) * DAY_MS + REBATE_GRACE_MS;
      for (let run = 0; run < 3; run++) await payRebatesChunk(db(), jobNow);
      // USDT: floor((400,000 + 12,345 + 7) × 0.2) = 82,470; BTC: floor(1,000 × 0.2) = 200.
      expect((await balance(inviter.id, USDT)).available - inviterUsdt.available).toBe(1_000 + 82_470);
      expect((await balance(inviter.id, BTC)).available - inviterBtc.available).toBe(200);
      expect(feesUsdt.available - (await balance(SYSTEM_ACCOUNTS.fees, USDT, SYSTEM_ACCOUNT_TYPE)).available).toBe(1_000 + 82_470);
      expect(feesBtc.available - (await balance(SYSTEM_ACCOUNTS.fees, BTC, SYSTEM_ACCOUNT_TYPE)).available).toBe(200);
      expect(await rebateJournals(inviter.id)).toEqual([`rebate:${inviter.id}:${day - 1}`, `rebate:${inviter.id}:${day}`]);
      // Paying the day again directly (a job whose run row was lost) moves nothing.
      expect(await payRebate(db(), inviter.id, day, "0.2", jobNow)).toEqual([]);
      expect((await balance(inviter.id, USDT)).available - inviterUsdt.available).toBe(1_000 + 82_470);

      const listed = await api<{ list: Record<string, unknown>[]; total: number }>("/invite/rebates", { token: inviter.token });
      expect(listed.body.message.total).toBe(3);
      expect(listed.body.message.list.map(({ id: _id, invitee: _i, ...r }) => r)).toEqual([
        { day, currency: "USDT", fee: "0.412352", rate: "0.2", amount: "0.08247" },
        { day, currency: "BTC", fee: "0.00001", rate: "0.2", amount: "0.000002" },
        { day: day - 1, currency: "USDT", fee: "0.005", rate: "0.2", amount: "0.001" },
      ]);
      const share = await api<{ totals: unknown[] }>("/invite/share", { token: inviter.token });
      expect(share.body.message.totals).toEqual([
        { currency: "BTC", amount: "0.000002" },
        { currency: "USDT", amount: "0.08347" },
      ]);
      const strangers = await api<{ total: number }>("/invite/rebates", { token: stranger.token });
      expect(strangers.body.message.total).toBe(0);
      await expectInvariant();
    },
  );

  it("a rebate the fee account cannot cover is refused whole and retried later, never paid from thin air", async () => {
    await setConfig("0", "0.5");
    try {
      const inviter = await createUser();
      const invitee = await createUser();
      await link(invitee.id, inviter.id);
      const day = dayOf(Date.now()) - 3;
      await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?")
        .bind(day * DAY_MS, invitee.id)
        .run();
      // A fee recorded on the order but never collected into the fee account (drain the fee account's USDT first).
      const fees = await balance(SYSTEM_ACCOUNTS.fees, USDT, SYSTEM_ACCOUNT_TYPE);
      await env.DB.prepare(
        `INSERT INTO seconds_orders (user_id, market_id, symbol, currency_id, type, seconds, number, fee, profit_ratio, loss_ratio,
           open_price, open_time, open_source, handled_at, status, void, payout, created_at, settled_at)
         VALUES (?, 1, 'BTC-USDT', ?, 1, 30, 1000000, ?, '0.1', '0.1', '50000', ?, 'sim', ?, 3, 0, 0, ?, ?)`,
      )
        .bind(invitee.id, USDT, (fees.available + 10) * 2, day * DAY_MS, day * DAY_MS + 5, day * DAY_MS, day * DAY_MS + 5)
        .run();
      const before = await balance(inviter.id, USDT);
      await payRebatesChunk(db(), (day + 1) * DAY_MS + REBATE_GRACE_MS);
      expect(await rebateJournals(inviter.id)).toEqual([]);
      expect(await balance(inviter.id, USDT)).toEqual(before);
      const run = await env.DB.prepare("SELECT count(*) AS n FROM invite_rebate_runs WHERE inviter_id = ?")
        .bind(inviter.id)
        .first<{ n: number }>();
      expect(run!.n).toBe(0);
    } finally {
      await setConfig("0", "0.2");
    }
  });
});

describe("POST /dev/invite_rebates (local only)", () => {
  it("pays today's rebates at once, once; refuses bad input", async () => {
    const inviter = await createUser();
    const invitee = await createUser();
    await link(invitee.id, inviter.id);
    await secondsOrder(invitee.id, 10_000, Date.now());
    const first = await api<{ paid: number }>("/dev/invite_rebates", { form: {} });
    expect(first.status).toBe(200);
    expect((await balance(inviter.id, USDT)).available).toBe(2_000);
    await api("/dev/invite_rebates", { form: {} });
    expect((await balance(inviter.id, USDT)).available).toBe(2_000);
    expect((await api("/dev/invite_rebates", { form: { day: "x" } })).status).toBe(400);
    expect((await api("/dev/invite_rebates", { form: { other: "1" } })).status).toBe(400);
  });
});
