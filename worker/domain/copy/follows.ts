import { and, desc, eq, sql } from "drizzle-orm";
import type { MyCopy, MyFollow } from "../../../schema/api/follow.ts";
import type { Lang } from "../../../schema/api/lang.ts";
import { CONTRACT_STATUS, contractPositions, followTraders, follows, users } from "../../../schema/db/index.ts";
import type { ReferenceSource } from "../contracts/pairs.ts";
import { contractPairById } from "../contracts/pairs.ts";
import { profitUnits } from "../contracts/math.ts";
import { ownPosition } from "../contracts/positions.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import { fromUnits } from "../ledger/index.ts";
import { followNumber } from "./sizing.ts";
import { approvedTrader, traderRow } from "./traders.ts";

/**
 * Follows: at most 2 active per follower, never by a trader, never of oneself; a cancelled follow copies nothing new,
 * and its open copies still close with the trader. Self-hold turns a copy into the follower's own position.
 */

export const MAX_ACTIVE_FOLLOWS = 2;

/**
 * /follow/follow: one INSERT ... SELECT whose conditions (fewer than 2 active follows, the follower not a trader)
 * are read in the same statement, so two concurrent follows cannot both pass the limit.
 */
export async function startFollow(
  db: Db,
  followerId: number,
  input: { traderId: number; type: 1 | 2; number: string; lang: Lang },
  now = Date.now(),
): Promise<{ nickname: string }> {
  const number = followNumber(input.number);
  if (number === null) throw badRequest("FOLLOW_NUMBER_INVALID");
  if (followerId === input.traderId) throw conflict("FOLLOW_SELF");
  const trader = await approvedTrader(db, input.traderId);
  const own = await traderRow(db, followerId);
  if (own && (own.status === "approved" || own.status === "pending")) throw conflict("FOLLOW_TRADER_CANNOT_FOLLOW");
  const active = await db
    .select({ traderId: follows.traderId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.status, 1)))
    .all();
  if (active.some((f) => f.traderId === input.traderId)) throw conflict("FOLLOW_ALREADY");
  let inserted: unknown[];
  try {
    inserted = await db.all(
      sql`INSERT INTO follows (follower_id, trader_id, type, number, status, created_at, lang)
        SELECT ${followerId}, ${input.traderId}, ${input.type}, ${number}, 1, ${now}, ${input.lang}
        WHERE (SELECT count(*) FROM follows WHERE follower_id = ${followerId} AND status = 1) < ${MAX_ACTIVE_FOLLOWS}
          AND NOT EXISTS (SELECT 1 FROM follow_traders WHERE user_id = ${followerId} AND status IN ('approved', 'pending'))
        RETURNING id`,
    );
  } catch (err) {
    if (String(err).includes("UNIQUE")) throw conflict("FOLLOW_ALREADY");
    throw err;
  }
  if (inserted.length === 0) throw conflict("FOLLOW_LIMIT");
  return { nickname: trader.nickname };
}

/** /follow/cancel: the caller's active follow of the trader; none is 404. */
export async function cancelFollow(db: Db, followerId: number, traderId: number, now = Date.now()): Promise<void> {
  const rows = await db
    .update(follows)
    .set({ status: 0, cancelledAt: now })
    .where(and(eq(follows.followerId, followerId), eq(follows.traderId, traderId), eq(follows.status, 1)))
    .returning({ id: follows.id });
  if (rows.length === 0) throw notFound();
}

/** /follow/selfHolding: the caller's open copy becomes their own position (order_type 1); another user's id is 404. */
export async function selfHold(db: Db, userId: number, positionId: number): Promise<{ marketId: number }> {
  const row = await ownPosition(db, userId, positionId);
  const updated = await db
    .update(contractPositions)
    .set({ orderType: 1 })
    .where(
      and(eq(contractPositions.id, positionId), eq(contractPositions.orderType, 2), eq(contractPositions.status, CONTRACT_STATUS.holding)),
    )
    .returning({ id: contractPositions.id });
  if (updated.length === 0) throw conflict("FOLLOW_NOT_COPY");
  return { marketId: row.marketId };
}

/** The caller's active follows. */
export async function myFollows(db: Db, followerId: number): Promise<MyFollow[]> {
  const rows = await db
    .select({ f: follows, nickname: followTraders.nickname, avatar: users.avatar })
    .from(follows)
    .innerJoin(followTraders, eq(followTraders.userId, follows.traderId))
    .innerJoin(users, eq(users.id, follows.traderId))
    .where(and(eq(follows.followerId, followerId), eq(follows.status, 1)))
    .orderBy(desc(follows.id))
    .all();
  return rows.map(({ f, nickname, avatar }) => ({
    trader_user_id: f.traderId,
    nickname,
    head_portrait: avatar,
    type: f.type as 1 | 2,
    number: f.number,
    created_at: f.createdAt,
  }));
}

/**
 * The caller's copies (copied positions and those made self-held, which keep follow_order_id), newest first;
 * open ones with live P/L.
 */
export async function myCopies(
  db: Db,
  userId: number,
  filter: { open: boolean; page: number },
  reference: ReferenceSource,
): Promise<MyCopy[]> {
  const trader = sql`(SELECT p.user_id FROM contract_positions p WHERE p.id = ${contractPositions.followOrderId})`;
  const rows = await db
    .select({
      r: contractPositions,
      traderId: sql<number>`${trader}`,
      nickname: sql<string>`coalesce((SELECT t.nickname FROM follow_traders t WHERE t.user_id = ${trader}), '')`,
    })
    .from(contractPositions)
    .where(
      and(
        eq(contractPositions.userId, userId),
        sql`${contractPositions.followOrderId} IS NOT NULL`,
        filter.open ? sql`${contractPositions.status} IN (1, 2)` : sql`${contractPositions.status} = 3`,
      ),
    )
    .orderBy(desc(contractPositions.id))
    .limit(10)
    .offset((filter.page - 1) * 10)
    .all();
  const out: MyCopy[] = [];
  const prices = new Map<number, string | null>();
  for (const { r, traderId, nickname } of rows) {
    const pair = await contractPairById(db, r.marketId);
    if (!pair) continue;
    const held = r.status === 1 || r.status === 2;
    if (held && !prices.has(r.marketId)) prices.set(r.marketId, (await reference(pair.market, pair.feed))?.price ?? null);
    const live = held ? (prices.get(r.marketId) ?? null) : null;
    const pnl = held ? (live ? profitUnits(pair.terms.precision, r.side as 1 | 2, r.openPrice, r.quantity, live) : 0) : r.pnlUnits;
    out.push({
      id: r.id,
      trader_user_id: traderId,
      nickname,
      symbol: pair.market.symbol,
      type: r.side as 1 | 2,
      status: r.status,
      order_type: r.orderType,
      share: r.lots,
      multiple: r.multiple,
      price: r.openPrice,
      update_price: held ? (live ?? "") : r.closeRef,
      caution_money: fromUnits(r.marginUnits, pair.terms.precision),
      profits: fromUnits(pnl, pair.terms.precision),
      close_reason: r.closeReason ?? "",
      transaction_time: r.openRefAt || r.createdAt,
      closed_at: r.closedAt,
    });
  }
  return out;
}
