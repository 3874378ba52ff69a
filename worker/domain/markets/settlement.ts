import { eq, sql } from "drizzle-orm";
import { fromLots, fromTicks } from "./units.ts";
import { spotFills, spotOrders } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import {
  ACCOUNT_TYPES,
  DuplicateJournal,
  type Journal,
  type Line,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  commit,
  holdEndStatement,
  journalStatements,
} from "../ledger/index.ts";
import type { MarketConfig } from "./config.ts";
import { refusedRowStatement } from "./orders.ts";
import type { EndStep, FillStep, OpenStep, Step } from "./steps.ts";

/**
 * Settlement of the Market object's outbox steps into D1 (README, "Design": Money).
 * Each step is ONE db.batch, all-or-nothing. A fill is keyed by its fill id
 * (journal ref_key "spot:fill:<market>:<seq>", UNIQUE), an order's end by its
 * order id ("spot:end:<order>"), so a step applied twice moves money once.
 * Order-row status changes carry the market sequence number and never move an
 * order backwards ("version"), so a re-applied older step cannot undo a newer one.
 */

const CHANGE = ACCOUNT_TYPES.change;

/** Status and version of an order row, applied only when this step is not older than the row. */
function statusSet(status: string, seq: number, reason?: string) {
  const newer = sql`${spotOrders.version} <= ${seq}`;
  return {
    status: sql`CASE WHEN ${newer} THEN ${status} ELSE ${spotOrders.status} END`,
    ...(reason !== undefined ? { reason: sql`CASE WHEN ${newer} THEN ${reason} ELSE ${spotOrders.reason} END` } : {}),
    version: sql`MAX(${spotOrders.version}, ${seq})`,
  };
}

export function fillJournal(m: MarketConfig, s: FillStep): Journal {
  const buyer = s.buy.owner;
  const seller = s.sell.owner;
  const lines: Line[] = [
    // The buyer's quote hold pays the seller (minus the seller's fee) and the fee.
    { userId: buyer, currencyId: m.quote.id, accountType: CHANGE, bucket: "locked", amount: -s.quoteUnits },
    { userId: seller, currencyId: m.quote.id, accountType: CHANGE, bucket: "available", amount: s.quoteUnits - s.sell.fee },
    { userId: SYSTEM_ACCOUNTS.fees, currencyId: m.quote.id, accountType: SYSTEM_ACCOUNT_TYPE, bucket: "available", amount: s.sell.fee },
    // The seller's base hold pays the buyer (minus the buyer's fee) and the fee.
    { userId: seller, currencyId: m.base.id, accountType: CHANGE, bucket: "locked", amount: -s.baseUnits },
    { userId: buyer, currencyId: m.base.id, accountType: CHANGE, bucket: "available", amount: s.baseUnits - s.buy.fee },
    { userId: SYSTEM_ACCOUNTS.fees, currencyId: m.base.id, accountType: SYSTEM_ACCOUNT_TYPE, bucket: "available", amount: s.buy.fee },
  ];
  return {
    kind: "spot_trade",
    refKey: `spot:fill:${s.id}`,
    userId: s.takerSide === "buy" ? buyer : seller,
    memo: {
      market: m.symbol,
      fill: s.id,
      price: fromTicks(s.price, m.tickSize),
      qty: fromLots(s.qty, m.lotSize),
      buy_order: s.buy.order,
      sell_order: s.sell.order,
    },
    lines,
  };
}

function fillStatements(db: Db, m: MarketConfig, s: FillStep, now: number): Statement[] {
  const side = (order: number, base: number, quote: number, fee: number, status: string) =>
    db
      .update(spotOrders)
      .set({
        filledUnits: sql`${spotOrders.filledUnits} + ${base}`,
        quoteUnits: sql`${spotOrders.quoteUnits} + ${quote}`,
        feeUnits: sql`${spotOrders.feeUnits} + ${fee}`,
        ...statusSet(status, s.seq),
        updatedAt: now,
      })
      .where(eq(spotOrders.id, order));
  return [
    // The journal first: a second attempt fails on its ref_key before anything else counts.
    ...journalStatements(db, fillJournal(m, s), now),
    holdEndStatement(db, s.buy.hold, "consume", s.quoteUnits, now),
    holdEndStatement(db, s.sell.hold, "consume", s.baseUnits, now),
    side(s.buy.order, s.baseUnits, s.quoteUnits, s.buy.fee, s.buy.status),
    side(s.sell.order, s.baseUnits, s.quoteUnits, s.sell.fee, s.sell.status),
    db.insert(spotFills).values({
      id: s.id,
      marketId: m.id,
      seq: s.seq,
      price: fromTicks(s.price, m.tickSize),
      qty: fromLots(s.qty, m.lotSize),
      baseUnits: s.baseUnits,
      quoteUnits: s.quoteUnits,
      takerSide: s.takerSide === "buy" ? 1 : 2,
      buyOrderId: s.buy.order,
      sellOrderId: s.sell.order,
      buyUserId: s.buy.owner,
      sellUserId: s.sell.owner,
      buyFeeUnits: s.buy.fee,
      sellFeeUnits: s.sell.fee,
      createdAt: s.time,
    }),
  ];
}

function endStatements(db: Db, s: EndStep, now: number): Statement[] {
  const update = db
    .update(spotOrders)
    .set({ ...statusSet(s.status, s.seq, s.reason), updatedAt: now })
    .where(eq(spotOrders.id, s.order));
  if (s.release === 0) return [update];
  const account = { userId: s.owner, currencyId: s.holdCurrency, accountType: CHANGE };
  const journal: Journal = {
    kind: "release",
    refKey: `spot:end:${s.order}`,
    userId: s.owner,
    memo: { hold_id: s.hold, order: s.order, status: s.status },
    lines: [
      { ...account, bucket: "locked", amount: -s.release },
      { ...account, bucket: "available", amount: s.release },
    ],
  };
  return [...journalStatements(db, journal, now), holdEndStatement(db, s.hold, "release", s.release, now), update];
}

function openStatements(db: Db, s: OpenStep, now: number): Statement[] {
  return [
    db
      .update(spotOrders)
      .set({ ...statusSet("open", s.seq), updatedAt: now })
      .where(eq(spotOrders.id, s.order)),
  ];
}

export function stepStatements(db: Db, m: MarketConfig, step: Step, now: number): Statement[] {
  switch (step.k) {
    case "fill":
      return fillStatements(db, m, step, now);
    case "end":
      return endStatements(db, step, now);
    case "open":
      return openStatements(db, step, now);
    case "refused":
      return [refusedRowStatement(db, m, step.detail, step.reason, now)];
  }
}

/** Applies one step; "duplicate" when its journal was already posted (nothing moved). */
export async function applyStep(db: Db, m: MarketConfig, step: Step, now = Date.now()): Promise<"applied" | "duplicate"> {
  try {
    await commit(db, stepStatements(db, m, step, now));
    return "applied";
  } catch (err) {
    if (err instanceof DuplicateJournal) return "duplicate";
    throw err;
  }
}

/** Status-only steps (open, refused, and ends with nothing to release) of several entries in one batch: all idempotent. */
export const isStatusOnly = (step: Step): boolean => step.k === "open" || step.k === "refused" || (step.k === "end" && step.release === 0);

export async function applyStatusSteps(db: Db, m: MarketConfig, steps: Step[], now = Date.now()): Promise<void> {
  await commit(
    db,
    steps.flatMap((s) => stepStatements(db, m, s, now)),
  );
}
