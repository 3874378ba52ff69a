import type { EarlyRead } from "../../lib/api.ts";

/** One page of approved traders; named once for the fetcher and the boot script (no schema imports). */
export const tradersRead = (page: number): EarlyRead => ({ path: "/follow/index", params: { page } });
