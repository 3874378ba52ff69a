import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { LOAN_MIN_VIP_LEVEL, type VipView } from "../../../schema/api/activity.ts";
import { dayOf } from "../../../schema/api/mining.ts";
import { balances, currencies, users, vipRuns } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import type { ChunkResult } from "../earn/mining.ts";
import { bound, jsonColumn as col } from "../ledger/batch.ts";
import { commit } from "../ledger/post.ts";
import { usdtPrices } from "../pricing/prices.ts";
import { loadConfig, thresholdsOf } from "./config.ts";
import { type BalanceUnits, levelFor, totalUsdt, vipView } from "./tiers.ts";

/**
 * users.vip_level is the tier's truth (OTC loans read it). It is recomputed from the balances daily for everyone (the
 * `vip_levels` earn job, in chunks) and for one user whenever they open the VIP page.
 */

const balanceRows = (db: Db) =>
  db
    .select({
      userId: balances.userId,
      currencyId: balances.currencyId,
      units: sql<number>`${balances.available} + ${balances.locked}`,
      precision: currencies.precision,
    })
    .from(balances)
    .innerJoin(currencies, eq(currencies.id, balances.currencyId));

/** GET /activity/vip: the caller's tier, recomputed now and stored when it changed. */
export async function myVip(db: Db, userId: number): Promise<VipView> {
  const [config, prices, rows, user] = await Promise.all([
    loadConfig(db),
    usdtPrices(db),
    balanceRows(db).where(eq(balances.userId, userId)).all(),
    db.select({ level: users.vipLevel }).from(users).where(eq(users.id, userId)).get(),
  ]);
  const view = vipView(totalUsdt(rows, prices), thresholdsOf(config), LOAN_MIN_VIP_LEVEL);
  if (user && user.level !== view.level) await db.update(users).set({ vipLevel: view.level }).where(eq(users.id, userId));
  return view;
}

// One statement whatever the chunk's size: the changed levels travel as one JSON parameter.
const SET_LEVELS =
  `UPDATE users SET vip_level = d.l FROM (SELECT ${col(0)} AS id, ${col(1)} AS l FROM json_each(?1)) AS d ` +
  `WHERE users.id = d.id AND users.id IN (SELECT ${col(0)} FROM json_each(?1))`;

/**
 * One chunk of the daily recomputation: the next `limit` users by id after today's cursor (a keyset page), their
 * balances read by the same id range, the changed levels and the cursor written in one batch. Today's run is done when a
 * page comes back short; the next UTC day starts again from the first user. Running a chunk twice only recomputes.
 */
export async function recomputeVipChunk(db: Db, now = Date.now(), limit = 300): Promise<ChunkResult> {
  const day = dayOf(now);
  const run = await db.select().from(vipRuns).where(eq(vipRuns.day, day)).get();
  if (run?.done) return { processed: 0, more: false };
  const cursor = run?.cursor ?? 0;
  const page = await db
    .select({ id: users.id, level: users.vipLevel, role: users.role })
    .from(users)
    .where(gt(users.id, cursor))
    .orderBy(asc(users.id))
    .limit(limit)
    .all();
  const last = page.at(-1)?.id ?? cursor;
  const [config, prices, rows] = await Promise.all([
    loadConfig(db),
    usdtPrices(db),
    page.length > 0
      ? balanceRows(db)
          .where(and(gt(balances.userId, cursor), lte(balances.userId, last)))
          .all()
      : [],
  ]);
  const byUser = new Map<number, BalanceUnits[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  const thresholds = thresholdsOf(config);
  const changed: [number, number][] = [];
  for (const u of page) {
    const level = u.role === "system" ? 0 : levelFor(totalUsdt(byUser.get(u.id) ?? [], prices), thresholds);
    if (level !== u.level) changed.push([u.id, level]);
  }
  const done = page.length < limit;
  await commit(db, [
    bound(db, SET_LEVELS, JSON.stringify(changed)),
    db
      .insert(vipRuns)
      .values({ day, cursor: last, done })
      .onConflictDoUpdate({ target: vipRuns.day, set: { cursor: last, done } }),
    // Yesterday's progress rows are of no further use.
    db.delete(vipRuns).where(sql`${vipRuns.day} < ${day - 1}`),
  ]);
  return { processed: page.length, more: !done };
}
