import { VIP_TIERS, type VipTier, type VipView } from "../../../schema/api/activity.ts";
import { D, type Dec, roundDisplay } from "../ledger/amounts.ts";
import type { PriceMap } from "../pricing/prices.ts";

/**
 * VIP tiers by total balance in USDT. Pure: the caller reads balances, prices and thresholds.
 *
 * The total is valued as the assets page totals the wallet: every balance (available + locked, all four accounts)
 * times its coin's reference price in USDT; a coin without a price counts nothing. A tier applies from its threshold
 * (inclusive); thresholds rise strictly (junior < intermediate < senior), so the level is the number reached.
 */

export type Thresholds = Record<VipTier, Dec>;
export type BalanceUnits = { currencyId: number; units: number; precision: number };

const USDT_DECIMALS = 8;

export function totalUsdt(rows: BalanceUnits[], prices: PriceMap): Dec {
  let total = new D(0);
  for (const r of rows) {
    const price = prices.get(r.currencyId);
    if (price && r.units !== 0) total = total.plus(new D(r.units).dividedBy(new D(10).pow(r.precision)).times(price));
  }
  return total;
}

export function levelFor(total: Dec, thresholds: Thresholds): number {
  let level = 0;
  for (const tier of VIP_TIERS) if (total.gte(thresholds[tier])) level = tier;
  return level;
}

export function vipView(total: Dec, thresholds: Thresholds, loanMinLevel: number): VipView {
  const level = levelFor(total, thresholds);
  const nextTier = VIP_TIERS.find((t) => t > level);
  return {
    level,
    total_usdt: roundDisplay(total, USDT_DECIMALS),
    tiers: VIP_TIERS.map((tier) => ({ level: tier, threshold: thresholds[tier].toFixed() })),
    next: nextTier
      ? {
          level: nextTier,
          threshold: thresholds[nextTier].toFixed(),
          // What is missing, rounded up: adding this much reaches the tier.
          remaining: thresholds[nextTier].minus(total).toDecimalPlaces(USDT_DECIMALS, D.ROUND_UP).toFixed(),
        }
      : null,
    loan_min_level: loanMinLevel,
  };
}
