import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import { CONTRACT_STATUS, balances, contractPositions, journals } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import {
  ACCOUNT_TYPES,
  DuplicateJournal,
  type Journal,
  type Line,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  bound,
  postingStatements,
  jsonColumn as col,
} from "../ledger/index.ts";
import { type Side, liquidationPrice, overnightSplit, overnightUnits } from "./math.ts";
import { type ContractPair, contractPairById } from "./pairs.ts";
import { type PositionRow, StalePosition, commitGuarded, positionById, rowsChanged } from "./positions.ts";

/**
 * The daily overnight fee (README "Design": Contracts): every position holding since before the day's cutoff
 * (00:00 UTC) pays open notional × its overnight rate, rounded up, from its margin first and then from the lever
 * balance (as far as it holds; what neither covers is not charged). Its liquidation price is recomputed from the
 * smaller margin. Keyed `contract:overnight:<id>:<day>`, so a job run twice charges once. Positions go CHUNK at a
 * time, one batch per chunk; a chunk that meets a row or a balance that changed meanwhile is charged one by one.
 */

export const OVERNIGHT_CHUNK = 100;

/** The day a run charges for: the UTC date of the most recent cutoff at or before `now`. */
export const overnightDay = (now: number): { day: string; cutoff: number } => {
  const cutoff = Math.floor(now / 86_400_000) * 86_400_000;
  return { day: new Date(cutoff).toISOString().slice(0, 10), cutoff };
};

export const overnightKey = (id: number, day: string) => `contract:overnight:${id}:${day}`;

export type OvernightResult = { day: string; charged: number; skipped: number; changed: Map<string, number[]> };

const CHARGE_ROWS =
  `UPDATE contract_positions SET margin_units = margin_units - d.m, overnight_units = overnight_units + d.f, liq_price = d.l ` +
  `FROM (SELECT ${col(0)} AS id, ${col(1)} AS m, ${col(2)} AS f, ${col(3)} AS l, ${col(4)} AS was FROM json_each(?1)) AS d ` +
  `WHERE contract_positions.id = d.id AND contract_positions.status = ${CONTRACT_STATUS.holding} ` +
  `AND contract_positions.margin_units = d.was`;

type Charge = { row: PositionRow; journal: Journal; fromMargin: number; total: number; liq: string };

function chargeOf(pair: ContractPair, row: PositionRow, day: string, balance: number): Charge | null {
  const precision = pair.terms.precision;
  const fee = overnightUnits({ overnightRate: row.overnightRate, precision }, row.openPrice, row.quantity);
  if (fee <= 0) return null;
  const split = overnightSplit(fee, row.marginUnits, balance);
  const total = split.fromMargin + split.fromBalance;
  if (total <= 0) return null;
  const margin = row.marginUnits - split.fromMargin;
  const terms = { ...pair.terms, spread: row.spread, hazardRate: row.hazardRate };
  const lines: Line[] = [
    { userId: SYSTEM_ACCOUNTS.fees, currencyId: row.legalId, accountType: SYSTEM_ACCOUNT_TYPE, bucket: "available", amount: total },
  ];
  if (split.fromMargin > 0) {
    lines.push({
      userId: SYSTEM_ACCOUNTS.contractMargin,
      currencyId: row.legalId,
      accountType: SYSTEM_ACCOUNT_TYPE,
      bucket: "available",
      amount: -split.fromMargin,
    });
  }
  if (split.fromBalance > 0) {
    lines.push({
      userId: row.userId,
      currencyId: row.legalId,
      accountType: ACCOUNT_TYPES.lever,
      bucket: "available",
      amount: -split.fromBalance,
    });
  }
  return {
    row,
    fromMargin: split.fromMargin,
    total,
    liq: liquidationPrice(terms, row.side as Side, row.openPrice, row.quantity, margin),
    journal: {
      kind: "contract_overnight",
      refKey: overnightKey(row.id, day),
      userId: row.userId,
      memo: { position: row.id, day, fee, from_margin: split.fromMargin, from_balance: split.fromBalance },
      lines,
    },
  };
}

async function leverBalances(db: Db, rows: PositionRow[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const users = [...new Set(rows.map((r) => r.userId))];
  for (let i = 0; i < users.length; i += 90) {
    const found = await db
      .select({ userId: balances.userId, currencyId: balances.currencyId, available: balances.available })
      .from(balances)
      .where(and(inArray(balances.userId, users.slice(i, i + 90)), eq(balances.accountType, ACCOUNT_TYPES.lever)))
      .all();
    for (const b of found) out.set(`${b.userId}:${b.currencyId}`, b.available);
  }
  return out;
}

async function commitCharges(db: Db, charges: Charge[], now: number): Promise<void> {
  const rows = JSON.stringify(charges.map((c) => [c.row.id, c.fromMargin, c.total, c.liq, c.row.marginUnits]));
  await commitGuarded(db, [
    ...postingStatements(
      db,
      charges.map((c) => c.journal),
      now,
    ),
    bound(db, CHARGE_ROWS, rows),
    rowsChanged(db, charges.length),
  ]);
}

/** One position on its own, read afresh: charged (true), or nothing to charge (false). */
async function chargeOne(db: Db, pair: ContractPair, id: number, day: string, now: number): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await positionById(db, id);
    if (!row || row.status !== CONTRACT_STATUS.holding) return false;
    const balance = (await leverBalances(db, [row])).get(`${row.userId}:${row.legalId}`) ?? 0;
    const charge = chargeOf(pair, row, day, balance);
    if (!charge) return false;
    try {
      await commitCharges(db, [charge], now);
      return true;
    } catch (err) {
      if (err instanceof DuplicateJournal) return false;
      // The row or the balance changed between reading and writing: read again.
      const retry = err instanceof StalePosition || (err instanceof Error && "code" in err && err.code === "INSUFFICIENT_BALANCE");
      if (!retry) throw err;
    }
  }
  return false;
}

/**
 * Charges the day's overnight fee of every position holding since before the cutoff. `changed` answers the
 * charged position ids per pair symbol, whose liquidation prices moved (the caller tells the contract objects).
 */
export async function chargeOvernight(db: Db, now: number, chunk = OVERNIGHT_CHUNK): Promise<OvernightResult> {
  const { day, cutoff } = overnightDay(now);
  const result: OvernightResult = { day, charged: 0, skipped: 0, changed: new Map() };
  const pairs = new Map<number, ContractPair | null>();
  const done = (row: PositionRow) => {
    result.charged++;
    const symbol = pairs.get(row.marketId)!.market.symbol;
    result.changed.set(symbol, [...(result.changed.get(symbol) ?? []), row.id]);
  };
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(contractPositions)
      .where(
        and(
          eq(contractPositions.status, CONTRACT_STATUS.holding),
          lt(contractPositions.openRefAt, cutoff),
          gt(contractPositions.id, after),
        ),
      )
      .orderBy(asc(contractPositions.id))
      .limit(chunk)
      .all();
    if (rows.length === 0) return result;
    after = rows[rows.length - 1]!.id;
    const paid = new Set(
      (
        await db
          .select({ refKey: journals.refKey })
          .from(journals)
          .where(
            inArray(
              journals.refKey,
              rows.map((r) => overnightKey(r.id, day)),
            ),
          )
          .all()
      ).map((j) => j.refKey),
    );
    const left = await leverBalances(db, rows);
    const charges: Charge[] = [];
    for (const row of rows) {
      if (paid.has(overnightKey(row.id, day))) {
        result.skipped++;
        continue;
      }
      if (!pairs.has(row.marketId)) pairs.set(row.marketId, await contractPairById(db, row.marketId));
      const pair = pairs.get(row.marketId);
      const key = `${row.userId}:${row.legalId}`;
      const charge = pair ? chargeOf(pair, row, day, left.get(key) ?? 0) : null;
      if (!charge) continue;
      // Two positions of one user share the balance.
      left.set(key, (left.get(key) ?? 0) - (charge.total - charge.fromMargin));
      charges.push(charge);
    }
    if (charges.length === 0) continue;
    try {
      await commitCharges(db, charges, now);
      for (const c of charges) done(c.row);
    } catch (err) {
      if (!(err instanceof DuplicateJournal) && !(err instanceof StalePosition) && !(err instanceof Error && "code" in err)) throw err;
      for (const c of charges) if (await chargeOne(db, pairs.get(c.row.marketId)!, c.row.id, day, now)) done(c.row);
    }
  }
}
