import { and, eq, inArray } from "drizzle-orm";
import { balances, currencies, users } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { fromUnits } from "../ledger/amounts.ts";
import { DEPOSIT_ACCOUNT } from "./settle.ts";

/** A bidder as others see them: the first two and last two characters of the public uid. */
export const maskUid = (uid: string): string => (uid.length <= 4 ? `${uid.slice(0, 1)}***` : `${uid.slice(0, 2)}***${uid.slice(-2)}`);

export async function uidsOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, uid: users.uid })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
    .all();
  return new Map(rows.map((r) => [r.id, r.uid]));
}

export const coinOf = (db: Db, currencyId: number) =>
  db.select({ name: currencies.name, precision: currencies.precision }).from(currencies).where(eq(currencies.id, currencyId)).get();

/** The bidder's available balance in the deposit account (what a bid is checked against). */
export async function availableUnits(db: Db, userId: number, currencyId: number): Promise<number> {
  const row = await db
    .select({ available: balances.available })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.currencyId, currencyId), eq(balances.accountType, DEPOSIT_ACCOUNT)))
    .get();
  return row?.available ?? 0;
}

export const money = (units: number, precision: number) => fromUnits(units, precision);
