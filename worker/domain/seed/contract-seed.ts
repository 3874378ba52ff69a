import { sqlBool, sqlInt, sqlText as q, insertOrIgnore, seedGrant } from "./sql.ts";

/**
 * Contract pairs on the seeded spot markets (their reference feed prices them) and the insurance fund's USDT.
 * Terms follow the original's sample configuration: multiples 5-100, hazard rate 10 %.
 */
export const SEED_CONTRACTS = [
  { marketId: 1, lotSize: "0.01", spread: "0.5", minLots: 1, maxLots: 500 }, // BTC/USDT
  { marketId: 2, lotSize: "0.1", spread: "0.05", minLots: 1, maxLots: 500 }, // ETH/USDT
] as const;

const INSURANCE_USDT = 100_000_000_000; // 100,000 USDT

export function contractSeedStatements(now: number): string[] {
  const out = SEED_CONTRACTS.map((c) =>
    insertOrIgnore("contract_configs", {
      market_id: sqlInt(c.marketId),
      feed: q("spot"),
      multiples: q("[5,10,25,50,100]"),
      lot_size: q(c.lotSize),
      min_lots: sqlInt(c.minLots),
      max_lots: sqlInt(c.maxLots),
      spread: q(c.spread),
      fee_rate: q("0.0005"),
      overnight_rate: q("0.0003"),
      hazard_rate: q("0.1"),
      limit_entry: sqlBool(true),
      stops: sqlBool(true),
      enabled: sqlBool(true),
      updated_at: sqlInt(now),
    }),
  );
  out.push(...seedGrant("seed:grant:uid:SYS-INSURANCE:3", "uid", "SYS-INSURANCE", 3, INSURANCE_USDT, now));
  return out;
}
