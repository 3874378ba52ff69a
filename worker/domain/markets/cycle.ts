import type { Db } from "../db.ts";
import { commit, type Statement } from "../ledger/index.ts";
import type { MarketConfig } from "./config.ts";
import { commitOrders, heldWrite, type NewOrder, refusedBatch } from "./orders.ts";
import { applyOneByOne, settlementStatements } from "./settlement.ts";
import type { Committed, Step } from "./steps.ts";

/**
 * One D1 round trip per market cycle (README, "Design": Money): the settlement of the steps the market decided since
 * the last cycle, then the rows and holds of the orders accepted meanwhile, then `extra` (the ticker copy), in ONE
 * all-or-nothing batch. Settling first lets an order spend what a fill just paid. A round trip costs far more than the
 * statements in it, so a busy market pays one per cycle, not one for its orders and another for their settlement.
 *
 * When the batch fails on something answered one by one (a step applied before, after a crash; an order its owner can
 * no longer cover), nothing of it was written: the steps are settled on their own (a repeat is recognised and skipped)
 * and the orders committed as commitOrders does. Any other failure is thrown, and nothing was written.
 */
export async function settleAndCommit(
  db: Db,
  m: MarketConfig,
  steps: Step[],
  orders: NewOrder[],
  extra: Statement[] = [],
  now = Date.now(),
): Promise<Committed> {
  const none: Committed = { outcome: new Map(), available: new Map() };
  if (steps.length === 0 && extra.length === 0) return commitOrders(db, m, orders, now);
  const settle = steps.length > 0 ? await settlementStatements(db, m, steps, now) : [];
  const write = orders.length > 0 ? heldWrite(db, m, orders, now) : null;
  try {
    const results = await commit(db, [...settle, ...extra, ...(write?.statements ?? [])]);
    return write ? write.committed(results) : none;
  } catch (err) {
    if (!refusedBatch(err)) throw err;
  }
  try {
    if (settle.length > 0) await commit(db, settle);
  } catch (err) {
    if (!refusedBatch(err)) throw err;
    await applyOneByOne(db, m, steps, now);
  }
  if (extra.length > 0) await commit(db, extra);
  return orders.length > 0 ? commitOrders(db, m, orders, now) : none;
}
