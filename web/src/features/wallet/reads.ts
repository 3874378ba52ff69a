import type { EarlyRead } from "../../lib/api.ts";

/** Wallet reads the first screens wait for, named once for the fetchers and the boot script (no schema imports). */
export const walletRead: EarlyRead = { path: "/wallet/list", method: "POST" };
export const coinsRead: EarlyRead = { path: "/currency/list" };
