import type { ConversionQuote, TransferFee, TransferList } from "../../../../schema/api/market.ts";
import { post } from "../../lib/api.ts";
import { BALANCE_KEYS } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";

/**
 * Coin conversion (the original's /user/Transfer): spot balance of one coin into another at live prices.
 * The server quotes an exact amount for 10 s; the page shows it with a countdown and confirms that quote.
 */

export type { ConversionQuote, TransferFee, TransferList };
export type TransferCoin = TransferList["transfer"][number];

/** POST /user/getTransferList: the coins that convert and the caller's spot balances. */
export const fetchTransferList = () => post<TransferList>("/user/getTransferList", {}, { silent: true, background: true });

/** POST /user/getTransferFee: live prices, fee and rate; with `number`, a locked quote. Refusals come back as ApiFailure. */
export const fetchQuote = (from: number, to: number, number?: string) =>
  post<TransferFee>("/user/getTransferFee", { from_currency_id: from, to_currency_id: to, number }, { silent: true, background: true });

/** POST /user/Transfer: confirms a quote; the server pays exactly its `receive` or refuses. */
export const convertCoins = mutation(
  (input: { number: string; from: number; to: number; quoteId: string }, idempotencyKey: string) =>
    post<string>(
      "/user/Transfer",
      { number: input.number, from_currency_id: input.from, to_currency_id: input.to, quote_id: input.quoteId },
      { idempotencyKey, silent: true },
    ),
  BALANCE_KEYS,
);

/** Without an amount there is no quote to lock: the rate and its age are re-read this often. */
export const RATE_POLL_MS = 3000;

/** Server refusals after which the page asks for a new quote (the old one can no longer be confirmed). */
export const REQUOTE_CODES = new Set(["QUOTE_EXPIRED", "QUOTE_MOVED", "QUOTE_USED", "QUOTE_INVALID"]);

/** A quote as the page received it: `at` is the device time it arrived, so ages and countdowns never trust the device clock's offset. */
export type Received = { fee: TransferFee; at: number };

/** Whole seconds a received quote has left at `now` (0 once expired); null without a locked quote. */
export function secondsLeft(r: Received, now = Date.now()): number | null {
  const q = r.fee.quote;
  if (!q) return null;
  return Math.max(0, Math.ceil((r.at + q.expires_in - now) / 1000));
}

/** Whole seconds since the older of the two prices was confirmed, at `now`. */
export const priceAgeSeconds = (r: Received, now: number): number => Math.max(0, Math.floor((r.fee.price_age + now - r.at) / 1000));

/** Whether a received quote can still be confirmed at `now` (a second of margin for the round trip). */
export function confirmable(r: Received, now = Date.now()): boolean {
  const q = r.fee.quote;
  return q !== null && r.at + q.expires_in - now > 1000;
}
