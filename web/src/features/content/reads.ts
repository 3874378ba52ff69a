import type { EarlyRead } from "../../lib/api.ts";

/** Content reads the first screens wait for, named once for the fetchers and the boot script (no schema imports). */

/** News categories: 4 notices, 5 home banners. */
export const CATEGORY = { news: 4, banner: 5 } as const;
/** The spec's default page size. */
export const PAGE_SIZE = 10;

export const menuRead: EarlyRead = { path: "/menu" };
export const newsRead = (categoryId: number, page = 1, limit = PAGE_SIZE): EarlyRead => ({
  path: "/news/list",
  method: "POST",
  params: { c_id: categoryId, page, limit },
});

/** The pages home shows of its banners and notices. */
export const HOME_BANNERS = { page: 1, limit: 10 } as const;
export const HOME_NOTICES = { page: 1, limit: 5 } as const;
