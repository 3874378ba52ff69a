import { activity } from "./activity.ts";
import { auth } from "./auth.ts";
import { common } from "./common.ts";
import { content } from "./content.ts";
import { earn } from "./earn.ts";
import { follow } from "./follow.ts";
import { dual } from "./dual.ts";
import { invite } from "./invite.ts";
import { nftBox } from "./nft-box.ts";
import { contracts } from "./contracts.ts";
import { kyc } from "./kyc.ts";
import { loans } from "./loans.ts";
import { market } from "./market.ts";
import { onramp } from "./onramp.ts";
import { money } from "./money.ts";
import { nft } from "./nft.ts";
import { nftAuction } from "./nft-auction.ts";
import { profile } from "./profile.ts";
import { quiz } from "./quiz.ts";
import { seconds } from "./seconds.ts";
import { security } from "./security.ts";
import { stocks } from "./stocks.ts";
import { support } from "./support.ts";

/**
 * All server messages by stable code. Each domain keeps its own file;
 * add it here. Codes are stable API: clients may branch on them.
 */
export const catalog = {
  ...common,
  ...activity,
  ...auth,
  ...content,
  ...earn,
  ...follow,
  ...dual,
  ...invite,
  ...nftBox,
  ...contracts,
  ...kyc,
  ...loans,
  ...market,
  ...money,
  ...nft,
  ...nftAuction,
  ...onramp,
  ...profile,
  ...quiz,
  ...seconds,
  ...security,
  ...stocks,
  ...support,
};

export type MessageCode = keyof typeof catalog;
