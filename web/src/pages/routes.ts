import { authRoutes } from "./auth/routes.ts";
import { commonRoutes } from "./common/routes.ts";
import { financialRoutes } from "./financial/routes.ts";
import { settingRoutes } from "./setting/routes.ts";
import { adminRoutes } from "./admin/routes.ts";
import { fundRoutes } from "./fund/routes.ts";
import { lockmingRoutes } from "./lockming/routes.ts";
import { ieoRoutes } from "./ieo/routes.ts";
import { investRoutes } from "./invest/routes.ts";
import { otcRoutes } from "./otc/routes.ts";
import { borrowingRoutes } from "./borrowing/routes.ts";
import { settingMoneyRoutes } from "./setting-money/routes.ts";
import { marketRoutes } from "./market/routes.ts";
import { transactionRoutes } from "./transaction/routes.ts";
import { mailMessageRoutes } from "./mailMessage/routes.ts";
import { kefuRoutes } from "./kefu/routes.ts";
import { activityRoutes } from "./activity/routes.ts";
import { gameRoutes } from "./game/routes.ts";
import { nftRoutes } from "./nft/routes.ts";
import { nftAuctionRoutes } from "./nft-auction/routes.ts";
import { inviteRoutes } from "./invite/routes.ts";
import { nftBoxRoutes } from "./nft/box/routes.ts";
import { followRoutes } from "./follow/routes.ts";
import { copytradeRoutes } from "./copytrade/routes.ts";
import type { PageRoute } from "./types.ts";

/** Every page of the app, by area; each area keeps its own list. */
export const pageRoutes: PageRoute[] = [
  ...commonRoutes,
  ...financialRoutes,
  ...authRoutes,
  ...settingRoutes,
  ...fundRoutes,
  ...settingMoneyRoutes,
  ...adminRoutes,
  ...marketRoutes,
  ...transactionRoutes,
  ...lockmingRoutes,
  ...ieoRoutes,
  ...investRoutes,
  ...mailMessageRoutes,
  ...kefuRoutes,
  ...otcRoutes,
  ...activityRoutes,
  ...borrowingRoutes,
  ...gameRoutes,
  ...nftRoutes,
  ...nftAuctionRoutes,
  ...inviteRoutes,
  ...nftBoxRoutes,
  ...followRoutes,
  ...copytradeRoutes,
];
