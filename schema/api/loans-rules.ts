import { Decimal } from "decimal.js";

/**
 * OTC loans: the published terms, the formulas (shared by the worker, which charges with them, and the web, which shows
 * the user's numbers with them before they confirm) and the API contracts. Pure.
 *
 * Days are UTC day numbers. A loan approved on day S has interest days S, S+1, …; day d's interest is recorded once day
 * d has begun (so a loan costs at least one day). Day S+term is its due day: from it on the loan is overdue.
 *   daily interest    = principal × daily rate, rounded up to the minor unit (the house's favour)
 *   overdue interest  = principal × 0.5 %, rounded up, for every day from the due day on, instead of the daily interest
 *   debt              = principal + interest recorded so far
 *   total due at term = principal + term × daily interest
 *   risk rate         = collateral amount × its reference price in USDT / debt
 *   liquidation       when the risk rate is below 110 %: the collateral covering the debt at the reference price
 *                     (rounded up) goes to the loans account, the rest back to the owner; a debt the collateral cannot
 *                     cover is the house's loss, never the owner's
 *   application       loan 500,000 … 10,000,000 USDT, at most 3 × the collateral's value and at most the value / 130 %
 *                     (a loan must open clear of the liquidation line), term 7 … 365 days
 */

const D = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

export const LOAN_TERMS = {
  coin: "USDT",
  collateral: ["BTC", "ETH", "USDT", "USDC"] as const,
  min_amount: "500000",
  max_amount: "10000000",
  /** The loan at most this multiple of the collateral's value. */
  max_multiple: "3",
  /** The loan's opening risk rate (collateral value / loan) at least this, percent. */
  open_risk_pct: "130",
  liquidation_risk_pct: "110",
  daily_rate_pct: "0.05",
  overdue_rate_pct: "0.5",
  min_days: 7,
  max_days: 365,
  min_vip_level: 2,
  review_days: "1-3",
} as const;

export type CollateralCoin = (typeof LOAN_TERMS.collateral)[number];

const fraction = (pct: string) => new D(pct).div(100);
const units = (precision: number) => new D(10).pow(precision);

/** Interest of one day in minor units: ceil(principal × rate %). */
export const dayInterestUnits = (principal: number, ratePct: string): number =>
  new D(principal).times(fraction(ratePct)).toDecimalPlaces(0, Decimal.ROUND_UP).toNumber();

/** Which interest day d carries for a loan due on `dueDay`. */
export const interestForDay = (l: { dailyInterest: number; overdueInterest: number; dueDay: number }, day: number): number =>
  day < l.dueDay ? l.dailyInterest : l.overdueInterest;

/** Days whose interest is owed on `today` and not yet recorded, oldest first. */
export function owedDays(accruedThrough: number, today: number): number[] {
  const out: number[] = [];
  for (let d = accruedThrough + 1; d <= today; d++) out.push(d);
  return out;
}

/** principal + term × daily interest. */
export const totalDueUnits = (principal: number, termDays: number, dailyInterest: number): number => principal + termDays * dailyInterest;

/** The collateral's value in USDT (unrounded). */
export const collateralValue = (collateralUnits: number, precision: number, priceUsdt: string): Dec =>
  new D(collateralUnits).div(units(precision)).times(priceUsdt);

/** Risk rate in percent (unrounded): value / debt × 100. */
export const riskRatePct = (value: Dec, debtUnits: number, loanPrecision: number): Dec =>
  value.div(new D(debtUnits).div(units(loanPrecision))).times(100);

/** Whether a loan with this collateral value and debt must be liquidated. */
export const belowLiquidation = (value: Dec, debtUnits: number, loanPrecision: number): boolean =>
  riskRatePct(value, debtUnits, loanPrecision).lt(LOAN_TERMS.liquidation_risk_pct);

/** The largest loan (USDT, whole units down) this collateral value allows: min(3 × value, value / 130 %). */
export function maxLoan(value: Dec): Dec {
  const byMultiple = value.times(LOAN_TERMS.max_multiple);
  const byRisk = value.div(fraction(LOAN_TERMS.open_risk_pct));
  return Decimal.min(byMultiple, byRisk).toDecimalPlaces(0, Decimal.ROUND_DOWN);
}

/** The collateral price (USDT) at which a debt of `debtUnits` reaches the liquidation line, rounded up to 2 decimals. */
export const liquidationPrice = (collateralUnits: number, precision: number, debtUnits: number, loanPrecision: number): string =>
  new D(debtUnits)
    .div(units(loanPrecision))
    .times(fraction(LOAN_TERMS.liquidation_risk_pct))
    .div(new D(collateralUnits).div(units(precision)))
    .toDecimalPlaces(2, Decimal.ROUND_UP)
    .toFixed();

/**
 * The liquidation split at `priceUsdt`: collateral units to the loans account (enough to cover the debt, rounded up,
 * at most all of it), the rest back to the owner, and the debt left uncovered (loan-coin units, rounded up).
 */
export function liquidationSplit(
  collateralUnits: number,
  precision: number,
  debtUnits: number,
  loanPrecision: number,
  priceUsdt: string,
): { taken: number; returned: number; shortfall: number } {
  const debt = new D(debtUnits).div(units(loanPrecision));
  const needed = debt.div(priceUsdt).times(units(precision)).toDecimalPlaces(0, Decimal.ROUND_UP).toNumber();
  const taken = Math.min(collateralUnits, needed);
  const coveredUnits = collateralValue(taken, precision, priceUsdt).times(units(loanPrecision)).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  const shortfall = Math.max(0, debtUnits - coveredUnits.toNumber());
  return { taken, returned: collateralUnits - taken, shortfall: taken < needed ? shortfall : 0 };
}
