import type { Quotation } from "../../../../schema/api/market.ts";

/** Pair names and what their quote coin is worth (pure; no state). */

/** [base, quote] of "BTC/USDT" or "BTC-USDT". */
export function splitSymbol(symbol: string): [string, string] {
  const [base = symbol, quote = ""] = symbol.split(/[/-]/);
  return [base, quote];
}

/**
 * What one unit of a pair's quote coin is worth in USDT, for a display fiat equivalent: USDT itself is 1, another quote
 * coin is its own USDT pair's last price; null when there is none.
 */
export function quoteUsdtPrice(
  quote: string,
  pairs: readonly Pick<Quotation, "currency_name" | "legal_name" | "now_price">[],
): string | null {
  if (quote === "USDT") return "1";
  const pair = pairs.find((p) => p.currency_name === quote && p.legal_name === "USDT");
  return pair && pair.now_price ? pair.now_price : null;
}
