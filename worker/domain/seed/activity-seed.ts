import { sqlInt } from "./sql.ts";

/**
 * Demo couple link: Bob (80000002) has asked Alice (80000001), so Alice's couple page shows a request to answer.
 * A fixed id keeps a second seed from adding another (and from undoing what Alice answered).
 */
export function activitySeedStatements(now: number): string[] {
  return [
    `INSERT OR IGNORE INTO couple_links (id, requester_id, partner_id, status, created_at) ` +
      `SELECT 1, b.id, a.id, 'pending', ${sqlInt(now)} FROM users AS a, users AS b WHERE a.uid = '80000001' AND b.uid = '80000002';`,
  ];
}
