import { and, asc, eq, gt, or } from "drizzle-orm";
import type { Lang } from "../../../schema/api/lang.ts";
import type { TransferFee, TransferList } from "../../../schema/api/market.ts";
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
} from "../ledger/index.ts";
import { type Currency, requireCurrency, userAmount } from "../wallet/currencies.ts";
import type { MarketConfig } from "./config.ts";
import {
  type ConversionAmounts,
  type LivePrices,
  PRICE_MAX_AGE_MS,
  QUOTE_TTL_MS,
  checkLivePrice,
  conversionAmounts,
  withinBand,
} from "./conversion-rule.ts";
import { cachedMarkets } from "./markets.ts";
import { type QuoteClaims, newQuoteNonce, readQuote, signQuote } from "./quote-token.ts";
import { log } from "../log.ts";

/**
 * Coin conversion in the change account, at live prices checked by the rule in
 * conversion-rule.ts, with the source coin's published fee (currencies.transfer_fee_pct,
 * in percent). POST /user/getTransferFee with a `number` signs a quote (quote-token.ts);
 * POST /user/Transfer pays exactly that quote or refuses it. One journal through the
 * house account: the user pays `number`, the fees account gets the fee, the house
 * takes the rest and pays out the target coin from its inventory.
 *
 * The routes own the runtime: they hand in how to read a market's live prices
 * (an RPC to its Market object) and the secret that signs quotes.
 */

const CHANGE = ACCOUNT_TYPES.change;
/** The quote currency of every conversion price; worth 1 by definition. */
const USDT = "USDT";

/** Reads a market's live prices (the route: Market.prices() over RPC). */
export type PriceSource = (m: MarketConfig) => Promise<LivePrices>;
export type ConversionRuntime = { prices: PriceSource; secret: string; now?: number };

type Leg = { currency: Currency; price: Dec; at: number };

export async function transferList(db: Db, userId: number): Promise<TransferList> {
  const rows = await db
    .select({ c: currencies, available: balances.available })
    .from(currencies)
    .leftJoin(balances, and(eq(balances.currencyId, currencies.id), eq(balances.userId, userId), eq(balances.accountType, CHANGE)))
    // A switched-off coin stays listed while the caller holds some, so it can be converted out of.
    .where(and(eq(currencies.isTransfer, true), or(eq(currencies.enabled, true), gt(balances.available, 0))))
    .orderBy(asc(currencies.sort), asc(currencies.id));
  return {
    transfer: rows.map(({ c }) => ({ id: c.id, name: c.name, fee: c.transferFeePct, into: c.enabled })),
    wallet: rows.map(({ c, available }) => ({
      currency: c.id,
      currency_name: c.name,
      change_balance: fromUnits(available ?? 0, c.precision),
      display_decimals: c.displayDecimals,
    })),
  };
}

/** Both coins of a conversion, each with a live price the rule accepts, or a translated refusal. */
async function legs(db: Db, fromRef: number, toRef: number, prices: PriceSource, now: number): Promise<{ from: Leg; to: Leg }> {
  const from = await requireCurrency(db, fromRef, { includeDisabled: true });
  const to = await requireCurrency(db, toRef, { includeDisabled: true });
  if (from.id === to.id) throw badRequest("TRANSFER_SAME_CURRENCY");
  for (const c of [from, to]) if (!c.isTransfer) throw badRequest("TRANSFER_NOT_SUPPORTED", { currency: c.name });
  // Money already held in a switched-off coin may leave it; nothing new goes in.
  if (!to.enabled) throw conflict("CONVERSION_TARGET_DISABLED", { currency: to.name });
  const markets = await cachedMarkets(db);
  const [fromLeg, toLeg] = await Promise.all([leg(from, "from", markets, prices, now), leg(to, "to", markets, prices, now)]);
  return { from: fromLeg, to: toLeg };
}

async function leg(currency: Currency, role: "from" | "to", markets: MarketConfig[], prices: PriceSource, now: number): Promise<Leg> {
  if (currency.name === USDT) return { currency, price: new D(1), at: now };
  const m = markets.find((x) => x.base.id === currency.id && x.quote.name === USDT);
  if (!m) throw conflict("CONVERSION_NO_MARKET", { currency: currency.name });
  if (role === "to" && !m.enabled) throw conflict("CONVERSION_TARGET_DISABLED", { currency: currency.name });
  let live: LivePrices;
  try {
    live = await prices(m);
  } catch (err) {
    // An unreachable market proves no price: refuse rather than fall back to a stored one.
    log("warn", { event: "conversion_prices_failed", market: m.symbol, error: String(err) });
    throw conflict("CONVERSION_NO_PRICE", { currency: currency.name });
  }
  if (role === "to" && !live.enabled) throw conflict("CONVERSION_TARGET_DISABLED", { currency: currency.name });
  const verdict = checkLivePrice(live, now);
  if (!verdict.ok) throw conflict(verdict.refusal, { currency: currency.name, seconds: PRICE_MAX_AGE_MS / 1000 });
  return { currency, price: verdict.price, at: verdict.at };
}

function amountsOf(from: Leg, to: Leg, units: number): ConversionAmounts {
  const q = conversionAmounts(
    units,
    { precision: from.currency.precision, feePct: from.currency.transferFeePct },
    { precision: to.currency.precision },
    from.price,
    to.price,
  );
  if (q.toUnits <= 0) throw badRequest("CONVERSION_TOO_SMALL");
  return q;
}

/** The house pays out of its inventory; say so plainly instead of a confusing "insufficient balance". */
async function requireInventory(db: Db, to: Currency, units: number): Promise<void> {
  const house = await db
    .select({ available: balances.available })
    .from(balances)
    .where(and(eq(balances.userId, SYSTEM_ACCOUNTS.house), eq(balances.currencyId, to.id), eq(balances.accountType, SYSTEM_ACCOUNT_TYPE)))
    .get();
  if ((house?.available ?? 0) < units) throw conflict("CONVERSION_UNAVAILABLE", { currency: to.name });
}

/** POST /user/getTransferFee: both live prices, the fee and rate, and with `number` a signed quote. */
export async function transferFee(
  db: Db,
  userId: number,
  input: { from: number; to: number; number?: string },
  rt: ConversionRuntime,
): Promise<TransferFee> {
  const now = rt.now ?? Date.now();
  const { from, to } = await legs(db, input.from, input.to, rt.prices, now);
  const priceTime = Math.min(from.at, to.at);
  const answer: TransferFee = {
    form_price: from.price.toFixed(),
    to_price: to.price.toFixed(),
    fee: from.currency.transferFeePct,
    rate: roundDisplay(from.price.div(to.price), 8),
    price_time: priceTime,
    price_age: Math.max(0, now - priceTime),
    quote: null,
  };
  if (input.number === undefined) return answer;
  const units = userAmount(from.currency, input.number);
  const q = amountsOf(from, to, units);
  await requireInventory(db, to.currency, q.toUnits);
  const expiresAt = now + QUOTE_TTL_MS;
  const claims: QuoteClaims = {
    uid: userId,
    from: from.currency.id,
    to: to.currency.id,
    units,
    fee: q.feeUnits,
    recv: q.toUnits,
    fp: answer.form_price,
    tp: answer.to_price,
    exp: expiresAt,
    n: newQuoteNonce(),
  };
  answer.quote = {
    quote_id: await signQuote(rt.secret, claims),
    number: fromUnits(units, from.currency.precision),
    fee_amount: fromUnits(q.feeUnits, from.currency.precision),
    receive: fromUnits(q.toUnits, to.currency.precision),
    expires_at: expiresAt,
    expires_in: QUOTE_TTL_MS,
  };
  return answer;
}

/**
 * POST /user/Transfer: pays exactly the quote `quoteId` promised, or refuses it:
 * 400 QUOTE_INVALID (not ours, another user's, other coins or amount), 409
 * QUOTE_EXPIRED, 409 QUOTE_MOVED (a coin's live price left the band around the
 * quoted one), 409 QUOTE_USED (confirmed already), any live-price refusal.
 */
export async function convert(
  db: Db,
  userId: number,
  input: { number: string; from: number; to: number; quoteId: string },
  lang: Lang,
  idem: { prefix: (payload: string) => Statement[] },
  rt: ConversionRuntime,
): Promise<string> {
  const now = rt.now ?? Date.now();
  const claims = await readQuote(rt.secret, input.quoteId);
  if (!claims || claims.uid !== userId || claims.from !== input.from || claims.to !== input.to) throw badRequest("QUOTE_INVALID");
  if (now > claims.exp) throw conflict("QUOTE_EXPIRED");
  const { from, to } = await legs(db, input.from, input.to, rt.prices, now);
  if (userAmount(from.currency, input.number) !== claims.units) throw badRequest("QUOTE_INVALID");
  if (!withinBand(from.price, new D(claims.fp)) || !withinBand(to.price, new D(claims.tp))) throw conflict("QUOTE_MOVED");
  await requireInventory(db, to.currency, claims.recv);
  const journal: Journal = {
    kind: "convert",
    // One journal per quote: a quote converts once, whatever keys its requests carry.
    refKey: `convert:${userId}:${claims.n}`,
    userId,
    memo: {
      from: from.currency.name,
      to: to.currency.name,
      amount: fromUnits(claims.units, from.currency.precision),
      fee: fromUnits(claims.fee, from.currency.precision),
      received: fromUnits(claims.recv, to.currency.precision),
      from_price: claims.fp,
      to_price: claims.tp,
    },
    lines: [
      { userId, currencyId: from.currency.id, accountType: CHANGE, bucket: "available", amount: -claims.units },
      {
        userId: SYSTEM_ACCOUNTS.fees,
        currencyId: from.currency.id,
        accountType: SYSTEM_ACCOUNT_TYPE,
        bucket: "available",
        amount: claims.fee,
      },
      {
        userId: SYSTEM_ACCOUNTS.house,
        currencyId: from.currency.id,
        accountType: SYSTEM_ACCOUNT_TYPE,
        bucket: "available",
        amount: claims.units - claims.fee,
      },
      {
        userId: SYSTEM_ACCOUNTS.house,
        currencyId: to.currency.id,
        accountType: SYSTEM_ACCOUNT_TYPE,
        bucket: "available",
        amount: -claims.recv,
      },
      { userId, currencyId: to.currency.id, accountType: CHANGE, bucket: "available", amount: claims.recv },
    ],
  };
  const payload = translate("CONVERSION_DONE", lang, {
    from: `${fromUnits(claims.units, from.currency.precision)} ${from.currency.name}`,
    to: `${fromUnits(claims.recv, to.currency.precision)} ${to.currency.name}`,
  });
  const result = await post(db, journal, [], { prefix: idem.prefix(payload), now });
  if (result.status === "duplicate") throw conflict("QUOTE_USED");
  return payload;
}
