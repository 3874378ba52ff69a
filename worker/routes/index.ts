import { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";
import { activityRoutes } from "./activity.ts";
import { adminMoneyRoutes } from "./admin-money.ts";
import { adminSettingRoutes } from "./admin-settings.ts";
import { adminUserRoutes } from "./admin-users.ts";
import { authRoutes } from "./auth.ts";
import { bankRoutes } from "./bank.ts";
import { contentRoutes } from "./content.ts";
import { adminContractRoutes } from "./admin-contracts.ts";
import { devMarketRoutes } from "./dev-market.ts";
import { devOutboxRoutes } from "./dev-outbox.ts";
import { earnRoutes } from "./earn.ts";
import { dualRoutes } from "./dual.ts";
import { nftBoxRoutes } from "./nft-box.ts";
import { fiatRoutes } from "./fiat.ts";
import { fileRoutes } from "./files.ts";
import { followRoutes } from "./follow.ts";
import { kycRoutes } from "./kyc.ts";
import { leverRoutes } from "./lever.ts";
import { loanRoutes } from "./loans.ts";
import { marketRoutes } from "./market.ts";
import { messageRoutes } from "./messages.ts";
import { onrampRoutes } from "./onramp.ts";
import { onrampSimRoutes } from "./onramp-sim.ts";
import { nftAuctionRoutes } from "./nft-auction.ts";
import { profileRoutes } from "./profile.ts";
import { quizRoutes } from "./quiz.ts";
import { secondsRoutes } from "./seconds.ts";
import { stockRoutes } from "./stocks.ts";
import { trailRoutes } from "./trail.ts";
import { walletAddressRoutes } from "./wallet-addresses.ts";
import { walletRoutes } from "./wallet.ts";
import { supportRoutes } from "./support.ts";
import { adminSupportRoutes } from "./admin-support.ts";
import { nftRoutes } from "./nft.ts";
import { adminNftRoutes } from "./admin-nft.ts";
import { inviteRoutes } from "./invite.ts";

/** Every API route group, mounted under /api. Add a group here and nowhere else. */
export const routes = new Hono<AppEnv>()
  .route("/", contentRoutes)
  .route("/", fiatRoutes)
  .route("/", profileRoutes)
  .route("/", fileRoutes)
  .route("/", messageRoutes)
  .route("/", authRoutes)
  .route("/", devOutboxRoutes)
  .route("/", devMarketRoutes)
  .route("/", stockRoutes)
  .route("/", kycRoutes)
  .route("/", bankRoutes)
  .route("/", walletAddressRoutes)
  .route("/", adminUserRoutes)
  .route("/", walletRoutes)
  .route("/", adminMoneyRoutes)
  .route("/", adminSettingRoutes)
  .route("/", marketRoutes)
  .route("/", earnRoutes)
  .route("/", dualRoutes)
  .route("/", nftBoxRoutes)
  .route("/", supportRoutes)
  .route("/", adminSupportRoutes)
  .route("/", trailRoutes)
  .route("/", secondsRoutes)
  .route("/", leverRoutes)
  .route("/", adminContractRoutes)
  .route("/", onrampRoutes)
  .route("/", onrampSimRoutes)
  .route("/", activityRoutes)
  .route("/", loanRoutes)
  .route("/", quizRoutes)
  .route("/", nftRoutes)
  .route("/", adminNftRoutes)
  .route("/", nftAuctionRoutes)
  .route("/", inviteRoutes)
  .route("/", followRoutes);
