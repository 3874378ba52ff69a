/**
 * The English files define the keys (and so the types) of every locale.
 * Add a new area's English file here; tests/unit/locales.test.ts checks the
 * other eight languages have every key.
 */
import type auth from "./en/auth.json";
import type common from "./en/common.json";
import type content from "./en/content.json";
import type home from "./en/home.json";
import type setting from "./en/setting.json";
import type fund from "./en/fund.json";
import type kyc from "./en/kyc.json";
import type admin from "./en/admin.json";
import type market from "./en/market.json";
import type trade from "./en/trade.json";
import type security from "./en/security.json";
import type earn from "./en/earn.json";
import type messages from "./en/messages.json";
import type support from "./en/support.json";
import type seconds from "./en/seconds.json";
import type contract from "./en/contract.json";
import type onramp from "./en/onramp.json";
import type stocks from "./en/stocks.json";
import type activity from "./en/activity.json";
import type invest from "./en/invest.json";
import type borrowing from "./en/borrowing.json";
import type guess from "./en/guess.json";
import type nft from "./en/nft.json";
import type nftAuction from "./en/nftAuction.json";
import type invite from "./en/invite.json";
import type coupon from "./en/coupon.json";
import type nftBox from "./en/nftBox.json";
import type follow from "./en/follow.json";
import type adminProducts from "./en/adminProducts.json";

export type Resources = typeof common &
  typeof home &
  typeof content &
  typeof auth &
  typeof setting &
  typeof fund &
  typeof kyc &
  typeof admin &
  typeof market &
  typeof trade &
  typeof security &
  typeof earn &
  typeof messages &
  typeof support &
  typeof seconds &
  typeof contract &
  typeof onramp &
  typeof activity &
  typeof invest &
  typeof borrowing &
  typeof guess &
  typeof nft &
  typeof nftAuction &
  typeof invite &
  typeof coupon &
  typeof stocks &
  typeof activity &
  typeof nftBox &
  typeof follow &
  typeof adminProducts;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Resources };
  }
}
