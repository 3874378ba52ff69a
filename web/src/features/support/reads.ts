import type { EarlyRead } from "../../lib/api.ts";

export const SUPPORT_PAGE_SIZE = 20;
/** The support thread, newest first, before a message id; named once for the fetcher and the boot script. */
export const threadRead = (before?: number): EarlyRead => ({ path: "/chat/support", params: { before, limit: SUPPORT_PAGE_SIZE } });
