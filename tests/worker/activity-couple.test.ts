import { eq, inArray, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminCoupleLink, CoupleView } from "../../schema/api/activity.ts";
import * as tables from "../../schema/db/index.ts";
import { SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/index.ts";
import { api, createUser } from "./helpers.ts";
import { USDT, balance, db, expectInvariant, fund, seedMoney, txHashFor, voucherOf } from "./money-helpers.ts";

const USDT_UNIT = 1_000_000;
type User = Awaited<ReturnType<typeof createUser>>;
let operator: User;

const uidOf = async (id: number) =>
  (await db().select({ uid: tables.users.uid }).from(tables.users).where(eq(tables.users.id, id)).get())!.uid;
const view = (u: User) => api<CoupleView>("/activity/lovers", { token: u.token });
const ask = async (from: User, to: User) =>
  api<CoupleView>("/activity/lovers/request", { token: from.token, form: { uid: await uidOf(to.id) } });
const confirm = (u: User, id: number) => api<CoupleView>("/activity/lovers/confirm", { token: u.token, form: { id: String(id) } });
const claim = (u: User, key?: string) =>
  api<string>("/activity/lovers/claim", { token: u.token, method: "POST", headers: key ? { "Idempotency-Key": key } : {} });

/** A USDT deposit through the product's path: the user's request, an operator's confirmation of the verified amount. */
async function deposit(u: User, amount: string) {
  const req = await api("/wallet/charge_req", {
    token: u.token,
    form: { currency: "USDT", type: "0", ...txHashFor("TRC20"), account: await voucherOf(u.id), amount },
  });
  expect(req.status).toBe(200);
  const dep = (await db().select().from(tables.deposits).where(eq(tables.deposits.userId, u.id)).all()).at(-1)!;
  const ok = await api("/admin/deposits/confirm", { token: operator.token, form: { id: String(dep.id), amount } });
  expect(ok.status).toBe(200);
}

async function linkedPair(): Promise<{ a: User; b: User; id: number }> {
  const [a, b] = [await createUser(), await createUser()];
  const req = await ask(a, b);
  expect(req.status).toBe(200);
  const id = req.body.message.outgoing!.id;
  expect((await confirm(b, id)).status).toBe(200);
  return { a, b, id };
}

beforeAll(async () => {
  await seedMoney();
  await fund(SYSTEM_ACCOUNTS.house, USDT, 1_000_000 * USDT_UNIT);
  operator = await createUser({ role: "operator" });
  const res = await api("/admin/activity/lovers/config", {
    token: operator.token,
    form: {
      enabled: "1",
      deposit_currency: "USDT",
      min_deposit_a: "100",
      min_deposit_b: "50",
      reward_currency: "USDT",
      reward_amount: "10",
    },
  });
  expect(res.status).toBe(200);
});

describe("couple link: request and answer", () => {
  it("A asks B by UID; B sees the request and confirms; both see the link with their roles", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const req = await ask(a, b);
    expect(req.status).toBe(200);
    const out = req.body.message.outgoing!;
    expect(out.to.uid).toBe(await uidOf(b.id));
    const seen = (await view(b)).body.message;
    expect(seen.incoming.map((r) => [r.id, r.from.uid])).toEqual([[out.id, await uidOf(a.id)]]);
    const done = await confirm(b, out.id);
    expect(done.status).toBe(200);
    expect(done.body.message.link).toMatchObject({ id: out.id, role: "b", partner: { uid: await uidOf(a.id) }, reward: "unclaimed" });
    expect(done.body.message.incoming).toEqual([]);
    expect((await view(a)).body.message).toMatchObject({
      link: { id: out.id, role: "a", deposited_a: "0", deposited_b: "0" },
      outgoing: null,
    });
  });

  it("refuses a bad UID (400), an unknown UID (404), oneself (400), and a second pending request (409)", async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const bad = await api("/activity/lovers/request", { token: a.token, form: { uid: "no spaces!" } });
    expect([bad.status, bad.body.code]).toEqual([400, "COUPLE_UID_INVALID"]);
    const unknown = await api("/activity/lovers/request", { token: a.token, form: { uid: "NOSUCHUID0" } });
    expect([unknown.status, unknown.body.code]).toEqual([404, "COUPLE_UID_NOT_FOUND"]);
    const self = await ask(a, a);
    expect([self.status, self.body.code]).toEqual([400, "COUPLE_SELF"]);
    expect((await ask(a, b)).status).toBe(200);
    const second = await ask(a, c);
    expect([second.status, second.body.code]).toEqual([409, "COUPLE_REQUEST_PENDING"]);
    expect((await api("/activity/lovers/request", { token: a.token, form: { uid: "x", extra: "1" } })).status).toBe(400);
    expect((await api("/activity/lovers/request", { form: { uid: "x" } })).status).toBe(401);
  });

  it("only the addressee answers: another user's request id is 404 for confirm, decline and cancel", async () => {
    const [a, b, stranger] = [await createUser(), await createUser(), await createUser()];
    const id = (await ask(a, b)).body.message.outgoing!.id;
    for (const path of ["/activity/lovers/confirm", "/activity/lovers/decline", "/activity/lovers/cancel"]) {
      const res = await api(path, { token: stranger.token, form: { id: String(id) } });
      expect([path, res.status]).toEqual([path, 404]);
    }
    // A cannot confirm A's own request, B cannot withdraw it.
    expect((await confirm(a, id)).status).toBe(404);
    expect((await api("/activity/lovers/cancel", { token: b.token, form: { id: String(id) } })).status).toBe(404);
    expect((await api("/activity/lovers/confirm", { token: b.token, form: { id: "abc" } })).status).toBe(400);
    expect((await api("/activity/lovers/confirm", { token: b.token, form: { id: "999999999" } })).status).toBe(404);
  });

  it("a declined or withdrawn request is closed (409) and frees the requester to ask again", async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const first = (await ask(a, b)).body.message.outgoing!.id;
    const declined = await api<CoupleView>("/activity/lovers/decline", { token: b.token, form: { id: String(first) } });
    expect([declined.status, declined.body.message.incoming]).toEqual([200, []]);
    expect((await confirm(b, first)).body.code).toBe("COUPLE_REQUEST_CLOSED");
    const second = (await ask(a, c)).body.message.outgoing!.id;
    expect((await api("/activity/lovers/cancel", { token: a.token, form: { id: String(second) } })).status).toBe(200);
    const late = await confirm(c, second);
    expect([late.status, late.body.code]).toEqual([409, "COUPLE_REQUEST_CLOSED"]);
    expect((await view(a)).body.message).toMatchObject({ link: null, outgoing: null });
  });

  it("one link per account: nobody linked can ask or be asked, and there is no way to undo a link", async () => {
    const { a, b, id } = await linkedPair();
    const c = await createUser();
    expect((await ask(a, c)).body.code).toBe("COUPLE_ALREADY_LINKED");
    expect((await ask(c, b)).body.code).toBe("COUPLE_PARTNER_LINKED");
    // The link's own request cannot be answered again, declined or withdrawn.
    for (const path of ["/activity/lovers/confirm", "/activity/lovers/decline"]) {
      expect((await api(path, { token: b.token, form: { id: String(id) } })).body.code).toBe("COUPLE_REQUEST_CLOSED");
    }
    expect((await api("/activity/lovers/cancel", { token: a.token, form: { id: String(id) } })).body.code).toBe("COUPLE_REQUEST_CLOSED");
    expect(await db().select().from(tables.coupleMembers).where(eq(tables.coupleMembers.linkId, id)).all()).toHaveLength(2);
  });

  it("two requests to one account confirmed at once link it once; the other fails whole (409) and leaves no member row", async () => {
    const [a1, a2, b] = [await createUser(), await createUser(), await createUser()];
    const r1 = (await ask(a1, b)).body.message.outgoing!.id;
    const r2 = (await ask(a2, b)).body.message.outgoing!.id;
    const answers = await Promise.all([confirm(b, r1), confirm(b, r2)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const members = await db().select().from(tables.coupleMembers).where(eq(tables.coupleMembers.userId, b.id)).all();
    expect(members).toHaveLength(1);
    const links = await db().select().from(tables.coupleLinks).where(eq(tables.coupleLinks.partnerId, b.id)).all();
    expect(links.map((l) => l.status).sort()).toEqual(["cancelled", "linked"]);
    const loser = links.find((l) => l.status === "cancelled")!;
    expect(await db().select().from(tables.coupleMembers).where(eq(tables.coupleMembers.userId, loser.requesterId)).all()).toEqual([]);
  });

  it("crossed requests between two accounts confirmed at once make one link, never two", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const ab = (await ask(a, b)).body.message.outgoing!.id;
    const ba = (await ask(b, a)).body.message.outgoing!.id;
    const answers = await Promise.all([confirm(b, ab), confirm(a, ba)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const members = await db()
      .select()
      .from(tables.coupleMembers)
      .where(inArray(tables.coupleMembers.userId, [a.id, b.id]))
      .all();
    expect(members).toHaveLength(2);
    expect(new Set(members.map((m) => m.linkId)).size).toBe(1);
    const links = await db()
      .select()
      .from(tables.coupleLinks)
      .where(inArray(tables.coupleLinks.id, [ab, ba]))
      .all();
    expect(links.map((l) => l.status).sort()).toEqual(["cancelled", "linked"]);
  });
});

describe("couple reward", () => {
  it("is unclaimed until both deposited enough since linking, then claimable, paid once from the house, then claimed", async () => {
    const { a, b } = await linkedPair();
    const early = await claim(a);
    expect([early.status, early.body.code]).toEqual([409, "COUPLE_NOT_QUALIFIED"]);
    await deposit(a, "100");
    await deposit(b, "49.99");
    expect((await view(a)).body.message.link).toMatchObject({ deposited_a: "100", deposited_b: "49.99", reward: "unclaimed" });
    await deposit(b, "0.01");
    expect((await view(b)).body.message.link).toMatchObject({ deposited_b: "50", reward: "claimable" });
    const house = await balance(SYSTEM_ACCOUNTS.house, USDT);
    const before = await balance(a.id, USDT);
    const paid = await claim(a, "claim-key-1");
    expect([paid.status, paid.body.message]).toEqual([200, "10 USDT has been credited to your exchange account"]);
    expect((await balance(a.id, USDT)).available - before.available).toBe(10 * USDT_UNIT);
    expect(house.available - (await balance(SYSTEM_ACCOUNTS.house, USDT)).available).toBe(10 * USDT_UNIT);
    // The same key replays the answer; another claim is "already received".
    const replay = await claim(a, "claim-key-1");
    expect([replay.status, replay.headers.get("Idempotent-Replayed")]).toEqual([200, "true"]);
    const again = await claim(a, "claim-key-2");
    expect([again.status, again.body.code, again.body.message]).toEqual([
      409,
      "COUPLE_ALREADY_RECEIVED",
      "You have already received this reward",
    ]);
    expect((await view(a)).body.message.link?.reward).toBe("claimed");
    expect((await view(b)).body.message.link?.reward).toBe("claimable");
    const bill = await db().select().from(tables.journals).where(eq(tables.journals.kind, "couple_reward")).all();
    expect(bill.filter((j) => j.userId === a.id)).toHaveLength(1);
    await expectInvariant();
  });

  it("deposits before the link do not count", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await deposit(a, "500");
    await deposit(b, "500");
    const id = (await ask(a, b)).body.message.outgoing!.id;
    await confirm(b, id);
    expect((await view(a)).body.message.link).toMatchObject({ deposited_a: "0", deposited_b: "0", reward: "unclaimed" });
  });

  it("ten concurrent claims by one member pay once", async () => {
    const { a, b } = await linkedPair();
    await deposit(a, "100");
    await deposit(b, "50");
    const before = await balance(a.id, USDT);
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(a)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(Array(9).fill("COUPLE_ALREADY_RECEIVED"));
    expect((await balance(a.id, USDT)).available - before.available).toBe(10 * USDT_UNIT);
    const keys = await db()
      .select()
      .from(tables.journals)
      .where(like(tables.journals.refKey, `couple:reward:%:${a.id}`))
      .all();
    expect(keys).toHaveLength(1);
    await expectInvariant();
  });

  it("an account without a link cannot claim (409), nor without a session (401)", async () => {
    const u = await createUser();
    expect((await claim(u)).body.code).toBe("COUPLE_NOT_LINKED");
    expect((await api("/activity/lovers/claim", { method: "POST" })).status).toBe(401);
    expect((await api("/activity/lovers/claim", { token: u.token, form: { amount: "1000" } })).status).toBe(400);
  });
});

describe("console: couple terms and links", () => {
  it("terms are edited by operators only, checked, audited; a closed activity refuses requests", async () => {
    const u = await createUser();
    const form = {
      enabled: "0",
      deposit_currency: "USDT",
      min_deposit_a: "100",
      min_deposit_b: "50",
      reward_currency: "USDT",
      reward_amount: "10",
    };
    expect((await api("/admin/activity/lovers/config", { token: u.token, form })).status).toBe(403);
    const tooPrecise = await api("/admin/activity/lovers/config", { token: operator.token, form: { ...form, reward_amount: "0.0000001" } });
    expect([tooPrecise.status, tooPrecise.body.code]).toEqual([400, "AMOUNT_TOO_PRECISE"]);
    const zero = await api("/admin/activity/lovers/config", { token: operator.token, form: { ...form, reward_amount: "0" } });
    expect(zero.status).toBe(400);
    const unknown = await api("/admin/activity/lovers/config", { token: operator.token, form: { ...form, reward_currency: "NOPE" } });
    expect([unknown.status, unknown.body.code]).toEqual([400, "UNKNOWN_CURRENCY"]);
    expect((await api("/admin/activity/lovers/config", { token: operator.token, form })).status).toBe(200);
    const closed = await ask(await createUser(), await createUser());
    expect([closed.status, closed.body.code]).toEqual([409, "COUPLE_CLOSED"]);
    expect((await api("/admin/activity/lovers/config", { token: operator.token, form: { ...form, enabled: "1" } })).status).toBe(200);
    const audit = await db().select().from(tables.auditLog).where(eq(tables.auditLog.action, "couple_terms.update")).all();
    expect(JSON.parse(audit.at(-2)!.detail).to).toEqual({
      enabled: false,
      deposit_currency: USDT,
      min_a: "100",
      min_b: "50",
      reward_currency: USDT,
      reward: "10",
    });
  });

  it("lists links newest first with who claimed, to operators only", async () => {
    const { a, b, id } = await linkedPair();
    await deposit(a, "100");
    await deposit(b, "50");
    expect((await claim(b)).status).toBe(200);
    const res = await api<{ list: AdminCoupleLink[]; total: number }>("/admin/activity/lovers?status=linked&limit=5", {
      token: operator.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.message.list[0]).toMatchObject({
      id,
      status: "linked",
      a: { uid: await uidOf(a.id) },
      b: { uid: await uidOf(b.id) },
      claimed: ["b"],
    });
    expect((await api("/admin/activity/lovers", { token: a.token })).status).toBe(403);
    expect((await api("/admin/activity/lovers?limit=41", { token: operator.token })).status).toBe(400);
    expect((await api("/admin/activity/lovers?status=gone", { token: operator.token })).status).toBe(400);
  });
});
