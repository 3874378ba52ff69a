import { and, asc, eq } from "drizzle-orm";
import type { Lang } from "../../../schema/api/lang.ts";
import type { TransferFee } from "../../../schema/api/market.ts";
import { balances, currencies } from "../../../schema/db/index.ts";
import { badRequest, conflict } from "../errors.ts";
import type { Db } from "../db.ts";
import { translate } from "../i18n/translate.ts";
import {
  ACCOUNT_TYPES,
  D,
  type Dec,
  type Journal,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  fromUnits,
  post,
  roundDisplay,
  toUnits,
} from "../ledger/index.ts";
import { usdtPrice } from "../pricing/prices.ts";
import { type Currency, requireCurrency, userAmount } from "../wallet/currencies.ts";

/**
 * Coin conversion (POST /user/Transfer), in the change account, at the reference
 * prices (reference_prices, kept current by the markets) with the source coin's
 * published fee (currencies.transfer_fee_pct, in percent):
 *   fee      = number × transfer_fee_pct / 100, rounded down, in the source coin
 *   received = (number − fee) × from_price / to_price, rounded down, in the target coin
 * One journal through the house account: the user pays `number`, the fees account
 * gets the fee, the house takes the rest and pays out the target coin from its
 * inventory. Keyed by the Idempotency-Key when one is sent.
 */

const CHANGE = ACCOUNT_TYPES.change;

export async function transferList(db: Db, userId: number) {
  const list = await db
    .select()
    .from(currencies)
    .where(and(eq(currencies.enabled, true), eq(currencies.isTransfer, true)))
    .orderBy(asc(currencies.sort), asc(currencies.id));
  const rows = await db
    .select()
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.accountType, CHANGE)));
  const byCurrency = new Map(rows.map((r) => [r.currencyId, r]));
  return {
    transfer: list.map((c) => ({ id: c.id, name: c.name, fee: c.transferFeePct })),
    wallet: list.map((c) => ({
      currency: c.id,
      currency_name: c.name,
      change_balance: fromUnits(byCurrency.get(c.id)?.available ?? 0, c.precision),
    })),
  };
}

async function pair(
  db: Db,
  fromRef: string | number,
  toRef: string | number,
): Promise<{ from: Currency; to: Currency; fromPrice: Dec; toPrice: Dec }> {
  const from = await requireCurrency(db, fromRef);
  const to = await requireCurrency(db, toRef);
  if (from.id === to.id) throw badRequest("TRANSFER_SAME_CURRENCY");
  for (const c of [from, to]) if (!c.isTransfer) throw badRequest("TRANSFER_NOT_SUPPORTED", { currency: c.name });
  const [fromPrice, toPrice] = await Promise.all([usdtPrice(db, from.id), usdtPrice(db, to.id)]);
  if (!fromPrice) throw conflict("PRICE_UNAVAILABLE", { currency: from.name });
  if (!toPrice) throw conflict("PRICE_UNAVAILABLE", { currency: to.name });
  return { from, to, fromPrice, toPrice };
}

/** POST /user/getTransferFee: both prices in USDT, the fee in percent and the rate (to per from). */
export async function transferFee(db: Db, fromRef: string | number, toRef: string | number): Promise<TransferFee> {
  const { from, fromPrice, toPrice } = await pair(db, fromRef, toRef);
  return {
    form_price: fromPrice.toFixed(),
    to_price: toPrice.toFixed(),
    fee: from.transferFeePct,
    rate: roundDisplay(fromPrice.div(toPrice), 8),
  };
}

export type ConversionQuote = { fromUnits: number; feeUnits: number; toUnits: number };

/** The amounts of a conversion of `units` of `from` (pure). */
export function quoteConversion(from: Currency, to: Currency, units: number, fromPrice: Dec, toPrice: Dec): ConversionQuote {
  const fee = toUnits(new D(units).times(new D(from.transferFeePct)).div(100), 0, "down");
  const net = new D(units - fee).div(new D(10).pow(from.precision));
  const received = toUnits(net.times(fromPrice).div(toPrice), to.precision, "down");
  return { fromUnits: units, feeUnits: fee, toUnits: received };
}

export async function convert(
  db: Db,
  userId: number,
  input: { number: string; from: string | number; to: string | number },
  lang: Lang,
  idem: { key: string | null; prefix: (payload: string) => Statement[] },
  now = Date.now(),
): Promise<string> {
  const { from, to, fromPrice, toPrice } = await pair(db, input.from, input.to);
  const units = userAmount(from, input.number);
  const q = quoteConversion(from, to, units, fromPrice, toPrice);
  if (q.toUnits <= 0) throw badRequest("CONVERSION_TOO_SMALL");
  // The house pays out of its inventory; say so plainly instead of a confusing "insufficient balance".
  const house = await db
    .select({ available: balances.available })
    .from(balances)
    .where(and(eq(balances.userId, SYSTEM_ACCOUNTS.house), eq(balances.currencyId, to.id), eq(balances.accountType, SYSTEM_ACCOUNT_TYPE)))
    .get();
  if ((house?.available ?? 0) < q.toUnits) throw conflict("CONVERSION_UNAVAILABLE", { currency: to.name });
  const journal: Journal = {
    kind: "convert",
    refKey: `convert:${userId}:${idem.key ?? crypto.randomUUID()}`,
    userId,
    memo: {
      from: from.name,
      to: to.name,
      amount: fromUnits(units, from.precision),
      fee: fromUnits(q.feeUnits, from.precision),
      received: fromUnits(q.toUnits, to.precision),
      from_price: fromPrice.toFixed(),
      to_price: toPrice.toFixed(),
    },
    lines: [
      { userId, currencyId: from.id, accountType: CHANGE, bucket: "available", amount: -units },
      { userId: SYSTEM_ACCOUNTS.fees, currencyId: from.id, accountType: SYSTEM_ACCOUNT_TYPE, bucket: "available", amount: q.feeUnits },
      {
        userId: SYSTEM_ACCOUNTS.house,
        currencyId: from.id,
        accountType: SYSTEM_ACCOUNT_TYPE,
        bucket: "available",
        amount: units - q.feeUnits,
      },
      { userId: SYSTEM_ACCOUNTS.house, currencyId: to.id, accountType: SYSTEM_ACCOUNT_TYPE, bucket: "available", amount: -q.toUnits },
      { userId, currencyId: to.id, accountType: CHANGE, bucket: "available", amount: q.toUnits },
    ],
  };
  const payload = translate("CONVERSION_DONE", lang, {
    from: `${fromUnits(units, from.precision)} ${from.name}`,
    to: `${fromUnits(q.toUnits, to.precision)} ${to.name}`,
  });
  await post(db, journal, [], { prefix: idem.prefix(payload), now });
  return payload;
}
