import type { TransferFee } from "../../../../schema/api/market.ts";
import { post } from "../../lib/api.ts";
import { D, dec, type DecimalValue } from "../../lib/decimal.ts";

/** Coin conversion (the original's /user/Transfer): spot balance of one coin into another at the USDT prices of both. */

export type TransferCoin = { id: number; name: string };
export type TransferList = { transfer: TransferCoin[]; wallet: { currency: number; currency_name?: string; change_balance: string }[] };

/** POST /user/getTransferList: the coins that convert and the caller's spot balances. */
export const fetchTransferList = () => post<TransferList>("/user/getTransferList", {}, { silent: true, background: true });

/** `form_price` / `to_price`: USDT prices of the two coins; `rate`: to per from; `fee`: percent of the amount, in the source coin. */
export type TransferQuote = TransferFee;
export const fetchTransferFee = (from: number, to: number) =>
  post<TransferQuote>("/user/getTransferFee", { from_currency_id: from, to_currency_id: to }, { silent: true, background: true });

export const convertCoins = (input: { number: string; from: number; to: number }, idempotencyKey: string) =>
  post<string>("/user/Transfer", { number: input.number, from_currency_id: input.from, to_currency_id: input.to }, { idempotencyKey });

/** The spec's re-poll of the rate and fee. */
export const RATE_POLL_MS = 3000;

/** How many `to` one `from` buys: from_price / to_price (the server's exact rule; `rate` is its 8-decimal display); null without prices. */
export function conversionRate(q: TransferQuote): DecimalValue | null {
  const to = dec(q.to_price);
  if (to.gt(0) && dec(q.form_price).gt(0)) return dec(q.form_price).div(to);
  return q.rate && dec(q.rate).gt(0) ? dec(q.rate) : null;
}

/**
 * What converting `number` gives, as the server computes it: the fee (fee% of the
 * amount, in the source coin) comes out of the amount, the rest converts at
 * from_price / to_price, rounded down. An estimate: the price when confirmed applies.
 */
export function conversion(number: string, q: TransferQuote, toDecimals = 8): { receive: DecimalValue; fee: DecimalValue } | null {
  const rate = conversionRate(q);
  if (!rate || !/^\d{1,20}(?:\.\d{1,20})?$/.test(number)) return null;
  const amount = dec(number);
  const fee = amount.times(dec(q.fee)).div(100).toDecimalPlaces(8, D.ROUND_DOWN);
  return { receive: amount.minus(fee).times(rate).toDecimalPlaces(toDecimals, D.ROUND_DOWN), fee };
}
