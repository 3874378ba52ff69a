import { and, asc, eq, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { balances, currencies, depositAddresses, deposits, holds, referencePrices, withdrawals } from "../../../schema/db/index.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import type { Db } from "../db.ts";
import { auditStatement } from "../audit/audit.ts";
import { AmountError, type Statement, canonical, commit, errorText, toUnits } from "../ledger/index.ts";
import { type Currency, amountApiError, findCurrency } from "./currencies.ts";

/** Operator configuration of currencies and deposit addresses; every change is audited in the same batch. */

export type CurrencyPatch = {
  id?: number;
  name?: string;
  precision?: number;
  display_decimals?: number;
  is_legal?: boolean;
  is_change?: boolean;
  is_lever?: boolean;
  is_micro?: boolean;
  can_deposit?: boolean;
  can_withdraw?: boolean;
  min_withdraw?: string;
  withdraw_fee?: string;
  is_transfer?: boolean;
  transfer_fee_pct?: string;
  logo?: string;
  sort?: number;
  enabled?: boolean;
  price_usdt?: string;
  /** "" switches four eyes off. */
  second_approval_above?: string;
};

/** Rejects configured amounts with more decimals than the currency has. */
function checkDecimals(value: string | undefined, precision: number): string | undefined {
  if (value === undefined) return undefined;
  try {
    toUnits(value, precision, "exact");
  } catch (err) {
    if (err instanceof AmountError) throw amountApiError(err);
    throw err;
  }
  return canonical(value);
}

/** The four-eyes threshold to store: unchanged when not given, null for "", else checked against the precision. */
function secondApprovalAbove(given: string | undefined, current: string | null, precision: number): string | null {
  if (given === undefined) return current === null ? null : (checkDecimals(current, precision) ?? null);
  return given === "" ? null : (checkDecimals(given, precision) ?? null);
}

/**
 * Creates (no id) or updates a currency. The precision can change only while no
 * balance, hold, deposit or withdrawal uses the currency; that is decided by SQLite
 * inside the batch (an in-use currency gets precision -1, which violates the CHECK
 * and fails everything), so no deposit can slip in between a check and the change.
 */
export async function saveCurrency(db: Db, operatorId: number, patch: CurrencyPatch, now = Date.now()): Promise<Currency> {
  const existing = patch.id !== undefined ? await findCurrency(db, patch.id, true) : undefined;
  if (patch.id !== undefined && !existing) throw notFound();
  // Names are identities (the daily limit is valued in "BTC", clients show names): never renamed.
  if (existing && patch.name !== undefined && patch.name !== existing.name) throw badRequest("PARAMETER_ERROR", { field: "name" });
  const precision = patch.precision ?? existing?.precision;
  if (precision === undefined || (!existing && !patch.name))
    throw badRequest("PARAMETER_ERROR", { field: precision === undefined ? "precision" : "name" });
  const values = {
    name: patch.name,
    displayDecimals: patch.display_decimals,
    isLegal: patch.is_legal,
    isChange: patch.is_change,
    isLever: patch.is_lever,
    isMicro: patch.is_micro,
    canDeposit: patch.can_deposit,
    canWithdraw: patch.can_withdraw,
    minWithdraw: checkDecimals(patch.min_withdraw ?? existing?.minWithdraw, precision),
    withdrawFee: checkDecimals(patch.withdraw_fee ?? existing?.withdrawFee, precision),
    secondApprovalAbove: secondApprovalAbove(patch.second_approval_above, existing?.secondApprovalAbove ?? null, precision),
    isTransfer: patch.is_transfer,
    transferFeePct: patch.transfer_fee_pct === undefined ? undefined : canonical(patch.transfer_fee_pct),
    logo: patch.logo,
    sort: patch.sort,
    enabled: patch.enabled,
  };
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<typeof currencies.$inferInsert>;
  const price = patch.price_usdt === undefined ? undefined : canonical(patch.price_usdt);
  if (price !== undefined && /^0(\.0*)?$/.test(price)) throw badRequest("AMOUNT_NOT_POSITIVE");

  const statements: Statement[] = [];
  // Created currencies get their id from AUTOINCREMENT; the create is audited under its (unique) name.
  const subject = existing ? existing.id : patch.name!;
  const idSql = existing
    ? sql`${existing.id}`
    : sql`(SELECT ${currencies.id} FROM ${currencies} WHERE ${currencies.name} = ${patch.name!})`;
  if (existing) {
    const id = existing.id;
    const set: SQLiteUpdateSetSource<typeof currencies> = { ...defined };
    if (patch.precision !== undefined && patch.precision !== existing.precision) {
      set.precision = sql`CASE WHEN EXISTS (SELECT 1 FROM ${balances} WHERE ${balances.currencyId} = ${id})
        OR EXISTS (SELECT 1 FROM ${holds} WHERE ${holds.currencyId} = ${id})
        OR EXISTS (SELECT 1 FROM ${deposits} WHERE ${deposits.currencyId} = ${id})
        OR EXISTS (SELECT 1 FROM ${withdrawals} WHERE ${withdrawals.currencyId} = ${id})
        THEN -1 ELSE ${patch.precision} END`;
    }
    if (Object.keys(set).length > 0) statements.push(db.update(currencies).set(set).where(eq(currencies.id, id)));
  } else {
    statements.push(db.insert(currencies).values({ ...defined, name: patch.name!, precision }));
  }
  if (price !== undefined) {
    statements.push(
      db
        .insert(referencePrices)
        .values({ currencyId: idSql, priceUsdt: price, updatedAt: now })
        .onConflictDoUpdate({ target: referencePrices.currencyId, set: { priceUsdt: price, updatedAt: now } }),
    );
  }
  statements.push(
    auditStatement(
      db,
      {
        actorId: operatorId,
        action: existing ? "currency.update" : "currency.create",
        subjectType: "currency",
        subjectId: subject,
        detail: { ...patch },
      },
      now,
    ),
  );
  try {
    await commit(db, statements);
  } catch (err) {
    const text = errorText(err);
    if (text.includes("currencies_precision")) throw conflict("CURRENCY_IN_USE");
    if (text.includes("UNIQUE constraint failed: currencies.")) throw conflict("CURRENCY_NAME_TAKEN");
    throw err;
  }
  return (await findCurrency(db, existing ? existing.id : patch.name!, true))!;
}

export function currencyView(c: Currency, price?: string | null) {
  return {
    id: c.id,
    name: c.name,
    precision: c.precision,
    display_decimals: c.displayDecimals,
    is_legal: c.isLegal ? 1 : 0,
    is_change: c.isChange ? 1 : 0,
    is_lever: c.isLever ? 1 : 0,
    is_micro: c.isMicro ? 1 : 0,
    can_deposit: c.canDeposit ? 1 : 0,
    can_withdraw: c.canWithdraw ? 1 : 0,
    min_withdraw: c.minWithdraw,
    withdraw_fee: c.withdrawFee,
    is_transfer: c.isTransfer ? 1 : 0,
    transfer_fee_pct: c.transferFeePct,
    logo: c.logo,
    sort: c.sort,
    enabled: c.enabled ? 1 : 0,
    /** Deposits credited and withdrawals paid strictly above this need two operators; null: one. */
    second_approval_above: c.secondApprovalAbove,
    ...(price === undefined ? {} : { usdt_price: price }),
  };
}

// Deposit addresses ------------------------------------------------------------

export const listDepositAddresses = (db: Db, currencyId?: number, onlyEnabled = false) =>
  db
    .select({ a: depositAddresses, currency: currencies.name })
    .from(depositAddresses)
    .innerJoin(currencies, eq(currencies.id, depositAddresses.currencyId))
    .where(
      and(
        currencyId ? eq(depositAddresses.currencyId, currencyId) : undefined,
        onlyEnabled ? eq(depositAddresses.enabled, true) : undefined,
      ),
    )
    .orderBy(asc(depositAddresses.currencyId), asc(depositAddresses.chain), asc(depositAddresses.id));

export async function addDepositAddress(
  db: Db,
  operatorId: number,
  input: { currency: string; chain: string; address: string },
  now = Date.now(),
) {
  const currency = await findCurrency(db, input.currency, true);
  if (!currency) throw badRequest("UNKNOWN_CURRENCY");
  try {
    const [rows] = await commit(db, [
      db
        .insert(depositAddresses)
        .values({ currencyId: currency.id, chain: input.chain, address: input.address, enabled: true, createdAt: now })
        .returning({ id: depositAddresses.id }),
      auditStatement(
        db,
        {
          actorId: operatorId,
          action: "deposit_address.add",
          subjectType: "currency",
          subjectId: currency.id,
          detail: { chain: input.chain, address: input.address },
        },
        now,
      ),
    ]);
    return (rows as { id: number }[])[0]!.id;
  } catch (err) {
    if (errorText(err).includes("UNIQUE constraint failed: deposit_addresses.")) throw conflict("DEPOSIT_ADDRESS_EXISTS");
    throw err;
  }
}

export async function setDepositAddressEnabled(db: Db, operatorId: number, id: number, enabled: boolean, now = Date.now()) {
  const row = await db.select().from(depositAddresses).where(eq(depositAddresses.id, id)).get();
  if (!row) throw notFound();
  await commit(db, [
    db.update(depositAddresses).set({ enabled }).where(eq(depositAddresses.id, id)),
    auditStatement(
      db,
      {
        actorId: operatorId,
        action: enabled ? "deposit_address.enable" : "deposit_address.disable",
        subjectType: "deposit_address",
        subjectId: id,
        detail: { address: row.address },
      },
      now,
    ),
  ]);
}
