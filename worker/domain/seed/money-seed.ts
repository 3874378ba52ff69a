import { sqlBool, sqlInt, sqlText as q } from "./sql.ts";

/**
 * Money seed: system accounts, currencies (BTC 1, ETH 2, USDT 3, USDC 4, …),
 * reference prices, demo deposit addresses and demo balances. One statement per
 * line; running it twice changes nothing. Also used by the money tests.
 */

type SeedCurrency = {
  id: number;
  name: string;
  precision: number;
  display: number;
  legal: boolean;
  change: boolean;
  lever: boolean;
  micro: boolean;
  min: string;
  fee: string;
  transfer: boolean;
  price: string;
};

/** Precision ≤ 8 keeps every amount a safe integer; DOGE/XRP/TRX at 6 leave room for large holdings. */
export const SEED_CURRENCIES: SeedCurrency[] = [
  { id: 1, name: "BTC", precision: 8, display: 8, legal: false, change: true, lever: true, micro: true, min: "0.001", fee: "0.0005", transfer: true, price: "95000" },
  { id: 2, name: "ETH", precision: 8, display: 6, legal: false, change: true, lever: true, micro: true, min: "0.01", fee: "0.005", transfer: true, price: "3400" },
  { id: 3, name: "USDT", precision: 6, display: 4, legal: true, change: true, lever: true, micro: true, min: "10", fee: "1", transfer: true, price: "1" },
  { id: 4, name: "USDC", precision: 6, display: 4, legal: true, change: true, lever: false, micro: false, min: "10", fee: "1", transfer: true, price: "1" },
  { id: 5, name: "SOL", precision: 8, display: 4, legal: false, change: true, lever: true, micro: false, min: "0.1", fee: "0.01", transfer: true, price: "180" },
  { id: 6, name: "XRP", precision: 6, display: 4, legal: false, change: true, lever: true, micro: false, min: "20", fee: "0.25", transfer: false, price: "2.3" },
  { id: 7, name: "DOGE", precision: 6, display: 4, legal: false, change: true, lever: false, micro: false, min: "50", fee: "5", transfer: false, price: "0.32" },
  { id: 8, name: "TRX", precision: 6, display: 4, legal: false, change: true, lever: false, micro: false, min: "50", fee: "1", transfer: false, price: "0.25" },
];

/** Placeholders for local demos only: an operator configures real addresses in /admin/deposit-addresses. */
const DEMO_DEPOSIT_ADDRESSES: [currencyId: number, chain: string, address: string][] = [
  [1, "BTC", "bc1qdemo0only0not0for0real0funds0000000"],
  [2, "ERC20", "0xDe0000000000000000000000000000000000dE01"],
  [3, "ERC20", "0xDe0000000000000000000000000000000000dE03"],
  [3, "TRC20", "TDemoOnlyNotForRealFunds0000000003"],
  [4, "ERC20", "0xDe0000000000000000000000000000000000dE04"],
  [8, "TRC20", "TDemoOnlyNotForRealFunds0000000008"],
];

/** Demo balances, credited from the external account as confirmed deposits would be. */
const DEMO_GRANTS: [email: string, currencyId: number, units: number][] = [
  ["alice@demo.test", 3, 10_000_000_000], // 10,000 USDT
  ["alice@demo.test", 1, 50_000_000], // 0.5 BTC
  ["bob@demo.test", 3, 5_000_000_000], // 5,000 USDT
];

const SYSTEM_USERS: [id: number, uid: string, nickname: string][] = [
  [-1, "SYS-EXTERNAL", "external"],
  [-2, "SYS-FEES", "fees"],
  [-3, "SYS-HOUSE", "house"],
];

export function moneySeedStatements(now: number): string[] {
  const out: string[] = [];
  for (const [id, uid, nickname] of SYSTEM_USERS) {
    out.push(
      `INSERT OR IGNORE INTO users (id, uid, nickname, invite_code, role, status, created_at) VALUES (${sqlInt(id)}, ${q(uid)}, ${q(nickname)}, ${q(uid)}, 'system', 'locked', 0);`,
    );
  }
  for (const c of SEED_CURRENCIES) {
    out.push(
      `INSERT OR IGNORE INTO currencies (id, name, precision, display_decimals, is_legal, is_change, is_lever, is_micro, can_deposit, can_withdraw, min_withdraw, withdraw_fee, is_transfer, transfer_fee_pct, logo, sort, enabled) VALUES (${sqlInt(c.id)}, ${q(c.name)}, ${sqlInt(c.precision)}, ${sqlInt(c.display)}, ${sqlBool(c.legal)}, ${sqlBool(c.change)}, ${sqlBool(c.lever)}, ${sqlBool(c.micro)}, 1, 1, ${q(c.min)}, ${q(c.fee)}, ${sqlBool(c.transfer)}, ${q(c.transfer ? "0.2" : "0")}, '', ${sqlInt(c.id)}, 1);`,
    );
    out.push(`INSERT OR IGNORE INTO reference_prices (currency_id, price_usdt, updated_at) VALUES (${sqlInt(c.id)}, ${q(c.price)}, ${sqlInt(now)});`);
  }
  for (const [currencyId, chain, address] of DEMO_DEPOSIT_ADDRESSES) {
    out.push(
      `INSERT OR IGNORE INTO deposit_addresses (currency_id, chain, address, enabled, created_at) VALUES (${sqlInt(currencyId)}, ${q(chain)}, ${q(address)}, 1, ${sqlInt(now)});`,
    );
  }
  for (const [email, currencyId, units] of DEMO_GRANTS) out.push(...grantStatements(email, currencyId, units, now));
  return out;
}

/**
 * A balanced journal in plain SQL that applies at most once: the journal is keyed by
 * ref_key, and the balance changes and entries happen only while that journal has
 * no entries yet (the entries go last, in one statement).
 */
function grantStatements(email: string, currencyId: number, units: number, now: number): string[] {
  const ref = q(`seed:grant:${email}:${currencyId}`);
  const fresh = `NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.journal_id = j.id)`;
  const c = sqlInt(currencyId);
  const u = sqlInt(units);
  return [
    `INSERT OR IGNORE INTO journals (kind, ref_key, user_id, memo, created_at) SELECT 'deposit', ${ref}, id, '{"seed":true}', ${sqlInt(now)} FROM users WHERE email = ${q(email)};`,
    `INSERT INTO balances (user_id, currency_id, account_type, available, locked, allow_negative) SELECT -1, ${c}, 2, -${u}, 0, 1 FROM journals j WHERE j.ref_key = ${ref} AND ${fresh} ON CONFLICT (user_id, currency_id, account_type) DO UPDATE SET available = available + excluded.available;`,
    `INSERT INTO balances (user_id, currency_id, account_type, available, locked, allow_negative) SELECT j.user_id, ${c}, 2, ${u}, 0, 0 FROM journals j WHERE j.ref_key = ${ref} AND ${fresh} ON CONFLICT (user_id, currency_id, account_type) DO UPDATE SET available = available + excluded.available;`,
    `INSERT INTO ledger_entries (journal_id, user_id, currency_id, account_type, bucket, amount, created_at) SELECT j.id, -1, ${c}, 2, 'available', -${u}, ${sqlInt(now)} FROM journals j WHERE j.ref_key = ${ref} AND ${fresh} UNION ALL SELECT j.id, j.user_id, ${c}, 2, 'available', ${u}, ${sqlInt(now)} FROM journals j WHERE j.ref_key = ${ref} AND ${fresh};`,
  ];
}
