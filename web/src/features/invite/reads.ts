import type { EarlyRead } from "../../lib/api.ts";

/** Invitation reads the share page's first screen waits for, named once for the fetchers and the boot script. */
export const REBATE_PAGE_SIZE = 20;
export const shareRead: EarlyRead = { path: "/invite/share" };
export const rebatesRead = (page: number): EarlyRead => ({ path: "/invite/rebates", params: { page, limit: REBATE_PAGE_SIZE } });
