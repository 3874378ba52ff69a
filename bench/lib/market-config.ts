import type { MarketConfig } from "../../worker/domain/markets/config.ts";

/** BTC/USDT as the seed lists it, without the market maker: for code that runs a market core outside a Worker. */
export const BTC_USDT: MarketConfig = {
  id: 1,
  symbol: "BTC/USDT",
  base: { id: 1, name: "BTC", precision: 8 },
  quote: { id: 3, name: "USDT", precision: 6 },
  priceDecimals: 2,
  qtyDecimals: 4,
  tickSize: "0.01",
  lotSize: "0.0001",
  minQty: "0.0001",
  minNotional: "1",
  makerFee: "0.0008",
  takerFee: "0.001",
  marketSlippage: "0.05",
  startPrice: "95000",
  volatility: "0.6",
  feedSymbol: "",
  maker: null,
  enabled: true,
  sort: 1,
};
