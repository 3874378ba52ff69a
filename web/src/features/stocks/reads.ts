import type { EarlyRead } from "../../lib/api.ts";
import { quotationsRead } from "../market/reads.ts";

/** Every stock pair's price, change and session; named once for the fetcher and the boot script. */
export const stocksRead: EarlyRead = { path: "/stocks/quotation" };

/** The contract page's first screen, crypto or stock: every spot pair's quotation and every stock's. */
export const contractReads = (): EarlyRead[] => [quotationsRead, stocksRead];
