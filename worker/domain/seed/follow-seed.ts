import { sqlInt } from "./sql.ts";

/**
 * Copy trading: Bob (80000002) is an approved trader, so the copy pages have someone to follow. His figures are not
 * seeded: the hourly job computes them from his closed contract positions (none until he trades).
 */
export function followSeedStatements(now: number): string[] {
  return [
    `INSERT OR IGNORE INTO follow_traders (user_id, nickname, bio, status, created_at, reviewed_at) ` +
      `SELECT id, 'Bob', 'BTC and ETH contracts, trend following', 'approved', ${sqlInt(now)}, ${sqlInt(now)} ` +
      `FROM users WHERE uid = '80000002';`,
  ];
}
