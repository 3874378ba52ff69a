import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { AdminTrader, HistoryTrade, MyTrader, TraderDetail, TraderListItem, TraderStats } from "../../../schema/api/follow.ts";
import { type TraderStatus, contractPositions, followTraders, follows, notifications, users } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import { contractPairById } from "../contracts/pairs.ts";
import type { Db } from "../db.ts";
import { requireCurrency } from "../wallet/currencies.ts";
import { conflict, notFound } from "../errors.ts";
import type { Lang } from "../../../schema/api/lang.ts";
import { translate } from "../i18n/translate.ts";
import { D, fromUnits } from "../ledger/index.ts";

/**
 * Traders: applications reviewed by operators (approve, reject, suspend; audited), and their statistics, computed
 * hourly from their own closed contract positions in USDT (README, "Design": Copy trading). No figure is entered by hand.
 */

export const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const PAGE = 10;

type TraderRow = typeof followTraders.$inferSelect;

/** Trader figures are in USDT, the quote of every contract pair. */
const usdt = (db: Db) => requireCurrency(db, "USDT", { includeDisabled: true });

/** Active follows per trader. */
async function followCounts(db: Db, traderIds: number[]): Promise<Map<number, number>> {
  if (traderIds.length === 0) return new Map();
  const rows = await db
    .select({ traderId: follows.traderId, n: count() })
    .from(follows)
    .where(and(inArray(follows.traderId, traderIds), eq(follows.status, 1)))
    .groupBy(follows.traderId)
    .all();
  return new Map(rows.map((r) => [r.traderId, r.n]));
}

const percent = (num: number, den: number) =>
  den === 0 ? "0.00" : new D(num).times(100).div(den).toDecimalPlaces(2, D.ROUND_DOWN).toFixed(2);

export function statsOf(t: TraderRow, precision: number, followNum: number): TraderStats {
  return {
    total_profits: fromUnits(t.profitUnits, precision),
    profitCount: t.profitCount,
    riseCount: t.riseCount,
    fallCount: t.fallCount,
    total_income_rate: percent(t.profitUnits, t.marginUnits),
    correct_rate: percent(t.profitCount, t.closedCount),
    follow_num: followNum,
    yesterday_profits: fromUnits(t.yesterdayUnits, precision),
    position_count: t.openCount,
    total_count: t.openCount + t.closedCount,
    stats_at: t.statsHour,
  };
}

export async function traderRow(db: Db, userId: number): Promise<TraderRow | undefined> {
  return db.select().from(followTraders).where(eq(followTraders.userId, userId)).get();
}

/** An approved trader, or 404. */
export async function approvedTrader(db: Db, userId: number): Promise<TraderRow> {
  const row = await traderRow(db, userId);
  if (!row || row.status !== "approved") throw notFound();
  return row;
}

/** /follow/apply: a new application, or a new one after a rejection; refused while the user follows anyone. */
export async function applyAsTrader(db: Db, userId: number, input: { nickname: string; bio: string }, now = Date.now()) {
  const following = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.followerId, userId), eq(follows.status, 1)))
    .limit(1)
    .get();
  if (following) throw conflict("TRADER_APPLY_FOLLOWING");
  const rows = await db
    .insert(followTraders)
    .values({ userId, nickname: input.nickname, bio: input.bio, status: "pending", createdAt: now })
    .onConflictDoUpdate({
      target: followTraders.userId,
      set: { nickname: input.nickname, bio: input.bio, status: "pending", createdAt: now, reviewedAt: null, reviewedBy: null },
      setWhere: sql`${followTraders.status} = 'rejected'`,
    })
    .returning({ userId: followTraders.userId });
  if (rows.length === 0) throw conflict("TRADER_APPLY_CLOSED");
}

/** Which status each review action may start from, and the status it leads to. */
const REVIEW: Record<"approve" | "reject" | "suspend", { from: TraderStatus[]; to: TraderStatus }> = {
  approve: { from: ["pending", "suspended"], to: "approved" },
  reject: { from: ["pending"], to: "rejected" },
  suspend: { from: ["approved"], to: "suspended" },
};

/** An operator's review: the status change, its audit row and (on approval) the trader's notice in one batch. */
export async function reviewTrader(
  db: Db,
  actorId: number,
  userId: number,
  action: "approve" | "reject" | "suspend",
  lang: Lang,
  now = Date.now(),
): Promise<void> {
  const row = await traderRow(db, userId);
  if (!row) throw notFound();
  const rule = REVIEW[action];
  if (!rule.from.includes(row.status)) throw conflict("TRADER_REVIEW_STATE");
  // A follow that raced the application (they are checked against each other) keeps its owner from becoming a trader.
  if (action === "approve" && (await followedBy(db, userId)).size > 0) throw conflict("TRADER_APPLY_FOLLOWING");
  const update = db
    .update(followTraders)
    .set({ status: rule.to, reviewedAt: now, reviewedBy: actorId })
    .where(and(eq(followTraders.userId, userId), eq(followTraders.status, row.status)))
    .returning({ userId: followTraders.userId });
  const audit = auditStatement(
    db,
    { actorId, action: `trader_${action}`, subjectType: "follow_trader", subjectId: userId, detail: { from: row.status, to: rule.to } },
    now,
  );
  const params = { nickname: row.nickname };
  const notice =
    action === "approve"
      ? [
          db.insert(notifications).values({
            userId,
            title: translate("TRADER_APPROVED_TITLE", lang, params),
            content: translate("TRADER_APPROVED_CONTENT", lang, params),
            createdAt: now,
          }),
        ]
      : [];
  // The audit and the notice are written only if the guarded update changed the row (a racing review changed nothing).
  const results = await db.batch([update, audit, ...notice]);
  if ((results[0] as unknown[]).length === 0) throw conflict("TRADER_REVIEW_STATE");
}

/** Recomputes one trader's statistics from their own positions (closed ones in USDT), for the hour `hour`. */
export async function refreshTraderStats(db: Db, userId: number, hour: number, legal: { id: number }): Promise<void> {
  const dayStart = Math.floor(hour / DAY_MS) * DAY_MS;
  const own = and(eq(contractPositions.userId, userId), eq(contractPositions.orderType, 1), eq(contractPositions.legalId, legal.id));
  const yesterday = sql`(${contractPositions.closedAt} >= ${dayStart - DAY_MS} AND ${contractPositions.closedAt} < ${dayStart})`;
  const closed = await db
    .select({
      n: count(),
      profit: sql<number>`coalesce(sum(${contractPositions.pnlUnits}), 0)`,
      margin: sql<number>`coalesce(sum(${contractPositions.marginUnits}), 0)`,
      wins: sql<number>`coalesce(sum(${contractPositions.pnlUnits} > 0), 0)`,
      rise: sql<number>`coalesce(sum(${contractPositions.side} = 1), 0)`,
      fall: sql<number>`coalesce(sum(${contractPositions.side} = 2), 0)`,
      yesterday: sql<number>`coalesce(sum(${yesterday} * ${contractPositions.pnlUnits}), 0)`,
    })
    .from(contractPositions)
    .where(and(own, eq(contractPositions.status, 3)))
    .get();
  const open = await db
    .select({ n: count() })
    .from(contractPositions)
    .where(and(own, inArray(contractPositions.status, [1, 2])))
    .get();
  await db
    .update(followTraders)
    .set({
      profitUnits: closed?.profit ?? 0,
      marginUnits: closed?.margin ?? 0,
      closedCount: closed?.n ?? 0,
      profitCount: closed?.wins ?? 0,
      riseCount: closed?.rise ?? 0,
      fallCount: closed?.fall ?? 0,
      yesterdayUnits: closed?.yesterday ?? 0,
      openCount: open?.n ?? 0,
      statsHour: hour,
    })
    .where(eq(followTraders.userId, userId));
}

/**
 * The hourly statistics, a chunked earn job (worker/domain/earn/jobs.ts): refreshes up to `chunk` traders whose figures
 * are from an earlier hour, so a run that finds none does nothing and a second run in the same hour changes nothing.
 */
export async function traderStatsChunk(db: Db, now = Date.now(), chunk = 50): Promise<{ processed: number; more: boolean }> {
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  const due = await db
    .select({ userId: followTraders.userId })
    .from(followTraders)
    .where(and(inArray(followTraders.status, ["approved", "suspended"]), sql`${followTraders.statsHour} < ${hour}`))
    .limit(chunk)
    .all();
  const legal = await usdt(db);
  for (const t of due) await refreshTraderStats(db, t.userId, hour, legal);
  return { processed: due.length, more: due.length === chunk };
}

/** /follow/index: approved traders, most followers first. */
export async function listTraders(db: Db, viewerId: number | null, page: number): Promise<{ data: TraderListItem[]; page: number }> {
  const rows = await db
    .select({ t: followTraders, avatar: users.avatar })
    .from(followTraders)
    .innerJoin(users, eq(users.id, followTraders.userId))
    .where(eq(followTraders.status, "approved"))
    .orderBy(desc(followTraders.profitUnits), followTraders.userId)
    .limit(PAGE)
    .offset((page - 1) * PAGE)
    .all();
  const ids = rows.map((r) => r.t.userId);
  const counts = await followCounts(db, ids);
  const mine = viewerId === null ? new Set<number>() : await followedBy(db, viewerId);
  const { precision } = await usdt(db);
  return {
    page,
    data: rows.map(({ t, avatar }) => ({
      id: t.userId,
      nickname: t.nickname,
      head_portrait: avatar,
      total_profits: fromUnits(t.profitUnits, precision),
      correct_rate: percent(t.profitCount, t.closedCount),
      follow_num: counts.get(t.userId) ?? 0,
      is_followed: mine.has(t.userId) ? 1 : 0,
    })),
  };
}

/** The traders a user actively follows. */
export async function followedBy(db: Db, followerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ traderId: follows.traderId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.status, 1)))
    .all();
  return new Set(rows.map((r) => r.traderId));
}

/** /follow/traderDetail: an approved trader's figures and the caller's follow. */
export async function traderDetail(db: Db, viewerId: number | null, traderId: number): Promise<TraderDetail> {
  const t = await approvedTrader(db, traderId);
  const user = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, traderId)).get();
  const counts = await followCounts(db, [traderId]);
  const { precision } = await usdt(db);
  const mine =
    viewerId === null
      ? []
      : await db
          .select()
          .from(follows)
          .where(and(eq(follows.followerId, viewerId), eq(follows.status, 1)))
          .all();
  const current = mine.find((f) => f.traderId === traderId);
  const viewerIsTrader = viewerId !== null && (await traderRow(db, viewerId))?.status === "approved";
  return {
    trader_info: { id: t.userId, nickname: t.nickname, head_portrait: user?.avatar ?? "", bio: t.bio },
    data: statsOf(t, precision, counts.get(traderId) ?? 0),
    is_followed: current ? 1 : 0,
    follow: current ? { type: current.type as 1 | 2, number: current.number, created_at: current.createdAt } : null,
    can_follow: viewerId !== null && viewerId !== traderId && !viewerIsTrader && (current !== undefined || mine.length < 2),
  };
}

/** /follow/historyTrade: an approved trader's closed own positions, newest first. */
export async function traderHistory(db: Db, traderId: number, page: number): Promise<{ data: HistoryTrade[]; page: number }> {
  await approvedTrader(db, traderId);
  const rows = await db
    .select()
    .from(contractPositions)
    .where(and(eq(contractPositions.userId, traderId), eq(contractPositions.orderType, 1), eq(contractPositions.status, 3)))
    .orderBy(desc(contractPositions.closedAt), desc(contractPositions.id))
    .limit(PAGE)
    .offset((page - 1) * PAGE)
    .all();
  const out: HistoryTrade[] = [];
  for (const r of rows) {
    const pair = await contractPairById(db, r.marketId);
    if (!pair) continue;
    out.push({
      id: r.id,
      symbol: pair.market.symbol,
      type: r.side as 1 | 2,
      share: r.lots,
      multiple: r.multiple,
      price: r.openPrice,
      close_price: r.closeRef,
      profits: fromUnits(r.pnlUnits, pair.terms.precision),
      transaction_time: r.openRefAt || r.createdAt,
      closed_at: r.closedAt,
    });
  }
  return { data: out, page };
}

/** /follow/myTrader: the caller's application and, once approved, their figures. */
export async function myTrader(db: Db, userId: number): Promise<MyTrader> {
  const t = await traderRow(db, userId);
  const active = (await followedBy(db, userId)).size;
  if (!t) return { status: "none", nickname: "", bio: "", active_follows: active, data: null };
  const { precision } = await usdt(db);
  const counts = await followCounts(db, [userId]);
  return {
    status: t.status,
    nickname: t.nickname,
    bio: t.bio,
    active_follows: active,
    data: t.status === "approved" || t.status === "suspended" ? statsOf(t, precision, counts.get(userId) ?? 0) : null,
  };
}

/** The console's list of traders and applications. */
export async function adminTraders(db: Db, status: TraderStatus | undefined, page: number): Promise<{ data: AdminTrader[] }> {
  const rows = await db
    .select({ t: followTraders, email: users.email })
    .from(followTraders)
    .innerJoin(users, eq(users.id, followTraders.userId))
    .where(status ? eq(followTraders.status, status) : undefined)
    .orderBy(desc(followTraders.createdAt))
    .limit(20)
    .offset((page - 1) * 20)
    .all();
  const counts = await followCounts(
    db,
    rows.map((r) => r.t.userId),
  );
  const { precision } = await usdt(db);
  return {
    data: rows.map(({ t, email }) => ({
      user_id: t.userId,
      email: email ?? "",
      nickname: t.nickname,
      bio: t.bio,
      status: t.status,
      created_at: t.createdAt,
      reviewed_at: t.reviewedAt,
      follow_num: counts.get(t.userId) ?? 0,
      total_profits: fromUnits(t.profitUnits, precision),
    })),
  };
}
