import type { SaleSplit } from "../nft/fees.ts";
/**
 * Auction rules, pure (README, "Design": NFT auctions). Integer minor units of the lot's currency, times in epoch ms.
 * Both the lot's Durable Object (which applies bids in arrival order) and the Worker (which shows the next price before
 * the bidder confirms) use these functions, so what a bidder is shown is what the object decides.
 */

/** Published: a bid this close to the end moves the end to the bid's time plus this. */
export const ANTI_SNIPE_MS = 5 * 60_000;
/** Published: the winner pays within this after the end, or the deposit goes to the seller. */
export const PAY_WINDOW_MS = 24 * 60 * 60_000;

export type LotTerms = {
  sellerId: number;
  startPrice: number;
  /** Smallest increment; an increment of zero is never a bid. */
  perIncrease: number;
  /** The deposit every bidder holds from their first bid on the lot. */
  margin: number;
  startAt: number;
};

export type LotState = {
  price: number;
  endAt: number;
  leaderId: number | null;
  bidCount: number;
  /** Bidders holding a deposit, in the order of their first bid. */
  bidders: number[];
};

export type Bid = {
  userId: number;
  increment: number;
  /** The resulting price the bidder confirmed, when the client sends it: a bid is never placed at a price nobody saw. */
  total: number | null;
  at: number;
};

export type BidRefusal =
  | "NFT_AUCTION_NOT_STARTED"
  | "NFT_AUCTION_ENDED"
  | "NFT_BID_OWN_ITEM"
  | "NFT_BID_INCREMENT_LOW"
  | "NFT_BID_NOT_ABOVE_CURRENT"
  | "NFT_BID_PRICE_MOVED";

export type BidOutcome =
  { ok: true; state: LotState; price: number; firstBid: boolean; extended: boolean } | { ok: false; code: BidRefusal; price: number };

export const startState = (terms: LotTerms, endAt: number): LotState => ({
  price: terms.startPrice,
  endAt,
  leaderId: null,
  bidCount: 0,
  bidders: [],
});

/** The smallest increment a bid may carry. */
export const minIncrement = (terms: LotTerms): number => Math.max(1, terms.perIncrease);

/**
 * Applies one bid. New price = current + increment. A bid that names a total is refused unless it is exactly that
 * price: when the total is not above the current price, another bid got there first (a tie: the first accepted wins).
 */
export function applyBid(terms: LotTerms, state: LotState, bid: Bid): BidOutcome {
  const refuse = (code: BidRefusal): BidOutcome => ({ ok: false, code, price: state.price });
  if (bid.at < terms.startAt) return refuse("NFT_AUCTION_NOT_STARTED");
  if (bid.at >= state.endAt) return refuse("NFT_AUCTION_ENDED");
  if (bid.userId === terms.sellerId) return refuse("NFT_BID_OWN_ITEM");
  if (bid.total !== null && bid.total <= state.price) return refuse("NFT_BID_NOT_ABOVE_CURRENT");
  if (!Number.isSafeInteger(bid.increment) || bid.increment < minIncrement(terms)) return refuse("NFT_BID_INCREMENT_LOW");
  const price = state.price + bid.increment;
  if (!Number.isSafeInteger(price)) return refuse("NFT_BID_INCREMENT_LOW");
  if (bid.total !== null && bid.total !== price) return refuse("NFT_BID_PRICE_MOVED");
  const firstBid = !state.bidders.includes(bid.userId);
  const extended = state.endAt - bid.at < ANTI_SNIPE_MS;
  return {
    ok: true,
    price,
    firstBid,
    extended,
    state: {
      price,
      endAt: extended ? bid.at + ANTI_SNIPE_MS : state.endAt,
      leaderId: bid.userId,
      bidCount: state.bidCount + 1,
      bidders: firstBid ? [...state.bidders, bid.userId] : state.bidders,
    },
  };
}

export type LotResult = {
  /** Null: no bids, the lot ends unsold. */
  winnerId: number | null;
  price: number;
  /** Bidders whose deposit is released at the end (everyone but the winner). */
  released: number[];
  payBy: number | null;
};

/** The result at the end: the leader wins at the current price; every other deposit is released. */
export function endResult(state: LotState): LotResult {
  const winnerId = state.leaderId;
  return {
    winnerId,
    price: state.price,
    released: state.bidders.filter((u) => u !== winnerId),
    payBy: winnerId === null ? null : state.endAt + PAY_WINDOW_MS,
  };
}

/**
 * The payment of a won lot: the winner pays the price, of which the deposit (consumed) covers part and the available
 * balance the rest (a deposit above the price gives the difference back). The seller gets the price less the fee.
 */
export function payment(
  price: number,
  deposit: number,
  split: SaleSplit,
): { fromAvailable: number; toSeller: number; fee: number; royalty: number } {
  return { fromAvailable: price - deposit, toSeller: split.seller, fee: split.fee, royalty: split.royalty };
}
