import type { PageRoute } from "../types.ts";

/** NFT auctions: the bid page (the spec's nft/purchase) is public; won orders and one's bids need a session. */
export const nftAuctionRoutes: PageRoute[] = [
  { path: "/nft/purchase", load: () => import("./PurchasePage.tsx"), texts: ["nftAuction", "fund"] },
  { path: "/nft/needPay", load: () => import("./NeedPayPage.tsx"), guard: true, texts: ["nftAuction"] },
  { path: "/nft/myBids", load: () => import("./MyBidsPage.tsx"), guard: true, texts: ["nftAuction", "fund"] },
];
