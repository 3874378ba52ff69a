import type { PageRoute } from "../../types.ts";

/** NFT blind boxes: series, detail and verify are public; one's boxes need a session. */
export const nftBoxRoutes: PageRoute[] = [
  { path: "/nft/box/list", load: () => import("./BoxListPage.tsx"), texts: ["nftBox"] },
  { path: "/nft/box/detail", load: () => import("./BoxDetailPage.tsx"), texts: ["nftBox"] },
  { path: "/nft/box/mine", load: () => import("./MyBoxesPage.tsx"), guard: true, texts: ["nftBox"] },
  { path: "/nft/box/verify", load: () => import("./VerifyPage.tsx"), texts: ["nftBox"] },
];
