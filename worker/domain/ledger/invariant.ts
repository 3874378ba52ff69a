import { sql } from "drizzle-orm";
import type { Db } from "../db.ts";
import { SYSTEM_ACCOUNTS } from "./accounts.ts";

/**
 * The one invariant check (README, "Design": Money), for tests and operators.
 * Every comparison runs in SQLite on 64-bit integers, so sums beyond 2^53 are still exact.
 *
 *   journal_unbalanced   a journal's entries do not sum to zero for a currency
 *   currency_unbalanced  all entries of a currency do not sum to zero
 *   balance_mismatch     a balance's available/locked differ from the sums of its entries by bucket
 *   negative_balance     available < 0 on an account not allowed negative, or locked < 0
 *   allow_negative       a user account other than the external system account may go negative
 *   locked_mismatch      a balance's locked differs from the sum of its open holds' remaining
 *   hold_state           a hold that is closed with funds remaining, or open with nothing remaining
 */
export type Violation = { check: string; detail: Record<string, unknown> };

export async function checkInvariant(db: Db): Promise<Violation[]> {
  const out: Violation[] = [];
  const add = (check: string, rows: Record<string, unknown>[]) => {
    for (const detail of rows) out.push({ check, detail });
  };

  add(
    "journal_unbalanced",
    await db.all(sql`
      SELECT journal_id, currency_id, SUM(amount) AS total FROM ledger_entries
      GROUP BY journal_id, currency_id HAVING SUM(amount) <> 0 LIMIT 100`),
  );
  add(
    "currency_unbalanced",
    await db.all(sql`
      SELECT currency_id, SUM(amount) AS total FROM ledger_entries
      GROUP BY currency_id HAVING SUM(amount) <> 0`),
  );
  add(
    "balance_mismatch",
    await db.all(sql`
      WITH e AS (
        SELECT user_id, currency_id, account_type,
          SUM(CASE WHEN bucket = 'available' THEN amount ELSE 0 END) AS available,
          SUM(CASE WHEN bucket = 'locked' THEN amount ELSE 0 END) AS locked
        FROM ledger_entries GROUP BY user_id, currency_id, account_type
      )
      SELECT b.user_id, b.currency_id, b.account_type, b.available, b.locked,
        COALESCE(e.available, 0) AS entries_available, COALESCE(e.locked, 0) AS entries_locked
      FROM balances b LEFT JOIN e ON e.user_id = b.user_id AND e.currency_id = b.currency_id AND e.account_type = b.account_type
      WHERE b.available <> COALESCE(e.available, 0) OR b.locked <> COALESCE(e.locked, 0)
      UNION ALL
      SELECT e.user_id, e.currency_id, e.account_type, NULL, NULL, e.available, e.locked
      FROM e LEFT JOIN balances b ON e.user_id = b.user_id AND e.currency_id = b.currency_id AND e.account_type = b.account_type
      WHERE b.user_id IS NULL AND (e.available <> 0 OR e.locked <> 0)
      LIMIT 100`),
  );
  add(
    "negative_balance",
    await db.all(sql`
      SELECT user_id, currency_id, account_type, available, locked FROM balances
      WHERE (available < 0 AND allow_negative = 0) OR locked < 0 LIMIT 100`),
  );
  add(
    "allow_negative",
    await db.all(sql`
      SELECT user_id, currency_id, account_type FROM balances
      WHERE allow_negative <> 0 AND user_id <> ${SYSTEM_ACCOUNTS.external} LIMIT 100`),
  );
  add(
    "locked_mismatch",
    await db.all(sql`
      WITH h AS (
        SELECT user_id, currency_id, account_type, SUM(remaining) AS held FROM holds
        WHERE status = 'open' GROUP BY user_id, currency_id, account_type
      )
      SELECT b.user_id, b.currency_id, b.account_type, b.locked, COALESCE(h.held, 0) AS held
      FROM balances b LEFT JOIN h ON h.user_id = b.user_id AND h.currency_id = b.currency_id AND h.account_type = b.account_type
      WHERE b.locked <> COALESCE(h.held, 0)
      UNION ALL
      SELECT h.user_id, h.currency_id, h.account_type, NULL, h.held
      FROM h LEFT JOIN balances b ON h.user_id = b.user_id AND h.currency_id = b.currency_id AND h.account_type = b.account_type
      WHERE b.user_id IS NULL AND h.held <> 0
      LIMIT 100`),
  );
  add(
    "hold_state",
    await db.all(sql`
      SELECT id, status, amount, remaining FROM holds
      WHERE (status <> 'open' AND remaining <> 0) OR (status = 'open' AND remaining = 0)
        OR remaining < 0 OR remaining > amount LIMIT 100`),
  );
  return out;
}
