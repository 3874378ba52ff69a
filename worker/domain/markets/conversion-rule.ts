import { D, type Dec } from "../ledger/amounts.ts";

/**
 * The price rule of coin conversion (README "What the product does today"). Pure:
 * given a market's live prices and the time, it decides whether its reference
 * price may be paid out, and computes a conversion's amounts exactly.
 *
 * A coin's price comes from its USDT market (USDT itself is 1). It is refused when
 *   - the market has no reference price (feed switched off, or never ticked);
 *   - the feed last confirmed it more than PRICE_MAX_AGE_MS ago (a frozen feed);
 *   - the order book is empty;
 *   - it differs from the book (mid of bid and ask, or the one side there is) by
 *     more than PRICE_BAND of the book price (a held jump, or a book that left it behind).
 * A quote is good for QUOTE_TTL_MS and is honoured only while each coin's live price
 * stays within PRICE_BAND of the quoted one.
 */

export const PRICE_MAX_AGE_MS = 10_000;
/** A fraction: 0.02 is 2 %. */
export const PRICE_BAND = "0.02";
export const QUOTE_TTL_MS = 10_000;

/** What a Market object reports (Market.prices()): decimal text, times in epoch ms. */
export type LivePrices = {
  enabled: boolean;
  reference: string | null;
  referenceAt: number | null;
  bid: string | null;
  ask: string | null;
};

export type PriceRefusal = "CONVERSION_NO_PRICE" | "CONVERSION_PRICE_STALE" | "CONVERSION_NO_BOOK" | "CONVERSION_PRICE_OFF_BOOK";
export type PriceCheck = { ok: true; price: Dec; at: number } | { ok: false; refusal: PriceRefusal };

const refuse = (refusal: PriceRefusal): PriceCheck => ({ ok: false, refusal });

/** A positive finite decimal, or null for anything else (null, "0", junk). */
function positive(text: string | null): Dec | null {
  if (text === null || !/^\d{1,20}(?:\.\d{1,20})?$/.test(text)) return null;
  const d = new D(text);
  return d.gt(0) ? d : null;
}

/** |value − anchor| ≤ band × anchor. */
export function withinBand(value: Dec, anchor: Dec, band = PRICE_BAND): boolean {
  return value.minus(anchor).abs().lte(anchor.times(band));
}

/** The book's price: mid of bid and ask, or the one side that exists; null for an empty book. */
export function bookPrice(bid: string | null, ask: string | null): Dec | null {
  const b = positive(bid);
  const a = positive(ask);
  if (b && a) return b.plus(a).div(2);
  return b ?? a;
}

/**
 * Whether a market's reference price may be paid out at `now`. A clock that far
 * ahead counts as stale too: a time the rule cannot trust is no proof of freshness.
 */
export function checkLivePrice(p: LivePrices, now: number, maxAgeMs = PRICE_MAX_AGE_MS): PriceCheck {
  const price = positive(p.reference);
  if (!price || p.referenceAt === null) return refuse("CONVERSION_NO_PRICE");
  if (Math.abs(now - p.referenceAt) > maxAgeMs) return refuse("CONVERSION_PRICE_STALE");
  const book = bookPrice(p.bid, p.ask);
  if (!book) return refuse("CONVERSION_NO_BOOK");
  if (!withinBand(price, book)) return refuse("CONVERSION_PRICE_OFF_BOOK");
  return { ok: true, price, at: p.referenceAt };
}

export type ConversionAmounts = { fromUnits: number; feeUnits: number; toUnits: number };

/** An exact fraction of a finite decimal. */
function fraction(d: Dec): { num: bigint; den: bigint } {
  const [num, den] = d.toFraction() as [Dec, Dec];
  return { num: BigInt(num.toFixed(0)), den: BigInt(den.toFixed(0)) };
}

/**
 * The amounts of converting `units` minor units, exactly, in the house's favour:
 *   fee      = ⌈units × feePct / 100⌉                                   (source coin)
 *   received = ⌊(units − fee) × fromPrice / toPrice⌋ in target minor units
 */
export function conversionAmounts(
  units: number,
  from: { precision: number; feePct: string },
  to: { precision: number },
  fromPrice: Dec,
  toPrice: Dec,
): ConversionAmounts {
  if (!Number.isSafeInteger(units) || units <= 0) throw new RangeError(`bad amount ${units}`);
  const pct = fraction(new D(from.feePct));
  const feeNum = BigInt(units) * pct.num;
  const feeDen = 100n * pct.den;
  const fee = (feeNum + feeDen - 1n) / feeDen;
  const net = BigInt(units) - fee;
  if (net <= 0n) return { fromUnits: units, feeUnits: units, toUnits: 0 };
  const fp = fraction(fromPrice);
  const tp = fraction(toPrice);
  const received = (net * fp.num * tp.den * 10n ** BigInt(to.precision)) / (fp.den * tp.num * 10n ** BigInt(from.precision));
  if (received > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("converted amount outside the safe range");
  return { fromUnits: units, feeUnits: Number(fee), toUnits: Number(received) };
}
