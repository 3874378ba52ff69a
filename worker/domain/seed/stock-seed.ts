import { sqlBool, sqlInt, sqlText as q, insertOrIgnore } from "./sql.ts";

/**
 * Stock contract pairs (README, "Design": Stocks): AAPL, TSLA, NVDA, MSFT, AMZN against USDT. Each needs a currency
 * row and a markets row for its ids, steps and currencies, both switched off: a stock is never a wallet balance and
 * has no spot book. Its contract_configs row (feed "stock") is what offers it. After the money and contract seeds.
 * Terms: multiples 1-20 (stocks move less than crypto), one share a lot, a cent of spread, fee 0.05 %, overnight
 * 0.02 % a day, hazard rate 10 %. Ids from 101 keep clear of the crypto currencies and markets.
 */
export const SEED_STOCKS = [
  { id: 101, name: "AAPL", start: "228.50", volatility: "0.28", spread: "0.02" },
  { id: 102, name: "TSLA", start: "342.10", volatility: "0.6", spread: "0.05" },
  { id: 103, name: "NVDA", start: "178.40", volatility: "0.5", spread: "0.03" },
  { id: 104, name: "MSFT", start: "512.30", volatility: "0.25", spread: "0.04" },
  { id: 105, name: "AMZN", start: "224.80", volatility: "0.33", spread: "0.03" },
] as const;

const USDT = 3;

export function stockSeedStatements(now: number): string[] {
  const out: string[] = [];
  for (const s of SEED_STOCKS) {
    out.push(
      insertOrIgnore("currencies", {
        id: sqlInt(s.id),
        name: q(s.name),
        precision: sqlInt(4),
        display_decimals: sqlInt(4),
        is_legal: sqlBool(false),
        is_change: sqlBool(false),
        is_lever: sqlBool(false),
        is_micro: sqlBool(false),
        can_deposit: "0",
        can_withdraw: "0",
        logo: "''",
        sort: sqlInt(s.id),
        enabled: "0",
      }),
      insertOrIgnore("markets", {
        id: sqlInt(s.id),
        currency_id: sqlInt(s.id),
        legal_id: sqlInt(USDT),
        symbol: q(`${s.name}/USDT`),
        price_decimals: sqlInt(2),
        qty_decimals: sqlInt(4),
        min_qty: q("1"),
        min_notional: q("1"),
        maker_fee: q("0"),
        taker_fee: q("0"),
        start_price: q(s.start),
        volatility: q(s.volatility),
        feed_symbol: q(s.name),
        maker_levels: sqlInt(0),
        enabled: "0",
        sort: sqlInt(s.id),
      }),
      insertOrIgnore("contract_configs", {
        market_id: sqlInt(s.id),
        feed: q("stock"),
        multiples: q("[1,2,5,10,20]"),
        lot_size: q("1"),
        min_lots: sqlInt(1),
        max_lots: sqlInt(1000),
        spread: q(s.spread),
        fee_rate: q("0.0005"),
        overnight_rate: q("0.0002"),
        hazard_rate: q("0.1"),
        limit_entry: sqlBool(true),
        stops: sqlBool(true),
        enabled: sqlBool(true),
        updated_at: sqlInt(now),
      }),
    );
  }
  return out;
}
