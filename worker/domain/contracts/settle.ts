import { inArray } from "drizzle-orm";
import { CONTRACT_STATUS, type CloseReason, contractPositions } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { conflict } from "../errors.ts";
import { DuplicateJournal, bound, commit, jsonColumn, postingStatements } from "../ledger/index.ts";
import type { ContractPair } from "./pairs.ts";
import { type PositionRow, StalePosition, activateEntry, closeJournal, closePosition, commitGuarded, rowsChanged } from "./positions.ts";

/**
 * Settlement of what a contract object's triggers decided (durable/contract/drain.ts calls these), many positions per
 * D1 batch. Every close is keyed `contract:close:<id>` and its row update is guarded on status, so a batch replayed
 * after a crash, or one racing a user's own close, moves nothing twice: a batch that meets a close already posted
 * falls back to closing its positions one by one, each recognising its own duplicate.
 */

export type TriggerClose = { id: number; reason: CloseReason; price: string; at: number };
export type Closed = { id: number; userId: number; pnlUnits: number; insuranceUnits: number };

/** Closes per D1 batch: the postings are four statements whatever their number, the row updates one. */
export const CLOSES_PER_BATCH = 100;

const MARK_CLOSING =
  `UPDATE contract_positions SET status = ${CONTRACT_STATUS.closing} ` +
  `WHERE status = ${CONTRACT_STATUS.holding} AND id IN (SELECT value FROM json_each(?1))`;
const col = (i: number) => jsonColumn(i, "d");
const CLOSE_ROWS =
  `UPDATE contract_positions SET status = ${CONTRACT_STATUS.closed}, close_ref = ${col(1)}, close_ref_at = ${col(2)}, ` +
  `close_reason = ${col(3)}, pnl_units = ${col(4)}, insurance_units = ${col(5)}, closed_at = ?2 FROM json_each(?1) AS d ` +
  `WHERE contract_positions.id = ${col(0)} AND contract_positions.status IN (${CONTRACT_STATUS.holding}, ${CONTRACT_STATUS.closing}) ` +
  `AND contract_positions.margin_units = ${col(6)}`;

/** Positions whose close is waiting in an outbox show "closing": new orders and transfers out wait for them. */
export async function markClosing(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await commit(db, [bound(db, MARK_CLOSING, JSON.stringify(ids))]);
}

async function rowsById(db: Db, ids: readonly number[]): Promise<Map<number, PositionRow>> {
  const out = new Map<number, PositionRow>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select()
      .from(contractPositions)
      .where(inArray(contractPositions.id, ids.slice(i, i + 90)))
      .all();
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

/** Activates entrusted orders at the ticks that reached them; one already active is left as it is. */
export async function activateMany(db: Db, pair: ContractPair, items: readonly { id: number; price: string; at: number }[]): Promise<void> {
  const rows = await rowsById(
    db,
    items.map((i) => i.id),
  );
  for (const item of items) {
    const row = rows.get(item.id);
    if (row && row.status === CONTRACT_STATUS.entrusted) await activateEntry(db, pair, row, { price: item.price, at: item.at });
  }
}

type Prepared = { row: PositionRow; item: TriggerClose } & ReturnType<typeof closeJournal>;

/** The closes of the positions that are still open (holding or closing); the others were closed before. */
async function prepare(db: Db, precision: number, items: readonly TriggerClose[]): Promise<Prepared[]> {
  const rows = await rowsById(
    db,
    items.map((i) => i.id),
  );
  const out: Prepared[] = [];
  for (const item of items) {
    const row = rows.get(item.id);
    if (!row || (row.status !== CONTRACT_STATUS.holding && row.status !== CONTRACT_STATUS.closing)) continue;
    out.push({ row, item, ...closeJournal(row, precision, { price: item.price, at: item.at }, item.reason) });
  }
  return out;
}

/**
 * One batch closing them all. Journals that pay the house and journals the house pays are posted as two groups
 * (postingStatements nets only journals that move each account one way), one after the other in the same batch.
 */
async function commitCloses(db: Db, group: Prepared[], now: number): Promise<void> {
  const gains = group.filter((g) => g.settlement.houseUnits >= 0).map((g) => g.journal);
  const losses = group.filter((g) => g.settlement.houseUnits < 0).map((g) => g.journal);
  const update = JSON.stringify(
    group.map((g) => [g.row.id, g.item.price, g.item.at, g.item.reason, g.pnl, g.settlement.insuranceUnits, g.row.marginUnits]),
  );
  await commitGuarded(db, [
    ...(gains.length > 0 ? postingStatements(db, gains, now) : []),
    ...(losses.length > 0 ? postingStatements(db, losses, now) : []),
    bound(db, CLOSE_ROWS, update, now),
    rowsChanged(db, group.length),
  ]);
}

const closedOf = (g: Prepared): Closed => ({
  id: g.row.id,
  userId: g.row.userId,
  pnlUnits: g.pnl,
  insuranceUnits: g.settlement.insuranceUnits,
});

/**
 * Closes positions at their triggers' reference prices, CLOSES_PER_BATCH per batch. A position already closed (by
 * its owner, or by this same batch before a crash) is skipped.
 */
export async function closeMany(db: Db, precision: number, items: readonly TriggerClose[], now = Date.now()): Promise<Closed[]> {
  const prepared = await prepare(db, precision, items);
  const closed: Closed[] = [];
  for (let i = 0; i < prepared.length; i += CLOSES_PER_BATCH) {
    const group = prepared.slice(i, i + CLOSES_PER_BATCH);
    try {
      await commitCloses(db, group, now);
      closed.push(...group.map(closedOf));
      continue;
    } catch (err) {
      if (!(err instanceof DuplicateJournal) && !(err instanceof StalePosition)) throw err;
    }
    // One of them was closed or charged meanwhile: each on its own, read afresh, so the others still settle.
    for (const g of group) {
      const out = await closeFresh(db, precision, g.item, now);
      if (out) closed.push(out);
    }
  }
  return closed;
}

/** One close from the row as it is now (a retry after a batch met a changed row); null when it is closed already. */
async function closeFresh(db: Db, precision: number, item: TriggerClose, now: number): Promise<Closed | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [g] = await prepare(db, precision, [item]);
    if (!g) return null;
    try {
      const out = await closePosition(db, g.row, precision, { price: item.price, at: item.at }, item.reason, now);
      return out.duplicate ? null : closedOf(g);
    } catch (err) {
      if (!(err instanceof StalePosition)) throw err;
    }
  }
  throw new StalePosition();
}

/**
 * A user's batch close: every position named closes in ONE batch, or none does (409 CONTRACT_NOT_OPEN when one of
 * them was closed meanwhile, by a trigger or another request).
 */
export async function closeTogether(db: Db, precision: number, items: readonly TriggerClose[], now = Date.now()): Promise<Closed[]> {
  const prepared = await prepare(db, precision, items);
  if (prepared.length !== items.length) throw conflict("CONTRACT_NOT_OPEN");
  if (prepared.length === 0) return [];
  try {
    await commitCloses(db, prepared, now);
  } catch (err) {
    if (err instanceof DuplicateJournal || err instanceof StalePosition) throw conflict("CONTRACT_NOT_OPEN");
    throw err;
  }
  return prepared.map(closedOf);
}
