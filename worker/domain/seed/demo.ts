import { hashPassword } from "../auth/password.ts";
import { activitySeedStatements } from "./activity-seed.ts";
import { contentSeedStatements } from "./content-seed.ts";
import { earnSeedStatements } from "./earn-seed.ts";
import { contractSeedStatements } from "./contract-seed.ts";
import { loanSeedStatements } from "./loan-seed.ts";
import { followSeedStatements } from "./follow-seed.ts";
import { marketSeedStatements } from "./market-seed.ts";
import { quizSeedStatements } from "./quiz-seed.ts";
import { stockSeedStatements } from "./stock-seed.ts";
import { moneySeedStatements } from "./money-seed.ts";
import { nftSeedStatements } from "./nft-seed.ts";
import { nftAuctionSeedStatements } from "./nft-auction-seed.ts";
import { inviteSeedStatements } from "./invite-seed.ts";
import { nftBoxSeedStatements } from "./nft-box-seed.ts";
import { sqlText as q, insertOrIgnore } from "./sql.ts";

/** Demo log-ins printed by `npm start` and used by the browser tests. */
export const DEMO_USERS = [
  { email: "alice@demo.test", password: "alice-demo-2026", nickname: "Alice", role: "user", uid: "80000001", inviteCode: "ALICE1" },
  { email: "bob@demo.test", password: "bob-demo-2026", nickname: "Bob", role: "user", uid: "80000002", inviteCode: "BOBBY2" },
  {
    email: "operator@demo.test",
    password: "operator-demo-2026",
    nickname: "Operator",
    role: "operator",
    uid: "80000003",
    inviteCode: "OPER03",
  },
  // A second operator: large deposits and withdrawals need two different operators (four eyes).
  {
    email: "operator2@demo.test",
    password: "operator2-demo-2026",
    nickname: "Operator 2",
    role: "operator",
    uid: "80000004",
    inviteCode: "OPER04",
  },
] as const;

/**
 * SQL that seeds demo data. Every statement is INSERT OR IGNORE keyed on a
 * natural key, so running it twice changes nothing.
 */
export async function demoSeedSql(pepper: string, now = Date.now()): Promise<string> {
  const lines: string[] = [];
  for (const u of DEMO_USERS) {
    const hash = await hashPassword(u.password, pepper);
    lines.push(
      insertOrIgnore("users", {
        uid: q(u.uid),
        email: q(u.email),
        password_hash: q(hash),
        nickname: q(u.nickname),
        invite_code: q(u.inviteCode),
        role: q(u.role),
        created_at: now,
      }),
    );
  }
  // Both demo operators answer customer service (the support role is a support_agents row).
  for (const u of DEMO_USERS.filter((d) => d.role === "operator")) {
    lines.push(
      `INSERT OR IGNORE INTO support_agents (user_id, granted_by, granted_at) SELECT id, id, ${now} FROM users WHERE uid = ${q(u.uid)};`,
    );
  }
  // Site settings, menu, articles in nine languages, fiat rates and message-centre notices.
  lines.push(...contentSeedStatements(now));
  // System accounts, currencies, reference prices, deposit addresses, demo balances (after the users).
  lines.push(...moneySeedStatements(now));
  // Spot markets, the market-maker account and its funds, the house's conversion inventory (after the money seed).
  lines.push(...marketSeedStatements(now));
  // Lock-mining offers.
  lines.push(...earnSeedStatements(now));
  // Contract pairs and the insurance fund (after the markets).
  lines.push(...contractSeedStatements(now));
  // Stock contract pairs (AAPL, TSLA, NVDA, MSFT, AMZN against USDT) and their switched-off currency and market rows.
  lines.push(...stockSeedStatements(now));
  // A couple-link request from Bob to Alice (after the users).
  lines.push(...activitySeedStatements(now));
  // The loans pool and an eligible demo borrower (after the money seed).
  lines.push(...loanSeedStatements(now));
  // The prediction quiz's upcoming hourly rounds (after the markets).
  lines.push(...quizSeedStatements(now));
  // The NFT catalogue: artists, collections, artworks on sale and bob's resale listing (after the users).
  lines.push(...nftSeedStatements(now));
  // NFT auction lots owned by bob (after the users).
  lines.push(...nftAuctionSeedStatements(now));
  // Invitation terms, Bob invited by Alice, demo coupons (after the users and currencies).
  lines.push(...inviteSeedStatements(now));
  // The demo blind box series (its own artist and items).
  lines.push(...(await nftBoxSeedStatements(now)));
  // Bob as an approved copy trader (after the users).
  lines.push(...followSeedStatements(now));
  return lines.join("\n") + "\n";
}
