import { badRequest, conflict } from "../errors.ts";
import { lotsToBase, type MarketConfig, notionalUnits, quoteUnitFactor, withMarkupUp } from "./config.ts";
import type { NewOrder } from "./steps.ts";
import { fromLots, fromTicks, toLots, toQuoteUnits, toTicks } from "./units.ts";

/**
 * A spot order as asked for, checked against the market's published rules and turned into the order the book and the
 * ledger take: lots, ticks, the hold it needs. Pure (no storage), so the route's Market object, the market maker and
 * tests share one set of checks; orders.ts writes what comes out.
 */

export type OrderInput = {
  side: "buy" | "sell";
  type: "limit" | "market";
  /** Limit price (decimal text); ignored for market orders. */
  price?: string;
  /** Base quantity (decimal text). */
  amount: string;
  tif: "GTC" | "IOC" | "FOK";
  postOnly: boolean;
};

export type PreparedOrder = {
  side: "buy" | "sell";
  type: "limit" | "market";
  tif: "GTC" | "IOC" | "FOK";
  postOnly: boolean;
  /** Canonical texts as stored. */
  priceText: string;
  amountText: string;
  priceTicks: number;
  qtyLots: number;
  budget: number;
  holdCurrency: number;
  holdUnits: number;
};

/** Best bid and ask in ticks (what a market order is checked and budgeted against). */
export type Top = { bid: number | null; ask: number | null };

const tooPrecise = (decimals: number) => badRequest("AMOUNT_TOO_PRECISE", { decimals });

function lotsOf(m: MarketConfig, amount: string): number {
  let lots: number;
  try {
    lots = toLots(amount, m.lotSize, "exact");
  } catch (err) {
    if (err instanceof RangeError && /multiple/.test(err.message)) throw tooPrecise(m.qtyDecimals);
    throw badRequest("AMOUNT_TOO_LARGE");
  }
  if (lots < 1) throw badRequest("AMOUNT_NOT_POSITIVE");
  return lots;
}

function ticksOf(m: MarketConfig, price: string): number {
  let ticks: number;
  try {
    ticks = toTicks(price, m.tickSize, "exact");
  } catch (err) {
    if (err instanceof RangeError && /multiple/.test(err.message)) throw badRequest("PRICE_TOO_PRECISE", { decimals: m.priceDecimals });
    throw badRequest("PRICE_INVALID");
  }
  if (ticks < 1) throw badRequest("PRICE_INVALID");
  return ticks;
}

/**
 * Checks an order against the market's rules and works out its hold. Throws a
 * translated 400 (precision, minimum quantity, minimum notional, bad options) or
 * 409 NO_LIQUIDITY (a market order with nothing on the other side).
 *   limit buy    holds price × amount of the quote currency
 *   market buy   holds amount × best ask × (1 + market_slippage), and may spend no more
 *   sell         holds amount of the base currency
 * Fees are taken from what each side receives, so they need no hold.
 */
export function prepareOrder(m: MarketConfig, input: OrderInput, top: Top | null): PreparedOrder {
  const qtyLots = lotsOf(m, input.amount);
  const minLots = toLots(m.minQty, m.lotSize, "up");
  if (qtyLots < minLots) throw badRequest("QTY_BELOW_MINIMUM", { min: m.minQty, currency: m.base.name });
  const minNotionalUnits = toQuoteUnits(m.minNotional, m.tickSize, m.lotSize) * quoteUnitFactor(m);
  const amountText = fromLots(qtyLots, m.lotSize);

  if (input.type === "limit") {
    if (!input.price) throw badRequest("PRICE_REQUIRED");
    if (input.postOnly && input.tif !== "GTC") throw badRequest("ORDER_OPTIONS_INVALID");
    const priceTicks = ticksOf(m, input.price);
    const notional = safe(() => notionalUnits(m, priceTicks, qtyLots));
    if (notional < minNotionalUnits) throw badRequest("NOTIONAL_BELOW_MINIMUM", { min: m.minNotional, currency: m.quote.name });
    return {
      side: input.side,
      type: "limit",
      tif: input.tif,
      postOnly: input.postOnly,
      priceText: fromTicks(priceTicks, m.tickSize),
      amountText,
      priceTicks,
      qtyLots,
      budget: 0,
      holdCurrency: input.side === "buy" ? m.quote.id : m.base.id,
      holdUnits: input.side === "buy" ? notional : safe(() => lotsToBase(m, qtyLots)),
    };
  }

  if (input.postOnly) throw badRequest("ORDER_OPTIONS_INVALID");
  const tif = input.tif === "FOK" ? "FOK" : "IOC";
  const against = input.side === "buy" ? top?.ask : top?.bid;
  if (against === null || against === undefined) throw conflict("NO_LIQUIDITY");
  const estimate = safe(() => notionalUnits(m, against, qtyLots));
  if (estimate < minNotionalUnits) throw badRequest("NOTIONAL_BELOW_MINIMUM", { min: m.minNotional, currency: m.quote.name });
  const buy = input.side === "buy";
  const budget = buy ? safe(() => withMarkupUp(against * qtyLots, m.marketSlippage)) : 0;
  return {
    side: input.side,
    type: "market",
    tif,
    postOnly: false,
    priceText: "",
    amountText,
    priceTicks: 0,
    qtyLots,
    budget,
    holdCurrency: buy ? m.quote.id : m.base.id,
    holdUnits: buy ? safe(() => notionalUnits(m, budget, 1)) : safe(() => lotsToBase(m, qtyLots)),
  };
}

function safe(fn: () => number): number {
  let n: number;
  try {
    n = fn();
  } catch {
    throw badRequest("AMOUNT_TOO_LARGE");
  }
  if (!Number.isSafeInteger(n) || n <= 0) throw badRequest("AMOUNT_TOO_LARGE");
  return n;
}

export function newOrder(owner: number, p: PreparedOrder, id: number, now: number): NewOrder {
  return {
    id,
    owner,
    side: p.side,
    type: p.type,
    price: p.priceTicks,
    qty: p.qtyLots,
    tif: p.tif,
    postOnly: p.postOnly,
    budget: p.budget,
    hold: crypto.randomUUID(),
    holdUnits: p.holdUnits,
    createdAt: now,
    priceText: p.priceText,
    amountText: p.amountText,
    holdCurrency: p.holdCurrency,
  };
}
