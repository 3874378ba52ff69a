import { aliasedTable, and, desc, eq, gte, inArray } from "drizzle-orm";
import type { AdminCoupleLink, CouplePerson, CoupleRequestView, CoupleRewardState, CoupleView } from "../../../schema/api/activity.ts";
import { coupleLinks, coupleMembers, currencies, deposits, journals, users } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import {
  D,
  DEPOSIT_ACCOUNT,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  bound,
  commit,
  errorText,
  fromUnits,
  toUnits,
  transfer,
} from "../ledger/index.ts";
import { type ConfigRow, coupleTerms, loadConfig } from "./config.ts";

/**
 * The couple link (activity/lovers). A asks B by UID, B confirms or declines, A may withdraw a pending request. A
 * confirmed link is for ever: there is no way to undo it. Once both have confirmed deposits of the configured coin
 * since the link (at least the configured amounts: A's and B's), each member may claim the reward once, paid from the
 * house account under the journal key `couple:reward:<link>:<user>`, whose uniqueness is what makes it once.
 */

const rewardKey = (linkId: number, userId: number) => `couple:reward:${linkId}:${userId}`;

const requester = aliasedTable(users, "requester");
const partner = aliasedTable(users, "partner");

const person = (u: { uid: string; nickname: string }): CouplePerson => ({ uid: u.uid, nickname: u.nickname });

const linkSelect = (db: Db) =>
  db
    .select({
      link: coupleLinks,
      a: { uid: requester.uid, nickname: requester.nickname },
      b: { uid: partner.uid, nickname: partner.nickname },
    })
    .from(coupleLinks)
    .innerJoin(requester, eq(requester.id, coupleLinks.requesterId))
    .innerJoin(partner, eq(partner.id, coupleLinks.partnerId));

type LinkRow = Awaited<ReturnType<ReturnType<typeof linkSelect>["all"]>>[number];

const requestView = (r: LinkRow): CoupleRequestView => ({
  id: r.link.id,
  from: person(r.a),
  to: person(r.b),
  created_at: r.link.createdAt,
});

/** Confirmed deposits of `currencyId` a user received since `since` (their credited, verified amounts). */
async function depositedSince(db: Db, userId: number, currencyId: number, since: number): Promise<string> {
  const rows = await db
    .select({ amount: deposits.verifiedAmount })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.currencyId, currencyId),
        eq(deposits.status, "confirmed"),
        gte(deposits.reviewedAt, since),
      ),
    )
    .all();
  return rows.reduce((sum, r) => sum.plus(r.amount ?? "0"), new D(0)).toFixed();
}

async function claimed(db: Db, linkId: number, userId: number): Promise<boolean> {
  const row = await db
    .select({ id: journals.id })
    .from(journals)
    .where(eq(journals.refKey, rewardKey(linkId, userId)))
    .get();
  return row !== undefined;
}

type Linked = { row: LinkRow; linkedAt: number; role: "a" | "b"; depositedA: string; depositedB: string; reward: CoupleRewardState };

async function linkedState(db: Db, config: ConfigRow, userId: number): Promise<Linked | null> {
  const member = await db.select().from(coupleMembers).where(eq(coupleMembers.userId, userId)).get();
  if (!member) return null;
  const row = await linkSelect(db).where(eq(coupleLinks.id, member.linkId)).get();
  if (!row) return null;
  const coin = config.coupleDepositCurrencyId;
  const [depositedA, depositedB, done] = await Promise.all([
    depositedSince(db, row.link.requesterId, coin, member.linkedAt),
    depositedSince(db, row.link.partnerId, coin, member.linkedAt),
    claimed(db, row.link.id, userId),
  ]);
  const qualified = new D(depositedA).gte(config.coupleMinDepositA) && new D(depositedB).gte(config.coupleMinDepositB);
  const reward: CoupleRewardState = done ? "claimed" : qualified ? "claimable" : "unclaimed";
  return { row, linkedAt: member.linkedAt, role: row.link.requesterId === userId ? "a" : "b", depositedA, depositedB, reward };
}

/** GET /activity/lovers: the terms, the caller's link with both deposits and the reward's state, and pending requests. */
export async function coupleView(db: Db, userId: number): Promise<CoupleView> {
  const config = await loadConfig(db);
  const [terms, linked, outgoing, incoming] = await Promise.all([
    coupleTerms(db, config),
    linkedState(db, config, userId),
    linkSelect(db)
      .where(and(eq(coupleLinks.requesterId, userId), eq(coupleLinks.status, "pending")))
      .get(),
    linkSelect(db)
      .where(and(eq(coupleLinks.partnerId, userId), eq(coupleLinks.status, "pending")))
      .orderBy(desc(coupleLinks.id))
      .limit(20)
      .all(),
  ]);
  return {
    config: terms,
    link: linked
      ? {
          id: linked.row.link.id,
          role: linked.role,
          partner: person(linked.role === "a" ? linked.row.b : linked.row.a),
          linked_at: linked.linkedAt,
          deposited_a: linked.depositedA,
          deposited_b: linked.depositedB,
          reward: linked.reward,
        }
      : null,
    outgoing: outgoing ? requestView(outgoing) : null,
    incoming: linked ? [] : incoming.map(requestView),
  };
}

async function isLinked(db: Db, userId: number): Promise<boolean> {
  return (await db.select({ id: coupleMembers.userId }).from(coupleMembers).where(eq(coupleMembers.userId, userId)).get()) !== undefined;
}

/** POST /activity/lovers/request: A asks the account with `uid`. */
export async function requestLink(db: Db, userId: number, uid: string, now = Date.now()): Promise<CoupleView> {
  const config = await loadConfig(db);
  if (!config.coupleEnabled) throw conflict("COUPLE_CLOSED");
  const target = await db.select({ id: users.id, role: users.role, status: users.status }).from(users).where(eq(users.uid, uid)).get();
  if (!target || target.role !== "user" || target.status !== "active") throw notFound("COUPLE_UID_NOT_FOUND");
  if (target.id === userId) throw badRequest("COUPLE_SELF");
  if (await isLinked(db, userId)) throw conflict("COUPLE_ALREADY_LINKED");
  if (await isLinked(db, target.id)) throw conflict("COUPLE_PARTNER_LINKED");
  try {
    await db.insert(coupleLinks).values({ requesterId: userId, partnerId: target.id, createdAt: now });
  } catch (err) {
    if (errorText(err).includes("couple_links.requester_id")) throw conflict("COUPLE_REQUEST_PENDING");
    throw err;
  }
  return coupleView(db, userId);
}

async function pendingFor(db: Db, id: number, where: "partner" | "requester", userId: number) {
  const row = await db.select().from(coupleLinks).where(eq(coupleLinks.id, id)).get();
  const mine = row && (where === "partner" ? row.partnerId : row.requesterId) === userId;
  // Another user's request is answered as if it did not exist.
  if (!row || !mine) throw notFound();
  if (row.status !== "pending") throw conflict("COUPLE_REQUEST_CLOSED");
  return row;
}

// The members are inserted from the link row as this batch left it, so they exist only if this batch confirmed it; a
// member already linked elsewhere violates couple_members' primary key and fails the whole batch, status update included.
const INSERT_MEMBERS =
  `INSERT INTO couple_members (user_id, link_id, linked_at) SELECT m.user_id, l.id, l.responded_at ` +
  `FROM couple_links AS l, (SELECT l2.requester_id AS user_id FROM couple_links AS l2 WHERE l2.id = ?1 ` +
  `UNION ALL SELECT l3.partner_id FROM couple_links AS l3 WHERE l3.id = ?1) AS m ` +
  `WHERE l.id = ?1 AND l.status = 'linked' AND l.responded_at = ?2`;
// Other requests of either member can no longer be confirmed; withdraw them (only when this batch linked).
const CANCEL_OTHERS =
  `UPDATE couple_links SET status = 'cancelled', responded_at = ?2 WHERE status = 'pending' AND id <> ?1 ` +
  `AND (requester_id IN (?3, ?4) OR partner_id IN (?3, ?4)) ` +
  `AND EXISTS (SELECT 1 FROM couple_links WHERE id = ?1 AND status = 'linked' AND responded_at = ?2)`;

/** POST /activity/lovers/confirm and /decline: B answers a request addressed to B. */
export async function answerRequest(db: Db, userId: number, id: number, accept: boolean, now = Date.now()): Promise<CoupleView> {
  const row = await pendingFor(db, id, "partner", userId);
  const guard = and(eq(coupleLinks.id, id), eq(coupleLinks.status, "pending"));
  if (!accept) {
    await db.update(coupleLinks).set({ status: "declined", respondedAt: now }).where(guard);
  } else {
    try {
      await commit(db, [
        db.update(coupleLinks).set({ status: "linked", respondedAt: now }).where(guard),
        bound(db, INSERT_MEMBERS, id, now),
        bound(db, CANCEL_OTHERS, id, now, row.requesterId, row.partnerId),
      ]);
    } catch (err) {
      if (!errorText(err).includes("couple_members.user_id")) throw err;
      throw conflict((await isLinked(db, userId)) ? "COUPLE_ALREADY_LINKED" : "COUPLE_PARTNER_LINKED");
    }
  }
  const after = await db.select({ status: coupleLinks.status }).from(coupleLinks).where(eq(coupleLinks.id, id)).get();
  if (after?.status !== (accept ? "linked" : "declined")) throw conflict("COUPLE_REQUEST_CLOSED");
  return coupleView(db, userId);
}

/** POST /activity/lovers/cancel: A withdraws A's pending request. */
export async function cancelRequest(db: Db, userId: number, id: number, now = Date.now()): Promise<CoupleView> {
  await pendingFor(db, id, "requester", userId);
  const done = await db
    .update(coupleLinks)
    .set({ status: "cancelled", respondedAt: now })
    .where(and(eq(coupleLinks.id, id), eq(coupleLinks.status, "pending")))
    .returning({ id: coupleLinks.id });
  if (done.length === 0) throw conflict("COUPLE_REQUEST_CLOSED");
  return coupleView(db, userId);
}

/**
 * POST /activity/lovers/claim: pays the caller's reward once, from the house account, in one ledger batch. A second
 * claim, however concurrent, fails on the journal key and answers 409 COUPLE_ALREADY_RECEIVED.
 */
export async function claimReward(
  db: Db,
  userId: number,
  record: (paid: { amount: string; coin: string }) => Statement[] = () => [],
  now = Date.now(),
): Promise<{ amount: string; coin: string }> {
  const config = await loadConfig(db);
  const linked = await linkedState(db, config, userId);
  if (!linked) throw conflict("COUPLE_NOT_LINKED");
  const coin = await db.select().from(currencies).where(eq(currencies.id, config.coupleRewardCurrencyId)).get();
  if (!coin) throw conflict("COUPLE_CLOSED");
  if (linked.reward === "claimed") throw conflict("COUPLE_ALREADY_RECEIVED");
  if (linked.reward === "unclaimed") {
    const deposit = await db
      .select({ name: currencies.name })
      .from(currencies)
      .where(eq(currencies.id, config.coupleDepositCurrencyId))
      .get();
    throw conflict("COUPLE_NOT_QUALIFIED", { a: config.coupleMinDepositA, b: config.coupleMinDepositB, coin: deposit?.name ?? "" });
  }
  const units = toUnits(config.coupleRewardAmount, coin.precision, "down");
  const paid = { amount: fromUnits(units, coin.precision), coin: coin.name };
  const result = await transfer(
    db,
    {
      from: { userId: SYSTEM_ACCOUNTS.house, accountType: SYSTEM_ACCOUNT_TYPE },
      to: { userId, accountType: DEPOSIT_ACCOUNT },
      currencyId: coin.id,
      amount: units,
      kind: "couple_reward",
      refKey: rewardKey(linked.row.link.id, userId),
      userId,
      memo: { link_id: linked.row.link.id },
    },
    [],
    { prefix: record(paid), now },
  );
  if (result.status === "duplicate") throw conflict("COUPLE_ALREADY_RECEIVED");
  return paid;
}

/** GET /admin/activity/lovers: links newest first, with who has claimed. */
export async function adminCoupleLinks(
  db: Db,
  input: { page: number; limit: number; status?: AdminCoupleLink["status"] },
): Promise<{ list: AdminCoupleLink[]; total: number }> {
  const where = input.status ? eq(coupleLinks.status, input.status) : undefined;
  const [rows, total] = await Promise.all([
    linkSelect(db)
      .where(where)
      .orderBy(desc(coupleLinks.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .all(),
    db.$count(coupleLinks, where),
  ]);
  const keys = rows
    .filter((r) => r.link.status === "linked")
    .flatMap((r) => [rewardKey(r.link.id, r.link.requesterId), rewardKey(r.link.id, r.link.partnerId)]);
  const paid = new Set(
    keys.length > 0
      ? (await db.select({ key: journals.refKey }).from(journals).where(inArray(journals.refKey, keys)).all()).map((j) => j.key)
      : [],
  );
  return {
    list: rows.map((r) => ({
      id: r.link.id,
      status: r.link.status,
      a: person(r.a),
      b: person(r.b),
      created_at: r.link.createdAt,
      responded_at: r.link.respondedAt,
      claimed: [
        ...(paid.has(rewardKey(r.link.id, r.link.requesterId)) ? (["a"] as const) : []),
        ...(paid.has(rewardKey(r.link.id, r.link.partnerId)) ? (["b"] as const) : []),
      ],
    })),
    total,
  };
}
