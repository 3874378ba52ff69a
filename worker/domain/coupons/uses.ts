import { inArray, sql } from "drizzle-orm";
import { couponUses } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";

/** The fee units discount coupons waived per order, for the orders given (those with none are absent). */
export async function savedByOrder(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ order: couponUses.orderId, units: sql<number>`sum(${couponUses.savedUnits})` })
    .from(couponUses)
    .where(inArray(couponUses.orderId, orderIds))
    .groupBy(couponUses.orderId)
    .all();
  return new Map(rows.map((r) => [r.order, Number(r.units)]));
}
