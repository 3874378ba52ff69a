import { asc, eq } from "drizzle-orm";
import { currencies } from "../../../schema/db/index.ts";
import { ApiError, badRequest } from "../errors.ts";
import type { Db } from "../db.ts";
import { type AccountType, type AmountError, AmountError as AmountErrorClass, accountName, parseUserAmount } from "../ledger/index.ts";

export type Currency = typeof currencies.$inferSelect;

/** Enabled currencies in display order. */
export const listCurrencies = (db: Db, includeDisabled = false) =>
  includeDisabled
    ? db.select().from(currencies).orderBy(asc(currencies.sort), asc(currencies.id))
    : db.select().from(currencies).where(eq(currencies.enabled, true)).orderBy(asc(currencies.sort), asc(currencies.id));

/** A currency by id ("3") or name ("USDT", any case); disabled ones only when asked. */
export async function findCurrency(db: Db, ref: string | number, includeDisabled = false): Promise<Currency | undefined> {
  const text = String(ref).trim();
  const row = /^\d+$/.test(text)
    ? await db
        .select()
        .from(currencies)
        .where(eq(currencies.id, Number(text)))
        .get()
    : await db.select().from(currencies).where(eq(currencies.name, text.toUpperCase())).get();
  return row && (row.enabled || includeDisabled) ? row : undefined;
}

/**
 * The currency or 400 UNKNOWN_CURRENCY. A disabled currency (hidden from lists, no new
 * deposits) is still found where users reach funds they already hold: balances,
 * records, transfers and withdrawals (which have their own explicit can_withdraw
 * switch), so switching a currency off never traps anyone's money.
 */
export async function requireCurrency(db: Db, ref: string | number, opts: { includeDisabled?: boolean } = {}): Promise<Currency> {
  const row = await findCurrency(db, ref, opts.includeDisabled ?? false);
  if (!row) throw badRequest("UNKNOWN_CURRENCY");
  return row;
}

/** Whether the currency lives in an account type (is_legal / is_change / is_lever / is_micro). */
export function accountEnabled(currency: Currency, type: AccountType): boolean {
  switch (type) {
    case 1:
      return currency.isLegal;
    case 2:
      return currency.isChange;
    case 3:
      return currency.isLever;
    case 4:
      return currency.isMicro;
  }
}

export const enabledAccounts = (currency: Currency): AccountType[] => ([1, 2, 3, 4] as const).filter((t) => accountEnabled(currency, t));

/** Message code of an account type's translated name. */
export const accountLabel = (type: AccountType) =>
  (({ legal: "ACCOUNT_LEGAL", change: "ACCOUNT_CHANGE", lever: "ACCOUNT_LEVER", micro: "ACCOUNT_MICRO" }) as const)[accountName(type)];

/** A user-typed positive amount with at most `precision` decimals, in minor units, or a translated 400. */
export function userUnits(text: string, precision: number): number {
  try {
    return parseUserAmount(text, precision);
  } catch (err) {
    if (err instanceof AmountErrorClass) throw amountApiError(err);
    throw err;
  }
}

/** A user-typed amount of this currency in minor units, or a translated 400. */
export const userAmount = (currency: Currency, text: string): number => userUnits(text, currency.precision);

export function amountApiError(err: AmountError): ApiError {
  return err.code === "AMOUNT_TOO_PRECISE" ? badRequest("AMOUNT_TOO_PRECISE", { decimals: err.decimals }) : badRequest(err.code);
}
