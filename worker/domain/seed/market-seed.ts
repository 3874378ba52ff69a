import { sqlInt, sqlText as q, insertOrIgnore, seedGrant } from "./sql.ts";

/**
 * Market seed (after the money seed: it needs the currencies and system users):
 * spot markets with realistic starting prices, the market-maker account (a normal
 * user, funded by deposit journals from the external account like any deposit)
 * and the house inventory that coin conversion pays out of. One statement per
 * line; running it twice changes nothing.
 *
 * Steps: price_decimals + qty_decimals never exceed USDT's 6 decimals, so every
 * fill settles exactly (worker/domain/markets/config.ts). Fees are fractions:
 * maker 0.08 %, taker 0.1 %.
 */

type SeedMarket = {
  id: number;
  base: number;
  quote: number;
  symbol: string;
  priceDecimals: number;
  qtyDecimals: number;
  minQty: string;
  minNotional: string;
  start: string;
  volatility: string;
  feed: string;
  makerQty: string;
};

const USDT = 3;

export const SEED_MARKETS: SeedMarket[] = [
  {
    id: 1,
    base: 1,
    quote: USDT,
    symbol: "BTC/USDT",
    priceDecimals: 2,
    qtyDecimals: 4,
    minQty: "0.0001",
    minNotional: "1",
    start: "95000",
    volatility: "0.6",
    feed: "BTCUSDT",
    makerQty: "0.05",
  },
  {
    id: 2,
    base: 2,
    quote: USDT,
    symbol: "ETH/USDT",
    priceDecimals: 2,
    qtyDecimals: 4,
    minQty: "0.001",
    minNotional: "1",
    start: "3400",
    volatility: "0.75",
    feed: "ETHUSDT",
    makerQty: "1",
  },
  {
    id: 3,
    base: 5,
    quote: USDT,
    symbol: "SOL/USDT",
    priceDecimals: 2,
    qtyDecimals: 2,
    minQty: "0.01",
    minNotional: "1",
    start: "180",
    volatility: "1.0",
    feed: "SOLUSDT",
    makerQty: "20",
  },
  {
    id: 4,
    base: 6,
    quote: USDT,
    symbol: "XRP/USDT",
    priceDecimals: 4,
    qtyDecimals: 1,
    minQty: "0.1",
    minNotional: "1",
    start: "2.3",
    volatility: "0.9",
    feed: "XRPUSDT",
    makerQty: "2000",
  },
  {
    id: 5,
    base: 7,
    quote: USDT,
    symbol: "DOGE/USDT",
    priceDecimals: 5,
    qtyDecimals: 0,
    minQty: "1",
    minNotional: "1",
    start: "0.32",
    volatility: "1.1",
    feed: "DOGEUSDT",
    makerQty: "10000",
  },
  {
    id: 6,
    base: 8,
    quote: USDT,
    symbol: "TRX/USDT",
    priceDecimals: 5,
    qtyDecimals: 0,
    minQty: "1",
    minNotional: "1",
    start: "0.25",
    volatility: "0.6",
    feed: "TRXUSDT",
    makerQty: "15000",
  },
];

export const MAKER_FEE = "0.0008";
export const TAKER_FEE = "0.001";
export const MARKET_SLIPPAGE = "0.05";

/** The market maker: a normal user (role "user") that quotes by the published rule in durable/spot/maker.ts. */
export const MARKET_MAKER = { uid: "80000099", nickname: "Market Maker", inviteCode: "MMAKER", levels: 5, step: "0.0005" } as const;

/** Market-maker funds in minor units (BTC/ETH/SOL 8 decimals, XRP/DOGE/TRX/USDT 6). */
const MAKER_GRANTS: [currencyId: number, units: number][] = [
  [1, 2_000_000_000], // 20 BTC
  [2, 30_000_000_000], // 300 ETH
  [5, 500_000_000_000], // 5,000 SOL
  [6, 500_000_000_000], // 500,000 XRP
  [7, 3_000_000_000_000], // 3,000,000 DOGE
  [8, 3_000_000_000_000], // 3,000,000 TRX
  [3, 5_000_000_000_000], // 5,000,000 USDT
];

/**
 * The simulated traders (durable/spot/sim-traders.ts): normal users that take liquidity on local markets so they have
 * trades, volume and a 24-hour change without a visitor. Development and tests only: the Market object never trades
 * for them when ENVIRONMENT is production, and the deployed database is never seeded with demo data.
 */
export const SIM_TRADERS = [
  { uid: "80000097", nickname: "Simulated Trader 1", inviteCode: "SIMTR1" },
  { uid: "80000098", nickname: "Simulated Trader 2", inviteCode: "SIMTR2" },
] as const;

/** Each simulated trader's funds in minor units: enough for days of trading at the rule's sizes. */
const SIM_TRADER_GRANTS: [currencyId: number, units: number][] = [
  [1, 5_000_000_000], // 50 BTC
  [2, 100_000_000_000], // 1,000 ETH
  [5, 2_000_000_000_000], // 20,000 SOL
  [6, 1_000_000_000_000], // 1,000,000 XRP
  [7, 5_000_000_000_000], // 5,000,000 DOGE
  [8, 5_000_000_000_000], // 5,000,000 TRX
  [3, 10_000_000_000_000], // 10,000,000 USDT
];

/** The house account's inventory for coin conversion (currencies with is_transfer). */
const HOUSE_GRANTS: [currencyId: number, units: number][] = [
  [1, 1_000_000_000], // 10 BTC
  [2, 20_000_000_000], // 200 ETH
  [3, 1_000_000_000_000], // 1,000,000 USDT
  [4, 1_000_000_000_000], // 1,000,000 USDC
  [5, 500_000_000_000], // 5,000 SOL
];

export function marketSeedStatements(now: number, opts: { maker?: boolean; simTraders?: boolean } = {}): string[] {
  const withMaker = opts.maker ?? true;
  const out: string[] = [];
  out.push(
    insertOrIgnore("users", {
      uid: q(MARKET_MAKER.uid),
      nickname: q(MARKET_MAKER.nickname),
      invite_code: q(MARKET_MAKER.inviteCode),
      role: "'user'",
      status: "'active'",
      created_at: sqlInt(now),
    }),
  );
  const maker = withMaker ? `(SELECT id FROM users WHERE uid = ${q(MARKET_MAKER.uid)})` : "NULL";
  for (const m of SEED_MARKETS) {
    out.push(
      insertOrIgnore("markets", {
        id: sqlInt(m.id),
        currency_id: sqlInt(m.base),
        legal_id: sqlInt(m.quote),
        symbol: q(m.symbol),
        price_decimals: sqlInt(m.priceDecimals),
        qty_decimals: sqlInt(m.qtyDecimals),
        min_qty: q(m.minQty),
        min_notional: q(m.minNotional),
        maker_fee: q(MAKER_FEE),
        taker_fee: q(TAKER_FEE),
        market_slippage: q(MARKET_SLIPPAGE),
        start_price: q(m.start),
        volatility: q(m.volatility),
        feed_symbol: q(m.feed),
        maker_user_id: maker,
        maker_levels: sqlInt(MARKET_MAKER.levels),
        maker_step: q(MARKET_MAKER.step),
        maker_qty: q(m.makerQty),
        enabled: "1",
        sort: sqlInt(m.id),
      }),
    );
  }
  for (const [currencyId, units] of MAKER_GRANTS)
    out.push(...seedGrant(`seed:grant:uid:${MARKET_MAKER.uid}:${currencyId}`, "uid", MARKET_MAKER.uid, currencyId, units, now));
  if (opts.simTraders ?? true) {
    for (const t of SIM_TRADERS) {
      out.push(
        insertOrIgnore("users", {
          uid: q(t.uid),
          nickname: q(t.nickname),
          invite_code: q(t.inviteCode),
          role: "'user'",
          status: "'active'",
          created_at: sqlInt(now),
        }),
      );
      for (const [currencyId, units] of SIM_TRADER_GRANTS)
        out.push(...seedGrant(`seed:grant:uid:${t.uid}:${currencyId}`, "uid", t.uid, currencyId, units, now));
    }
  }
  for (const [currencyId, units] of HOUSE_GRANTS)
    out.push(...seedGrant(`seed:grant:uid:SYS-HOUSE:${currencyId}`, "uid", "SYS-HOUSE", currencyId, units, now));
  return out;
}
