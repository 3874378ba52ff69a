import type { Candle, Depth, MarketRoomOutbound, Period, PublicTrade, SpotOrder, Ticker } from "../../schema/api/market.ts";
import { averagePrice, lotsToBase, type MarketConfig, unitsText } from "../../worker/domain/markets/config.ts";
import { fillId } from "../../worker/domain/markets/steps.ts";
import type { Dirty, TickerView } from "./core.ts";
import { type Depth as EngineDepth, fromLots, fromTicks } from "./engine/index.ts";
import type { CandleRow, OrderRow, TradeRow } from "./store.ts";

/**
 * Public market data as the rooms send it: ticks and lots become decimal text.
 * Pure. The Market object calls frames() at most every PUBLISH_INTERVAL_MS with
 * what changed since the last call, so a burst of orders is one update.
 */

/** At most 10 updates per second per market (README, "Design": Durable Objects). */
export const PUBLISH_INTERVAL_MS = 100;
export const DEPTH_LEVELS = 20;

export const priceText = (m: MarketConfig, ticks: number) => fromTicks(ticks, m.tickSize);
export const qtyText = (m: MarketConfig, lots: number) => fromLots(lots, m.lotSize);

export function tickerFrame(m: MarketConfig, t: TickerView, time: number): Ticker {
  return {
    symbol: m.symbol,
    now_price: priceText(m, t.price),
    change: t.change,
    high: priceText(m, t.high),
    low: priceText(m, t.low),
    volume: qtyText(m, t.volume),
    index_price: t.index === null ? "" : priceText(m, t.index),
    index_time: t.indexAt ?? 0,
    time,
  };
}

/** A market's ticker now, or null before it has a price (neither a trade nor a reference). */
export function liveTicker(market: { config: MarketConfig; ticker(): TickerView | null }, time: number): Ticker | null {
  const t = market.ticker();
  return t ? tickerFrame(market.config, t, time) : null;
}

export function depthFrame(m: MarketConfig, d: EngineDepth): Depth {
  return {
    bids: d.bids.map((l) => [priceText(m, l.price), qtyText(m, l.qty)]),
    asks: d.asks.map((l) => [priceText(m, l.price), qtyText(m, l.qty)]),
  };
}

export function tradeFrame(m: MarketConfig, t: TradeRow): PublicTrade {
  return {
    id: fillId(m.id, t.seq),
    price: priceText(m, t.price),
    qty: qtyText(m, t.qty),
    side: t.side === 0 ? "buy" : "sell",
    time: t.time,
  };
}

/** A candle; `simulated: true` when any of it is simulated history (the chart labels those). */
export function candleFrame(m: MarketConfig, c: CandleRow & { sim?: boolean }): Candle {
  const frame: Candle = {
    time: c.t,
    open: priceText(m, c.o),
    high: priceText(m, c.h),
    low: priceText(m, c.l),
    close: priceText(m, c.c),
    volume: qtyText(m, c.v),
  };
  if (c.sim) frame.simulated = true;
  return frame;
}

/** What a market room sends a new socket (Market.snapshot()). */
export type MarketSnapshot = { ticker: Ticker | null; depth: Depth; trades: PublicTrade[] };

export type MarketView = {
  ticker(): TickerView | null;
  depth(levels: number): EngineDepth;
  currentCandle(period: Period): (CandleRow & { sim?: boolean }) | undefined;
};

/** The frames for what changed, and clears the changes. */
export function frames(m: MarketConfig, view: MarketView, dirty: Dirty, time: number): MarketRoomOutbound[] {
  const out: MarketRoomOutbound[] = [];
  if (dirty.ticker) {
    const t = view.ticker();
    if (t) out.push({ type: "ticker", ticker: tickerFrame(m, t, time) });
  }
  if (dirty.depth) out.push({ type: "depth", symbol: m.symbol, depth: depthFrame(m, view.depth(DEPTH_LEVELS)), time });
  if (dirty.trades.length > 0) {
    // Newest first, as GET /currency/trades answers.
    out.push({ type: "trades", symbol: m.symbol, trades: dirty.trades.map((t) => tradeFrame(m, t)).reverse(), time });
  }
  for (const period of dirty.candles) {
    const c = view.currentCandle(period);
    if (c) out.push({ type: "kline", symbol: m.symbol, period, candle: candleFrame(m, c), time });
  }
  dirty.ticker = false;
  dirty.depth = false;
  dirty.trades = [];
  dirty.candles.clear();
  return out;
}

/** An order as its owner sees it (the user room's `order` frame), from the market's own record. */
export function spotOrderFrame(m: MarketConfig, r: OrderRow): SpotOrder {
  const buy = r.side === 0;
  const filled = lotsToBase(m, r.filled);
  return {
    id: r.id,
    symbol: m.symbol,
    type: buy ? 1 : 2,
    order_type: r.type === 1 ? "market" : "limit",
    target_price: r.type === 1 ? "" : priceText(m, r.price),
    amount: qtyText(m, r.orig),
    trade_amount: unitsText(filled, m.base.precision),
    avg_price: averagePrice(m, r.quoteUnits, filled),
    fee: unitsText(r.feeUnits, buy ? m.base.precision : m.quote.precision),
    fee_currency: buy ? m.base.name : m.quote.name,
    status: r.state === "open" || r.state === "partial" ? 1 : 2,
    state: r.state,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}
