import { Decimal } from "decimal.js";

/**
 * How a fixed-price sale splits the price (README, "Design": NFT). The buyer pays the price; the platform fee is
 * rounded up (the house's favour), the artist's royalty rounded down, and the seller receives the rest, so the three
 * parts always add up to the price. Royalty is due only on a resale by someone other than the artist's user. Pure.
 */
const D = Decimal.clone({ precision: 30 });

export type SaleSplit = { fee: number; royalty: number; seller: number };

export function saleSplit(price: number, rates: { feeRate: string; royaltyRate: string }, royaltyDue: boolean): SaleSplit {
  if (!Number.isSafeInteger(price) || price < 0) throw new Error("price must be a non-negative integer of minor units");
  const fee = Math.min(price, new D(price).times(rates.feeRate).toDecimalPlaces(0, Decimal.ROUND_UP).toNumber());
  const wanted = royaltyDue ? new D(price).times(rates.royaltyRate).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber() : 0;
  const royalty = Math.min(price - fee, wanted);
  return { fee, royalty, seller: price - fee - royalty };
}

/** A royalty is due on a resale (the item has an owner) when the artist is a user other than the seller. */
export const royaltyDue = (ownerId: number | null, artistUserId: number | null): boolean =>
  ownerId !== null && artistUserId !== null && artistUserId !== ownerId;
