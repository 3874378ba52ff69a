import type { PageRoute } from "../types.ts";

/** NFT market (the spec's nft pages): the catalogue is public; buying, one's items and resale need a session. */
export const nftRoutes: PageRoute[] = [
  { path: "/nft/nft", load: () => import("./NftPage.tsx") },
  { path: "/nft/artistDetail", load: () => import("./ArtistDetailPage.tsx") },
  { path: "/nft/artworkDetail", load: () => import("./ArtworkDetailPage.tsx") },
  { path: "/nft/artworkDetail_video", load: () => import("./ArtworkDetailPage.tsx") },
  { path: "/nft/purchase_one", load: () => import("./PurchaseOnePage.tsx"), guard: true },
  { path: "/nft/mine", load: () => import("./MinePage.tsx"), guard: true },
  { path: "/nft/myNft", load: () => import("./MyNftPage.tsx"), guard: true },
];
