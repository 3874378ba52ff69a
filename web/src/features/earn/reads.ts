import type { EarlyRead } from "../../lib/api.ts";

/** Earn-product reads the first screens wait for, named once for the fetchers and the boot script (no schema imports). */
export const miningConfigsRead: EarlyRead = { path: "/lh/deposit/config" };

export const IEO_PAGE_SIZE = 10;
export const projectsRead = (status: "" | "1" | "2" | "3", page: number): EarlyRead => ({
  path: "/project",
  params: { page, limit: IEO_PAGE_SIZE, status: status || undefined },
});

/** The original's dual coins: 1 BTC, 2 ETH; the products page opens on the first, calls. */
export const DUAL_COINS = [
  { id: "1", name: "BTC" },
  { id: "2", name: "ETH" },
] as const;
export const dualProductsRead = (coin: string, type: "call" | "put"): EarlyRead => ({
  path: "/dual/index",
  params: { currency_id: coin, type },
});
