import type { EarlyRead } from "../../lib/api.ts";

/** NFT catalogue reads, named once for the fetchers and the boot script (no schema imports). */
export const NFT_PAGE_SIZE = 10;
export type NftFilters = { status?: "" | "0" | "1" | "2"; pay_type?: "" | "1" | "2" | "3"; keyword?: string; collection?: number };

/** getBoxList, one page. */
export const itemsRead = (filters: NftFilters, page: number): EarlyRead => ({
  path: "/bind_box/getBoxList",
  params: {
    page,
    limit: NFT_PAGE_SIZE,
    status: filters.status || undefined,
    pay_type: filters.pay_type || undefined,
    keyword: filters.keyword || undefined,
    collection: filters.collection,
  },
});
