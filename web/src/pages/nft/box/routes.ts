import type { PageRoute } from "../../types.ts";

/** NFT blind boxes: series, detail and verify are public; one's boxes need a session. */
export const nftBoxRoutes: PageRoute[] = [
  { path: "/nft/box/list", load: () => import("./BoxListPage.tsx") },
  { path: "/nft/box/detail", load: () => import("./BoxDetailPage.tsx") },
  { path: "/nft/box/mine", load: () => import("./MyBoxesPage.tsx"), guard: true },
  { path: "/nft/box/verify", load: () => import("./VerifyPage.tsx") },
];
