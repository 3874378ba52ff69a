import { useTranslation } from "react-i18next";
import { useTexts } from "../../../lib/i18n.ts";

/** Ledger journal kinds the records translate; any other kind shows as "Other (<kind>)". */
export const KINDS = [
  "deposit",
  "deposit_reject",
  "withdraw_hold",
  "withdraw_approve",
  "withdraw_reject",
  "transfer",
  "hold",
  "release",
  "consume",
  "onramp_credit",
  "spot_trade",
  "convert",
  "seconds_open",
  "seconds_settle",
  "contract_open",
  "contract_close",
  "contract_liquidation",
  "contract_cancel",
  "contract_overnight",
  "mining_deposit",
  "mining_interest",
  "mining_principal",
  "mining_redeem",
  "ieo_subscribe",
  "ieo_distribute",
  "couple_reward",
  "dual_buy",
  "dual_settle",
  "dual_refund",
  "loan_collateral",
  "loan_disburse",
  "loan_repay",
  "loan_liquidation",
  "loan_reject",
  "quiz_bet",
  "quiz_payout",
  "quiz_refund",
  "nft_buy",
  "nft_deposit",
  "nft_deposit_release",
  "nft_deposit_forfeit",
  "nft_auction_pay",
  "invite_rebate",
  "coupon_bonus",
  "nft_box_buy",
] as const;
export type Kind = (typeof KINDS)[number];

/**
 * Kinds no journal writes to a user's rows today: a rejected deposit moves nothing, and every consumed hold is
 * journalled under its product's own kind ("consume" is only the ledger's default).
 */
const NO_USER_ROWS: readonly Kind[] = ["deposit_reject", "consume"];

/** The kinds a user's bill can be filtered by. `hold` and `release` are an order's funds held and given back. */
export const BILL_KINDS: readonly Kind[] = KINDS.filter((kind) => !NO_USER_ROWS.includes(kind));

export const isKnownKind = (kind: string): kind is Kind => (KINDS as readonly string[]).includes(kind);

export function useKindLabel(): (kind: string) => string {
  useTexts("fund");
  const { t } = useTranslation();
  return (kind) => (isKnownKind(kind) ? t(`fund.kinds.${kind}`) : t("fund.kinds.other", { kind }));
}
