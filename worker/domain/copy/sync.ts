import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { isLang } from "../../../schema/api/lang.ts";
import { contractPositions, followSkips, followTraders, follows, notifications } from "../../../schema/db/index.ts";
import { type ContractPair, type ReferenceSource, contractPairById } from "../contracts/pairs.ts";
import { StalePosition, closePosition, openPosition } from "../contracts/positions.ts";
import type { Db } from "../db.ts";
import { ApiError } from "../errors.ts";
import { translate } from "../i18n/translate.ts";
import { copyLots } from "./sizing.ts";
import { log } from "../log.ts";

/**
 * The copy hook: makes the followers' copies match their traders' positions, through the contract path itself
 * (openPosition / closePosition, the same code as /lever/submit and /lever/close).
 *   open   each holding own position of an approved trader, placed or opened after an active follow began, gets one copy
 *          per follow: order_type 2, follow_order_id = the trader's position, sized by copyLots, at the live reference.
 *          Its journal key `contract:open:<follower>:copy:<position>` and the unique (follow_order_id, user_id) make
 *          it exactly once, however often or concurrently the hook runs. A follower whose lever balance does not
 *          cover margin and fee gets one follow_skips row and one notice, in one batch, and no position.
 *   close  each holding copy whose trader position has closed is closed at the live reference (reason "copy").
 * Runs after the trader's own opens and closes (routes) and as a chunked earn job (worker/domain/earn/jobs.ts, about
 * every minute), which also catches trader positions closed by take-profit, stop-loss or liquidation.
 */

export type CopyDeps = {
  reference: ReferenceSource;
  /** Tells the pair's contract object which positions changed (routes/cron wire it to ContractMarket.refresh). */
  refresh: (symbol: string, ids: number[]) => Promise<unknown>;
  /** Pushes the new unread count to a follower who got a skipped-copy notice (optional: the badge catches up on load). */
  notify?: (userId: number) => Promise<unknown>;
};

/** `more`: a chunk came back full, so another run is due at once. */
export type SyncResult = { opened: number[]; skipped: number; closed: number[]; more: boolean };

const CHUNK = 100;

export async function syncCopies(db: Db, deps: CopyDeps, opts: { traderId?: number; now?: number } = {}): Promise<SyncResult> {
  const result: SyncResult = { opened: [], skipped: 0, closed: [], more: false };
  const pairs = new Map<number, ContractPair | null>();
  const refs = new Map<number, { price: string; at: number } | null>();
  const pairOf = async (marketId: number) => {
    if (!pairs.has(marketId)) pairs.set(marketId, await contractPairById(db, marketId));
    return pairs.get(marketId)!;
  };
  const refOf = async (pair: ContractPair) => {
    if (!refs.has(pair.market.id)) refs.set(pair.market.id, await deps.reference(pair.market, pair.feed));
    return refs.get(pair.market.id)!;
  };
  const touched = new Map<string, number[]>();
  const touch = (symbol: string, id: number) => touched.set(symbol, [...(touched.get(symbol) ?? []), id]);

  const p = contractPositions;
  const candidates = await db
    .select({
      p,
      followId: follows.id,
      followerId: follows.followerId,
      type: follows.type,
      number: follows.number,
      lang: follows.lang,
      nickname: followTraders.nickname,
    })
    .from(p)
    .innerJoin(followTraders, and(eq(followTraders.userId, p.userId), eq(followTraders.status, "approved")))
    .innerJoin(
      follows,
      and(eq(follows.traderId, p.userId), eq(follows.status, 1), lte(follows.createdAt, sql`max(${p.createdAt}, ${p.openRefAt})`)),
    )
    .where(
      and(
        eq(p.status, 1),
        eq(p.orderType, 1),
        opts.traderId === undefined ? undefined : eq(p.userId, opts.traderId),
        sql`NOT EXISTS (SELECT 1 FROM contract_positions c WHERE c.follow_order_id = ${p.id} AND c.user_id = ${follows.followerId})`,
        sql`NOT EXISTS (SELECT 1 FROM follow_skips s WHERE s.follow_id = ${follows.id} AND s.trader_position_id = ${p.id})`,
      ),
    )
    .limit(CHUNK)
    .all();
  for (const c of candidates) {
    const pair = await pairOf(c.p.marketId);
    if (!pair) continue;
    const ref = await refOf(pair);
    // No live price: the copy waits for the next run rather than opening at a guessed one.
    if (!ref) continue;
    const lots = copyLots({ type: c.type as 1 | 2, number: c.number }, c.p.lots, pair);
    try {
      const row = await openPosition(
        db,
        c.followerId,
        pair,
        {
          side: c.p.side as 1 | 2,
          lots,
          multiple: c.p.multiple,
          target: null,
          takeProfit: null,
          stopLoss: null,
          orderType: 2,
          followOrderId: c.p.id,
        },
        ref,
        { key: `copy:${c.p.id}`, prefix: [] },
        opts.now,
      );
      result.opened.push(row.id);
      touch(pair.market.symbol, row.id);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : "";
      if (code === "INSUFFICIENT_BALANCE" || code === "CONTRACT_MULTIPLE_INVALID") {
        if (await recordSkip(db, c, pair.market.symbol, lots, code, opts.now ?? Date.now())) {
          result.skipped += 1;
          await deps.notify?.(c.followerId);
        }
      } else if (code !== "IDEMPOTENCY_KEY_REUSED" && code !== "CONTRACT_CLOSING") {
        // Copied meanwhile by a concurrent run (the journal key), or the follower has a close in flight (next run).
        log("error", { job: "copy_open", position: c.p.id, follower: c.followerId, error: String(err) });
      }
    }
  }

  const trader = alias(contractPositions, "trader_position");
  const copies = await db
    .select({ c: contractPositions })
    .from(contractPositions)
    .innerJoin(trader, eq(trader.id, contractPositions.followOrderId))
    .where(
      and(
        eq(contractPositions.orderType, 2),
        eq(contractPositions.status, 1),
        inArray(trader.status, [3, 4]),
        opts.traderId === undefined ? undefined : eq(trader.userId, opts.traderId),
      ),
    )
    .limit(CHUNK)
    .all();
  for (const { c } of copies) {
    const pair = await pairOf(c.marketId);
    if (!pair) continue;
    const ref = await refOf(pair);
    if (!ref) continue;
    try {
      const out = await closePosition(db, c, pair.terms.precision, ref, "copy", opts.now);
      if (!out.duplicate) {
        result.closed.push(c.id);
        touch(pair.market.symbol, c.id);
      }
    } catch (err) {
      // A trigger or self-hold got to the row first: the next run reads it again.
      if (!(err instanceof StalePosition)) throw err;
    }
  }
  result.more = candidates.length === CHUNK || copies.length === CHUNK;
  for (const [symbol, ids] of touched) {
    await deps
      .refresh(symbol, ids)
      .catch((err: unknown) => log("warn", { event: "contract_refresh_failed", market: symbol, error: String(err) }));
  }
  return result;
}

/** The skip row and its notice in one batch; a second run finds the row and writes neither. */
async function recordSkip(
  db: Db,
  c: { followId: number; followerId: number; nickname: string; lang: string; p: { id: number } },
  symbol: string,
  lots: number,
  reason: string,
  now: number,
): Promise<boolean> {
  const lang = isLang(c.lang) ? c.lang : "en";
  const params = { nickname: c.nickname, symbol: symbol.replace("-", "/"), lots };
  try {
    await db.batch([
      db.insert(followSkips).values({ followId: c.followId, traderPositionId: c.p.id, reason, createdAt: now }),
      db.insert(notifications).values({
        userId: c.followerId,
        title: translate("COPY_SKIPPED_TITLE", lang, params),
        content: translate("COPY_SKIPPED_CONTENT", lang, params),
        createdAt: now,
      }),
    ]);
    return true;
  } catch (err) {
    if (String(err).includes("UNIQUE")) return false;
    throw err;
  }
}

/** The earn jobs' chunk: without the runtime's reference prices and contract objects (tests of other jobs) it waits. */
export async function syncCopiesChunk(db: Db, deps: CopyDeps | undefined, now: number): Promise<{ processed: number; more: boolean }> {
  if (!deps) return { processed: 0, more: false };
  const r = await syncCopies(db, deps, { now });
  return { processed: r.opened.length + r.closed.length + r.skipped, more: r.more };
}
