import { sqlBool, sqlInt, sqlText as q, insertOrIgnore, seedGrant } from "./sql.ts";

/**
 * Money seed: system accounts, currencies (BTC 1, ETH 2, USDT 3, USDC 4, …),
 * reference prices, demo deposit addresses (flagged demo) and demo balances. One statement per
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
  {
    id: 1,
    name: "BTC",
    precision: 8,
    display: 8,
    legal: false,
    change: true,
    lever: true,
    micro: true,
    min: "0.001",
    fee: "0.0005",
    transfer: true,
    price: "95000",
  },
  {
    id: 2,
    name: "ETH",
    precision: 8,
    display: 6,
    legal: false,
    change: true,
    lever: true,
    micro: true,
    min: "0.01",
    fee: "0.005",
    transfer: true,
    price: "3400",
  },
  {
    id: 3,
    name: "USDT",
    precision: 6,
    display: 4,
    legal: true,
    change: true,
    lever: true,
    micro: true,
    min: "10",
    fee: "1",
    transfer: true,
    price: "1",
  },
  {
    id: 4,
    name: "USDC",
    precision: 6,
    display: 4,
    legal: true,
    change: true,
    lever: false,
    micro: false,
    min: "10",
    fee: "1",
    transfer: true,
    price: "1",
  },
  {
    id: 5,
    name: "SOL",
    precision: 8,
    display: 4,
    legal: false,
    change: true,
    lever: true,
    micro: false,
    min: "0.1",
    fee: "0.01",
    transfer: true,
    price: "180",
  },
  {
    id: 6,
    name: "XRP",
    precision: 6,
    display: 4,
    legal: false,
    change: true,
    lever: true,
    micro: false,
    min: "20",
    fee: "0.25",
    transfer: false,
    price: "2.3",
  },
  {
    id: 7,
    name: "DOGE",
    precision: 6,
    display: 4,
    legal: false,
    change: true,
    lever: false,
    micro: false,
    min: "50",
    fee: "5",
    transfer: false,
    price: "0.32",
  },
  {
    id: 8,
    name: "TRX",
    precision: 6,
    display: 4,
    legal: false,
    change: true,
    lever: false,
    micro: false,
    min: "50",
    fee: "1",
    transfer: false,
    price: "0.25",
  },
];

/**
 * Placeholders for local demos only, flagged `demo`: the app shows them with a warning and only
 * where ENVIRONMENT is development or test. An operator configures real addresses in /admin/deposit-addresses.
 */
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
  [-10, "SYS-CONTRACT-MARGIN", "contract margin"],
  [-11, "SYS-INSURANCE", "insurance"],
  [-15, "SYS-DUAL", "dual"],
  [-16, "SYS-LOANS", "loans"],
  [-14, "SYS-QUIZ-POOL", "quiz pool"],
  [-12, "SYS-NFT-SALES", "nft sales"],
];

export function moneySeedStatements(now: number): string[] {
  const out: string[] = [];
  for (const [id, uid, nickname] of SYSTEM_USERS) {
    out.push(
      insertOrIgnore("users", {
        id: sqlInt(id),
        uid: q(uid),
        nickname: q(nickname),
        invite_code: q(uid),
        role: "'system'",
        status: "'locked'",
        created_at: "0",
      }),
    );
  }
  for (const c of SEED_CURRENCIES) {
    out.push(
      insertOrIgnore("currencies", {
        id: sqlInt(c.id),
        name: q(c.name),
        precision: sqlInt(c.precision),
        display_decimals: sqlInt(c.display),
        is_legal: sqlBool(c.legal),
        is_change: sqlBool(c.change),
        is_lever: sqlBool(c.lever),
        is_micro: sqlBool(c.micro),
        can_deposit: "1",
        can_withdraw: "1",
        min_withdraw: q(c.min),
        withdraw_fee: q(c.fee),
        is_transfer: sqlBool(c.transfer),
        transfer_fee_pct: q(c.transfer ? "0.2" : "0"),
        logo: "''",
        sort: sqlInt(c.id),
        enabled: "1",
      }),
    );
    out.push(insertOrIgnore("reference_prices", { currency_id: sqlInt(c.id), price_usdt: q(c.price), updated_at: sqlInt(now) }));
  }
  for (const [currencyId, chain, address] of DEMO_DEPOSIT_ADDRESSES) {
    out.push(
      insertOrIgnore("deposit_addresses", {
        currency_id: sqlInt(currencyId),
        chain: q(chain),
        address: q(address),
        enabled: "1",
        demo: "1",
        created_at: sqlInt(now),
      }),
    );
    // Rows seeded before the flag existed are marked too (INSERT OR IGNORE leaves them as they were).
    const row = `currency_id = ${sqlInt(currencyId)} AND chain = ${q(chain)} AND address = ${q(address)}`;
    out.push(`UPDATE deposit_addresses SET demo = 1 WHERE ${row};`);
  }
  for (const [email, currencyId, units] of DEMO_GRANTS)
    out.push(...seedGrant(`seed:grant:${email}:${currencyId}`, "email", email, currencyId, units, now));
  return out;
}
