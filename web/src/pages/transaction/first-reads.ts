import { depthRead, LAST_SYMBOL, marketInfoRead, quotationsRead, tradesRead } from "../../features/market/reads.ts";
import type { EarlyRead } from "../../lib/api.ts";
import type { Opening } from "../types.ts";

/** A spot pair's first screen: every pair's quotation, and the pair's book, trades and rules. */
const spotReads = (symbol: string): EarlyRead[] => [quotationsRead, depthRead(symbol), tradesRead(symbol), marketInfoRead(symbol)];

/** The trade tab opens ?symbol=, else the last spot pair traded (only a spot pair is remembered, never a stock). */
export const tradeReads = (o: Opening): EarlyRead[] => spotReads(o.query.get("symbol") ?? o.stored(LAST_SYMBOL));

/**
 * The contract page opens the last spot pair, or a ?symbol= that may be a spot pair or a stock: which one is known only
 * from the quotations, and a stock's page asks for the stock quotes after them. So a ?symbol= sends only what both kinds
 * read (an early read the page does not take is a request for nothing).
 */
export const contractReads = (o: Opening): EarlyRead[] => (o.query.has("symbol") ? [quotationsRead] : spotReads(o.stored(LAST_SYMBOL)));
