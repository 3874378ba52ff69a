import { sqlText as q, seedGrant } from "./sql.ts";

/** The loans account's lending pool, and bob made eligible (professional trader) with 20 BTC to pledge, so the demo shows loans. */
const POOL_USDT = 50_000_000_000_000; // 50,000,000 USDT
const BOB_BTC = 2_000_000_000; // 20 BTC

export function loanSeedStatements(now: number): string[] {
  return [
    ...seedGrant("seed:grant:uid:SYS-LOANS:3", "uid", "SYS-LOANS", 3, POOL_USDT, now),
    ...seedGrant("seed:grant:bob@demo.test:1:loans", "email", "bob@demo.test", 1, BOB_BTC, now),
    `UPDATE users SET pro_trader = 1 WHERE email = ${q("bob@demo.test")};`,
  ];
}
