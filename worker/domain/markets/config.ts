/**
 * A market's configuration and the exact unit arithmetic of spot trading. Pure:
 * no runtime imports, so the Market object, the routes, the benchmarks and the
 * unit tests share it.
 *
 * The engine works in integer ticks (price steps) and lots (quantity steps). The
 * ledger works in integer minor units of each currency. Markets are configured so
 * that both meet exactly:
 *   base units of q lots       = q × 10^(basePrecision − qtyDecimals)
 *   quote units of p ticks × q = p × q × 10^(quotePrecision − priceDecimals − qtyDecimals)
 * which needs qtyDecimals ≤ basePrecision and priceDecimals + qtyDecimals ≤ quotePrecision
 * (checkMarketConfig). No fill is ever rounded; only fees are (down, never above the
 * published rate).
 */
import { fromTicks, fromUnits } from "./units.ts";

export type CurrencyRef = { id: number; name: string; precision: number; logo?: string };

export type MakerConfig = {
  userId: number;
  /** Levels per side. */
  levels: number;
  /** Fraction between levels and of the first level from the reference price ("0.0005"). */
  step: string;
  /** Base quantity per level (decimal text). */
  qty: string;
};

export type MarketConfig = {
  id: number;
  /** "BTC/USDT". */
  symbol: string;
  base: CurrencyRef;
  quote: CurrencyRef;
  priceDecimals: number;
  qtyDecimals: number;
  tickSize: string;
  lotSize: string;
  minQty: string;
  minNotional: string;
  makerFee: string;
  takerFee: string;
  marketSlippage: string;
  startPrice: string;
  volatility: string;
  feedSymbol: string;
  maker: MakerConfig | null;
  enabled: boolean;
  sort: number;
};

/** "BTC/USDT" → "BTC-USDT" (room and object names). */
export const roomName = (symbol: string): string => symbol.replace("/", "-");
/** "BTC-USDT" → "BTC/USDT". */
export const symbolOf = (name: string): string => name.replace("-", "/");

/** "0.01" for 2 decimals, "1" for 0. */
export function stepOf(decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 8) throw new RangeError(`bad decimals ${decimals}`);
  return decimals === 0 ? "1" : `0.${"0".repeat(decimals - 1)}1`;
}

export class MarketConfigError extends Error {}

/** Throws when the market cannot settle exactly or a rate is not a plain fraction. */
export function checkMarketConfig(m: MarketConfig): MarketConfig {
  if (m.qtyDecimals > m.base.precision) throw new MarketConfigError(`${m.symbol}: qty decimals exceed ${m.base.name} precision`);
  if (m.priceDecimals + m.qtyDecimals > m.quote.precision) {
    throw new MarketConfigError(`${m.symbol}: price × qty decimals exceed ${m.quote.name} precision`);
  }
  for (const [name, rate] of [
    ["maker_fee", m.makerFee],
    ["taker_fee", m.takerFee],
    ["market_slippage", m.marketSlippage],
  ] as const) {
    const r = parseRate(rate);
    if (r.num >= r.den) throw new MarketConfigError(`${m.symbol}: ${name} must be below 1`);
  }
  if (m.maker) parseRate(m.maker.step);
  return m;
}

const POW10 = (n: number): number => 10 ** n;

/** Base minor units of `lots` lots. */
export function lotsToBase(m: Pick<MarketConfig, "base" | "qtyDecimals">, lots: number): number {
  const units = lots * POW10(m.base.precision - m.qtyDecimals);
  if (!Number.isSafeInteger(units)) throw new RangeError("base amount outside the safe range");
  return units;
}

/** Quote minor units per engine quote unit (one tick × one lot). */
export function quoteUnitFactor(m: Pick<MarketConfig, "quote" | "priceDecimals" | "qtyDecimals">): number {
  return POW10(m.quote.precision - m.priceDecimals - m.qtyDecimals);
}

/** Quote minor units of `ticks` × `lots` (exact: BigInt for the product). */
export function notionalUnits(m: Pick<MarketConfig, "quote" | "priceDecimals" | "qtyDecimals">, ticks: number, lots: number): number {
  const units = BigInt(ticks) * BigInt(lots) * BigInt(quoteUnitFactor(m));
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("quote amount outside the safe range");
  return Number(units);
}

export type Rate = { num: bigint; den: bigint };

/** A plain decimal fraction ("0.001") as num/den. */
export function parseRate(text: string): Rate {
  const m = /^(\d{1,6})(?:\.(\d{1,12}))?$/.exec(text);
  if (!m) throw new MarketConfigError(`not a plain decimal rate: ${text}`);
  const frac = m[2] ?? "";
  return { num: BigInt(m[1]! + frac), den: 10n ** BigInt(frac.length) };
}

/** floor(units × rate): a fee, never above the published rate. */
export function feeUnits(units: number, rate: string): number {
  const r = parseRate(rate);
  return Number((BigInt(units) * r.num) / r.den);
}

/** ceil(units × (1 + rate)). */
export function withMarkupUp(units: number, rate: string): number {
  const r = parseRate(rate);
  const total = BigInt(units) * (r.den + r.num);
  return Number((total + r.den - 1n) / r.den);
}

/** Minor units of a currency as canonical decimal text ("1.5", "0.0002"). */
export const unitsText = (units: number, precision: number): string => fromUnits(units, stepOf(precision));

/**
 * The average price of fills worth `quoteUnits` for `baseUnits`, to the market's
 * tick, half up (for display): quote / base, exact in integers.
 */
export function averagePrice(
  m: Pick<MarketConfig, "base" | "quote" | "priceDecimals" | "tickSize">,
  quoteUnits: number,
  baseUnits: number,
): string {
  if (baseUnits <= 0) return "0";
  const num = BigInt(quoteUnits) * 10n ** BigInt(m.base.precision + m.priceDecimals);
  const den = BigInt(baseUnits) * 10n ** BigInt(m.quote.precision);
  const ticks = (2n * num + den) / (2n * den);
  return fromTicks(Number(ticks), m.tickSize);
}
