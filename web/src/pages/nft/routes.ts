import { itemsRead } from "../../features/nft/reads.ts";
import type { PageRoute } from "../types.ts";

/** NFT market (the spec's nft pages): the catalogue is public; buying, one's items and resale need a session. */
export const nftRoutes: PageRoute[] = [
  { path: "/nft/nft", load: () => import("./NftPage.tsx"), texts: ["nft", "fund"], reads: () => [itemsRead({ status: "" }, 1)] },
  { path: "/nft/artistDetail", load: () => import("./ArtistDetailPage.tsx"), texts: ["nft", "fund"] },
  { path: "/nft/artworkDetail", load: () => import("./ArtworkDetailPage.tsx"), texts: ["nft"] },
  { path: "/nft/artworkDetail_video", load: () => import("./ArtworkDetailPage.tsx"), texts: ["nft"] },
  { path: "/nft/purchase_one", load: () => import("./PurchaseOnePage.tsx"), guard: true, texts: ["nft"] },
  { path: "/nft/mine", load: () => import("./MinePage.tsx"), guard: true, texts: ["nft"] },
  { path: "/nft/myNft", load: () => import("./MyNftPage.tsx"), guard: true, texts: ["nft", "fund"] },
];
