import { and, desc, eq, inArray } from "drizzle-orm";
import type { LeverPosition } from "../../../schema/api/contracts.ts";
import { CONTRACT_STATUS, type CloseReason, contractPositions } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import {
  ACCOUNT_TYPES,
  DuplicateJournal,
  type Journal,
  type Line,
  type Statement,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  D,
  bound,
  commit,
  errorText,
  fromUnits,
  postingStatements,
} from "../ledger/index.ts";
import { type ContractPair, type ReferenceSource, contractPairById } from "./pairs.ts";
import { type Side, checkStops, liquidationPrice, opening, profitUnits, riskRate, settlement } from "./math.ts";

/**
 * Contract positions on D1, the source of truth: every open, activation, close and cancel is ONE batch of the
 * ledger journal (unique ref_key per transition) and a status-guarded row update, so a transition replayed after a
 * crash moves nothing twice. The contract object per pair keeps the trigger ladders derived from these rows.
 */

export type PositionRow = typeof contractPositions.$inferSelect;

/** Fails the batch (CHECK contract_guard_rows_changed) unless the statement before it changed exactly `n` rows. */
export const rowsChanged = (db: Db, n: number): Statement => bound(db, "INSERT INTO contract_guard (ok) SELECT 0 WHERE changes() <> ?1", n);

/** The position changed between reading it and writing its money: the batch moved nothing. */
export class StalePosition extends Error {
  constructor() {
    super("contract position changed meanwhile");
  }
}

/** commit(), with the guard's failure as StalePosition. */
export async function commitGuarded(db: Db, statements: Statement[]): Promise<unknown[]> {
  try {
    return await commit(db, statements);
  } catch (err) {
    if (errorText(err).includes("contract_guard_rows_changed")) throw new StalePosition();
    throw err;
  }
}
const STORE_ID =
  "UPDATE idempotency_keys SET response = json_set(response, '$.body.message.id', last_insert_rowid()) WHERE user_id = ?1 AND key = ?2";
const LEVER = ACCOUNT_TYPES.lever;

const sys = (userId: number, currencyId: number, amount: number): Line => ({
  userId,
  currencyId,
  accountType: SYSTEM_ACCOUNT_TYPE,
  bucket: "available",
  amount,
});
const lever = (userId: number, currencyId: number, amount: number): Line => ({
  userId,
  currencyId,
  accountType: LEVER,
  bucket: "available",
  amount,
});

export type OpenInput = {
  side: Side;
  lots: number;
  multiple: number;
  /** Null: market entry at the live reference price. */
  target: string | null;
  takeProfit: string | null;
  stopLoss: string | null;
  orderType?: 1 | 2;
  /** A copy's trader position (copy trading, worker/domain/copy). */
  followOrderId?: number;
};

/** Checks the order against the pair's terms; throws the translated reason. */
export function checkOrder(pair: ContractPair, input: OpenInput, reference: string): void {
  if (!Number.isInteger(input.lots) || input.lots < pair.minLots || input.lots > pair.maxLots) {
    throw badRequest("CONTRACT_LOTS_RANGE", { min: pair.minLots, max: pair.maxLots });
  }
  if (!pair.multiples.includes(input.multiple)) throw badRequest("CONTRACT_MULTIPLE_INVALID");
  if (input.target !== null) {
    if (!pair.limitEntry) throw badRequest("CONTRACT_LIMIT_OFF");
    const cmp = new D(input.target).cmp(reference);
    // A long waits for the price to come down to its target, a short for it to rise.
    if ((input.side === 1 && cmp >= 0) || (input.side === 2 && cmp <= 0)) {
      throw badRequest("CONTRACT_TARGET_SIDE");
    }
  }
  if (input.takeProfit !== null || input.stopLoss !== null) {
    if (!pair.stops) throw badRequest("CONTRACT_STOPS_OFF");
    const entry = input.target ?? reference;
    const stop = checkStops(input.side, entry, reference, input.takeProfit, input.stopLoss);
    if (stop !== "ok") throw badRequest(stop === "TP_NOT_BEYOND" ? "CONTRACT_TP_NOT_BEYOND" : "CONTRACT_SL_NOT_BEYOND");
  }
}

/** Is any of the user's positions in this margin coin closing? New orders and transfers out wait for it. */
export async function hasClosing(db: Db, userId: number, legalId: number): Promise<boolean> {
  const row = await db
    .select({ id: contractPositions.id })
    .from(contractPositions)
    .where(and(eq(contractPositions.userId, userId), eq(contractPositions.legalId, legalId), eq(contractPositions.status, 2)))
    .limit(1)
    .get();
  return row !== undefined;
}

/**
 * Opens a position (market entry) or records an entrusted order (limit entry). Margin and fee leave the lever
 * balance in the same batch (409 INSUFFICIENT_BALANCE through the CHECK when it does not cover them): margin to the
 * contract margin account, fee to the fees account.
 */
export async function openPosition(
  db: Db,
  userId: number,
  pair: ContractPair,
  input: OpenInput,
  ref: { price: string; at: number },
  idem: { key: string | null; prefix: Statement[] },
  now = Date.now(),
): Promise<PositionRow> {
  checkOrder(pair, input, ref.price);
  if (await hasClosing(db, userId, pair.market.quote.id)) throw conflict("CONTRACT_CLOSING");
  const legal = pair.market.quote.id;
  const priced = input.target ?? ref.price;
  const o = opening(pair.terms, input.side, priced, input.lots, input.multiple);
  const market = input.target === null;
  const journal: Journal = {
    kind: "contract_open",
    refKey: `contract:open:${userId}:${idem.key ?? crypto.randomUUID()}`,
    userId,
    memo: { symbol: pair.market.symbol, side: input.side, lots: input.lots, multiple: input.multiple, ref: ref.price, ref_at: ref.at },
    lines: [
      lever(userId, legal, -(o.marginUnits + o.feeUnits)),
      sys(SYSTEM_ACCOUNTS.contractMargin, legal, o.marginUnits),
      sys(SYSTEM_ACCOUNTS.fees, legal, o.feeUnits),
    ],
  };
  const insert = db
    .insert(contractPositions)
    .values({
      userId,
      marketId: pair.market.id,
      legalId: legal,
      side: input.side,
      status: market ? CONTRACT_STATUS.holding : CONTRACT_STATUS.entrusted,
      orderType: input.orderType ?? 1,
      followOrderId: input.followOrderId ?? null,
      lots: input.lots,
      multiple: input.multiple,
      quantity: o.quantity,
      targetPrice: input.target ?? "",
      openPrice: market ? o.openPrice : "",
      openRef: market ? ref.price : "",
      openRefAt: market ? ref.at : 0,
      spread: pair.terms.spread,
      feeRate: pair.terms.feeRate,
      overnightRate: pair.terms.overnightRate,
      hazardRate: pair.terms.hazardRate,
      marginUnits: o.marginUnits,
      feeUnits: o.feeUnits,
      liqPrice: market ? liquidationPrice(pair.terms, input.side, o.openPrice, o.quantity, o.marginUnits) : "",
      takeProfit: input.takeProfit,
      stopLoss: input.stopLoss,
      createdAt: now,
    })
    .returning();
  const statements: Statement[] = [...idem.prefix, ...postingStatements(db, [journal], now), insert];
  const insertAt = statements.length - 1;
  // The stored answer of an Idempotency-Key carries the new id, written in the same batch right after the insert.
  if (idem.key !== null && idem.prefix.length > 0) statements.push(bound(db, STORE_ID, userId, idem.key));
  let results: unknown[];
  try {
    results = await commit(db, statements);
  } catch (err) {
    if (err instanceof DuplicateJournal) throw conflict("IDEMPOTENCY_KEY_REUSED");
    throw err;
  }
  return (results[insertAt] as PositionRow[])[0]!;
}

/**
 * Activates an entrusted order at the reference tick that reached its target: the open price is that tick's
 * reference ± spread; margin and fee were taken at submit. Guarded on status, so a replay changes nothing.
 */
export async function activateEntry(db: Db, pair: ContractPair, row: PositionRow, ref: { price: string; at: number }): Promise<boolean> {
  const side = row.side as Side;
  const terms = { ...pair.terms, spread: row.spread, hazardRate: row.hazardRate };
  const o = opening(terms, side, ref.price, row.lots, row.multiple);
  const result = await db
    .update(contractPositions)
    .set({
      status: CONTRACT_STATUS.holding,
      openPrice: o.openPrice,
      openRef: ref.price,
      openRefAt: ref.at,
      liqPrice: liquidationPrice(terms, side, o.openPrice, row.quantity, row.marginUnits),
    })
    .where(and(eq(contractPositions.id, row.id), eq(contractPositions.status, CONTRACT_STATUS.entrusted)))
    .returning({ id: contractPositions.id });
  return result.length === 1;
}

export type CloseOutcome = { pnlUnits: number; userUnits: number; insuranceUnits: number; duplicate: boolean };

/** The ledger journal of a close at a reference price, and the P/L and settlement it applies. */
export function closeJournal(row: PositionRow, precision: number, ref: { price: string; at: number }, reason: CloseReason) {
  const pnl = profitUnits(precision, row.side as Side, row.openPrice, row.quantity, ref.price);
  const s = settlement(row.marginUnits, pnl);
  const legal = row.legalId;
  const journal: Journal = {
    kind: reason === "liquidation" ? "contract_liquidation" : "contract_close",
    refKey: `contract:close:${row.id}`,
    userId: row.userId,
    memo: { position: row.id, reason, ref: ref.price, ref_at: ref.at, pnl: fromUnits(pnl, precision) },
    lines: [
      sys(SYSTEM_ACCOUNTS.contractMargin, legal, -row.marginUnits),
      lever(row.userId, legal, s.userUnits),
      sys(SYSTEM_ACCOUNTS.house, legal, s.houseUnits),
      sys(SYSTEM_ACCOUNTS.insurance, legal, -s.insuranceUnits),
    ],
  };
  return { journal, pnl, settlement: s };
}

/**
 * Closes a holding (or closing) position at a reference price: margin + P/L to the user (never below zero), the
 * user's loss to the house or the house's loss to the user, a shortfall beyond the margin from insurance. One batch,
 * keyed `contract:close:<id>`: a replay (a crash between settling and forgetting the trigger) moves nothing.
 */
export async function closePosition(
  db: Db,
  row: PositionRow,
  precision: number,
  ref: { price: string; at: number },
  reason: CloseReason,
  now = Date.now(),
): Promise<CloseOutcome> {
  const { journal, pnl, settlement: s } = closeJournal(row, precision, ref, reason);
  const update = db
    .update(contractPositions)
    .set({
      status: CONTRACT_STATUS.closed,
      closeRef: ref.price,
      closeRefAt: ref.at,
      closeReason: reason,
      pnlUnits: pnl,
      insuranceUnits: s.insuranceUnits,
      closedAt: now,
    })
    .where(
      and(
        eq(contractPositions.id, row.id),
        inArray(contractPositions.status, [CONTRACT_STATUS.holding, CONTRACT_STATUS.closing]),
        eq(contractPositions.marginUnits, row.marginUnits),
      ),
    );
  try {
    await commitGuarded(db, [...postingStatements(db, [journal], now), update, rowsChanged(db, 1)]);
  } catch (err) {
    if (err instanceof DuplicateJournal)
      return { pnlUnits: pnl, userUnits: s.userUnits, insuranceUnits: s.insuranceUnits, duplicate: true };
    throw err;
  }
  return { pnlUnits: pnl, userUnits: s.userUnits, insuranceUnits: s.insuranceUnits, duplicate: false };
}

/** Cancels an entrusted order: margin and fee go back to the lever balance. */
export async function cancelEntry(db: Db, row: PositionRow, now = Date.now()): Promise<void> {
  if (row.status !== CONTRACT_STATUS.entrusted) throw conflict("CONTRACT_NOT_ENTRUSTED");
  const legal = row.legalId;
  const journal: Journal = {
    kind: "contract_cancel",
    refKey: `contract:cancel:${row.id}`,
    userId: row.userId,
    memo: { position: row.id },
    lines: [
      sys(SYSTEM_ACCOUNTS.contractMargin, legal, -row.marginUnits),
      sys(SYSTEM_ACCOUNTS.fees, legal, -row.feeUnits),
      lever(row.userId, legal, row.marginUnits + row.feeUnits),
    ],
  };
  const update = db
    .update(contractPositions)
    .set({ status: CONTRACT_STATUS.cancelled, closedAt: now })
    .where(and(eq(contractPositions.id, row.id), eq(contractPositions.status, CONTRACT_STATUS.entrusted)));
  try {
    await commitGuarded(db, [...postingStatements(db, [journal], now), update, rowsChanged(db, 1)]);
  } catch (err) {
    // Closed by someone else, or activated meanwhile: nothing moved.
    if (err instanceof DuplicateJournal || err instanceof StalePosition) throw conflict("CONTRACT_NOT_ENTRUSTED");
    throw err;
  }
}

/** The caller's own position; another user's id is 404. */
export async function ownPosition(db: Db, userId: number, id: number): Promise<PositionRow> {
  const row = await db
    .select()
    .from(contractPositions)
    .where(and(eq(contractPositions.id, id), eq(contractPositions.userId, userId)))
    .get();
  if (!row) throw notFound();
  return row;
}

/** Sets or clears take-profit and stop-loss of a holding position (beyond both the open and the current price). */
export async function setStops(db: Db, row: PositionRow, pair: ContractPair, tp: string | null, sl: string | null, current: string) {
  if (row.status !== CONTRACT_STATUS.holding) throw conflict("CONTRACT_NOT_OPEN");
  if (!pair.stops) throw badRequest("CONTRACT_STOPS_OFF");
  const stop = checkStops(row.side as Side, row.openPrice, current, tp, sl);
  if (stop !== "ok") throw badRequest(stop === "TP_NOT_BEYOND" ? "CONTRACT_TP_NOT_BEYOND" : "CONTRACT_SL_NOT_BEYOND");
  const updated = await db
    .update(contractPositions)
    .set({ takeProfit: tp, stopLoss: sl })
    .where(and(eq(contractPositions.id, row.id), eq(contractPositions.status, CONTRACT_STATUS.holding)))
    .returning({ id: contractPositions.id });
  if (updated.length === 0) throw conflict("CONTRACT_NOT_OPEN");
}

/** Open positions and entrusted orders of a pair (the contract object rebuilds its ladders from them). */
export async function livePositions(db: Db, marketId: number): Promise<PositionRow[]> {
  return db
    .select()
    .from(contractPositions)
    .where(and(eq(contractPositions.marketId, marketId), inArray(contractPositions.status, [0, 1, 2])))
    .all();
}

export async function positionById(db: Db, id: number): Promise<PositionRow | undefined> {
  return db.select().from(contractPositions).where(eq(contractPositions.id, id)).get();
}

/** A user's holding positions of a pair, by side (0 all), for close-all and batch close. */
export async function holdingOf(db: Db, userId: number, marketId: number, side: 0 | 1 | 2): Promise<PositionRow[]> {
  const rows = await db
    .select()
    .from(contractPositions)
    .where(and(eq(contractPositions.userId, userId), eq(contractPositions.marketId, marketId), eq(contractPositions.status, 1)))
    .all();
  return side === 0 ? rows : rows.filter((r) => r.side === side);
}

const PAGE = 10;

/** /lever/my_trade: the user's positions, newest first, with live P/L and risk rate for open ones. */
export async function listPositions(
  db: Db,
  userId: number,
  filter: { marketId?: number; status: number | null; page: number },
  reference: ReferenceSource,
): Promise<{ rows: LeverPosition[]; profitsTotal: string; marginTotal: string }> {
  const conds = [eq(contractPositions.userId, userId)];
  if (filter.marketId !== undefined) conds.push(eq(contractPositions.marketId, filter.marketId));
  if (filter.status === 3) conds.push(inArray(contractPositions.status, [3, 4]));
  // A position whose close waits in the contract object's outbox is still held (shown "closing").
  else if (filter.status === 1) conds.push(inArray(contractPositions.status, [1, 2]));
  else if (filter.status !== null) conds.push(eq(contractPositions.status, filter.status));
  const rows = await db
    .select()
    .from(contractPositions)
    .where(and(...conds))
    .orderBy(desc(contractPositions.id))
    .limit(PAGE)
    .offset((filter.page - 1) * PAGE)
    .all();
  const prices = new Map<number, string | null>();
  const pairs = new Map<number, ContractPair | null>();
  let profits = 0;
  let margins = 0;
  let precision = 0;
  const out: LeverPosition[] = [];
  for (const r of rows) {
    if (!pairs.has(r.marketId)) pairs.set(r.marketId, await contractPairById(db, r.marketId));
    const pair = pairs.get(r.marketId);
    if (!pair) continue;
    precision = pair.terms.precision;
    const held = r.status === 1 || r.status === 2;
    if (held && !prices.has(r.marketId)) prices.set(r.marketId, (await reference(pair.market, pair.feed))?.price ?? null);
    const live = held ? (prices.get(r.marketId) ?? null) : null;
    const pnl = held ? (live ? profitUnits(precision, r.side as Side, r.openPrice, r.quantity, live) : 0) : r.pnlUnits;
    if (held) {
      profits += pnl;
      margins += r.marginUnits;
    }
    out.push(view(pair, r, r.status === 3 ? r.closeRef : (live ?? ""), pnl));
  }
  return { rows: out, profitsTotal: fromUnits(profits, precision), marginTotal: fromUnits(margins, precision) };
}

export function view(pair: ContractPair, r: PositionRow, updatePrice: string, pnl: number): LeverPosition {
  const p = pair.terms.precision;
  return {
    id: r.id,
    symbol: pair.market.symbol,
    type: r.side as 1 | 2,
    status: r.status,
    order_type: r.orderType,
    share: r.lots,
    multiple: r.multiple,
    quantity: r.quantity,
    target_price: r.targetPrice,
    price: r.openPrice,
    open_ref: r.openRef,
    open_ref_at: r.openRefAt,
    update_price: updatePrice,
    caution_money: fromUnits(r.marginUnits, p),
    trade_fee: fromUnits(r.feeUnits, p),
    overnight_money: fromUnits(r.overnightUnits, p),
    profits: fromUnits(pnl, p),
    risk_rate: r.status === 1 || r.status === 2 ? riskRate(r.marginUnits, pnl) : "",
    liq_price: r.liqPrice,
    hazard_rate: r.hazardRate,
    spread: r.spread,
    target_profit_price: r.takeProfit ?? "",
    stop_loss_price: r.stopLoss ?? "",
    close_reason: r.closeReason ?? "",
    close_ref_at: r.closeRefAt,
    insurance: fromUnits(r.insuranceUnits, p),
    transaction_time: r.openRefAt || r.createdAt,
    closed_at: r.closedAt,
  };
}
