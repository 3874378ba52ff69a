import { sqlInt, sqlText as q, insertOrIgnore, seedGrant } from "./sql.ts";

/** Demo lock-mining offers (fixed ids, so a second seed changes nothing): the spec's 0.3-0.4 % a day, 0.4 % per remaining day. */
const MINING_CONFIGS = [
  { id: 1, currency: 3, days: 7, rate: "0.3", min: "100", cancel: "0.4" },
  { id: 2, currency: 3, days: 30, rate: "0.35", min: "500", cancel: "0.4" },
  { id: 3, currency: 3, days: 90, rate: "0.4", min: "1000", cancel: "0.4" },
  { id: 4, currency: 1, days: 30, rate: "0.3", min: "0.01", cancel: "0.4" },
  { id: 5, currency: 2, days: 15, rate: "0.32", min: "0.1", cancel: "0.4" },
];

const DAY_MS = 86_400_000;
const EDGE = "(SELECT id FROM currencies WHERE name = 'EDGE')";

/**
 * A demo IEO token (EDGE, no deposits or withdrawals) and three projects selling it for USDT, one per time status.
 * Dates are relative to the first seed: run again later, the same rows stay (INSERT OR IGNORE).
 */
function ieoSeed(now: number): string[] {
  const project = (id: number, name: string, start: number, end: number, total: string, lockDays: number) =>
    insertOrIgnore("ieo_projects", {
      id: sqlInt(id),
      name: q(name),
      currency_id: EDGE,
      pay_currency_id: "3",
      price: q("0.05"),
      total_amount: sqlInt(Number(total) * 100_000_000),
      sold: "0",
      min_amount: sqlInt(10 * 100_000_000),
      start_at: sqlInt(start),
      end_at: sqlInt(end),
      lock_days: sqlInt(lockDays),
      description: q("Demo project: EDGE, the exchange's utility token (demo data)."),
      enabled: "1",
      created_at: sqlInt(now),
      updated_at: sqlInt(now),
    });
  return [
    insertOrIgnore("currencies", {
      name: q("EDGE"),
      precision: "8",
      display_decimals: "4",
      is_legal: "0",
      is_change: "1",
      is_lever: "0",
      is_micro: "0",
      can_deposit: "0",
      can_withdraw: "0",
      min_withdraw: q("0"),
      withdraw_fee: q("0"),
      is_transfer: "0",
      transfer_fee_pct: q("0"),
      logo: "''",
      sort: "100",
      enabled: "1",
    }),
    project(1, "Edge Token round 2", now - DAY_MS, now + 14 * DAY_MS, "1000000", 0),
    project(2, "Edge Token round 3", now + 30 * DAY_MS, now + 44 * DAY_MS, "2000000", 7),
    project(3, "Edge Token round 1", now - 40 * DAY_MS, now - 30 * DAY_MS, "500000", 0),
  ];
}

/** Demo dual products on BTC and ETH (fixed ids), one short one so a settlement can be watched within a day. */
const DUAL_PRODUCTS = [
  { id: 1, name: "BTC sell high 7D", coin: 1, type: "call", apr: "45.6", strike: "100000", per: "0.01", days: 7, open: 14 },
  { id: 2, name: "BTC buy low 7D", coin: 1, type: "put", apr: "52.3", strike: "90000", per: "100", days: 7, open: 14 },
  { id: 3, name: "ETH sell high 14D", coin: 2, type: "call", apr: "38", strike: "3600", per: "0.1", days: 14, open: 21 },
  { id: 4, name: "ETH buy low 14D", coin: 2, type: "put", apr: "41", strike: "3200", per: "100", days: 14, open: 21 },
  { id: 5, name: "BTC sell high 1D", coin: 1, type: "call", apr: "36.5", strike: "95000", per: "0.001", days: 1, open: 30 },
];

/** The dual account's inventory: what pays settlements beyond the subscriptions it holds. */
const DUAL_GRANTS: [currencyId: number, units: number][] = [
  [1, 1_000_000_000], // 10 BTC
  [2, 20_000_000_000], // 200 ETH
  [3, 1_000_000_000_000], // 1,000,000 USDT
];

function dualSeed(now: number): string[] {
  const products = DUAL_PRODUCTS.map((p) => {
    const end = now + p.open * DAY_MS;
    return insertOrIgnore("dual_products", {
      id: sqlInt(p.id),
      name: q(p.name),
      currency_id: sqlInt(p.coin),
      type: q(p.type),
      apr_pct: q(p.apr),
      exercise_price: q(p.strike),
      per_price: q(p.per),
      total_number: "1000",
      purchased_number: "0",
      user_limit: "100",
      start_at: sqlInt(now - DAY_MS),
      end_at: sqlInt(end),
      days: sqlInt(p.days),
      settle_at: sqlInt(end + p.days * DAY_MS),
      enabled: "1",
      created_at: sqlInt(now),
      updated_at: sqlInt(now),
    });
  });
  const grants = DUAL_GRANTS.flatMap(([currencyId, units]) =>
    seedGrant(`seed:grant:uid:SYS-DUAL:${currencyId}`, "uid", "SYS-DUAL", currencyId, units, now),
  );
  return [...products, ...grants];
}

export function earnSeedStatements(now: number): string[] {
  return [
    ...MINING_CONFIGS.map((c) =>
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
    ),
    ...ieoSeed(now),
    ...dualSeed(now),
  ];
}
