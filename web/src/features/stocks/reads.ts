import type { EarlyRead } from "../../lib/api.ts";

/** Every stock pair's price, change and session; named once for the fetcher and the boot script. */
export const stocksRead: EarlyRead = { path: "/stocks/quotation" };
