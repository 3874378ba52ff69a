import type { Db } from "../db.ts";
import { commit, DiscountsChanged, type Statement } from "../ledger/index.ts";
import { Discounts } from "./discounts.ts";
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
 * `discounts` is what the market kept of its owners' fee discounts (discounts.ts); the batch checks they are current,
 * and when a coupon changed meanwhile they are read again and the cycle retried, nothing of it written.
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
  opts: { extra?: Statement[]; discounts?: Discounts; now?: number } = {},
): Promise<Committed> {
  const { extra = [], discounts = new Discounts(), now = Date.now() } = opts;
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(db, m, steps, orders, extra, now, discounts);
    } catch (err) {
      // A coupon changed since the discounts were read (or kept): read them again, a bounded number of times.
      if (!(err instanceof DiscountsChanged) || attempt >= MAX_DISCOUNT_TRIES) throw err;
      discounts.stale();
    }
  }
}

/** Tries of a cycle whose discount check keeps failing (each try reads the discounts afresh). */
const MAX_DISCOUNT_TRIES = 3;

async function once(
  db: Db,
  m: MarketConfig,
  steps: Step[],
  orders: NewOrder[],
  extra: Statement[],
  now: number,
  discounts: Discounts,
): Promise<Committed> {
  const none: Committed = { outcome: new Map(), available: new Map() };
  if (steps.length === 0 && extra.length === 0) return commitOrders(db, m, orders, now);
  const settle = steps.length > 0 ? await settlementStatements(db, m, steps, now, discounts) : [];
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
    await applyOneByOne(db, m, steps, now, discounts);
  }
  if (extra.length > 0) await commit(db, extra);
  return orders.length > 0 ? commitOrders(db, m, orders, now) : none;
}
