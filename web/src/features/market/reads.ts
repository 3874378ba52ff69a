import type { EarlyRead } from "../../lib/api.ts";
import type { Stored } from "../../lib/stored.ts";

/**
 * The market reads a page's first screen waits for, named once: the fetchers in api.ts send them, and the pages' route
 * tables ask the boot script to send them before the app's code has arrived (boot/opening.ts). Nothing here imports
 * a schema or React: the boot script carries this module.
 */

/** "BTC-USDT" or "btc/usdt" → "BTC/USDT" (the API form). */
export const apiSymbol = (symbol: string) => symbol.toUpperCase().replace("-", "/");

/** The persisted pair the trade pages open without a ?symbol= (the last one traded; features/market/atoms.ts). */
export const LAST_SYMBOL: Stored<string> = { key: "tradeSymbol", initial: "BTC-USDT" };

export const quotationsRead: EarlyRead = { path: "/currency/quotation_new" };
export const favouritesRead: EarlyRead = { path: "/optional/list" };
export const depthRead = (symbol: string): EarlyRead => ({ path: "/currency/depth", params: { symbol: apiSymbol(symbol) } });
export const tradesRead = (symbol: string): EarlyRead => ({ path: "/currency/trades", params: { symbol: apiSymbol(symbol) } });
export const marketInfoRead = (symbol: string): EarlyRead => ({ path: "/currency/market_info", params: { symbol: apiSymbol(symbol) } });
