import { sqlInt, sqlText as q, insertOrIgnore } from "./sql.ts";

/** Demo lock-mining offers (fixed ids, so a second seed changes nothing): the spec's 0.3-0.4 % a day, 0.4 % per remaining day. */
const MINING_CONFIGS = [
  { id: 1, currency: 3, days: 7, rate: "0.3", min: "100", cancel: "0.4" },
  { id: 2, currency: 3, days: 30, rate: "0.35", min: "500", cancel: "0.4" },
  { id: 3, currency: 3, days: 90, rate: "0.4", min: "1000", cancel: "0.4" },
  { id: 4, currency: 1, days: 30, rate: "0.3", min: "0.01", cancel: "0.4" },
  { id: 5, currency: 2, days: 15, rate: "0.32", min: "0.1", cancel: "0.4" },
];

export function earnSeedStatements(now: number): string[] {
  return MINING_CONFIGS.map((c) =>
    insertOrIgnore("mining_configs", {
      id: sqlInt(c.id),
      currency_id: sqlInt(c.currency),
      days: sqlInt(c.days),
      daily_rate_pct: q(c.rate),
      min_amount: q(c.min),
      cancel_ratio_pct: q(c.cancel),
      enabled: "1",
      sort: sqlInt(c.id),
      created_at: sqlInt(now),
      updated_at: sqlInt(now),
    }),
  );
}
