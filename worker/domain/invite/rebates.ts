import { DAY_MS } from "../../../schema/api/invite.ts";
import { inviteRebateRuns, inviteRebates } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import type { ChunkResult } from "../earn/mining.ts";
import { bound, errorText, post } from "../ledger/index.ts";
import { inviteConfig } from "./config.ts";
import { type InviteeFee, type RebateLine, payableDays, rebateJournal, rebateLines } from "./rebate-rules.ts";
import { log } from "../log.ts";

export { REBATE_GRACE_MS, payableDays } from "./rebate-rules.ts";

/**
 * The daily invitation rebates (README, "Design": Invitation rebates). For each inviter and each ended UTC day, the
 * fees its invitees paid that day are summed per invitee and coin from the rows that record them (spot fills, contract
 * positions that opened, settled seconds orders that were not voided), and floor(fee × rate) of each is paid from the
 * fee account to the inviter's exchange account, in one batch keyed `rebate:<inviter>:<day>` with the rebate rows and
 * the day's run row. A run repeated or late pays nothing twice; the fee account's CHECK refuses a rebate it cannot cover.
 */

// The (inviter, day) pairs not yet looked at, for inviters whose first invitee registered by that day.
const OWED = `
  SELECT i.inviter AS inviter, d.value AS day FROM
    (SELECT invited_by AS inviter, MIN(created_at) AS first FROM users WHERE invited_by IS NOT NULL GROUP BY invited_by) AS i
    JOIN json_each(?1) AS d ON d.value >= i.first / ${DAY_MS}
  WHERE NOT EXISTS (SELECT 1 FROM invite_rebate_runs r WHERE r.inviter_id = i.inviter AND r.day = d.value)
  ORDER BY d.value, i.inviter LIMIT ?2`;

// Every trading fee an inviter's invitees paid in [?2, ?3), per invitee and coin.
const FEES = `
  WITH invitees AS (SELECT id FROM users WHERE invited_by = ?1)
  SELECT payer AS inviteeId, currency AS currencyId, SUM(units) AS feeUnits FROM (
    SELECT f.buy_user_id AS payer, m.currency_id AS currency, f.buy_fee_units AS units
      FROM spot_fills f JOIN markets m ON m.id = f.market_id
      WHERE f.buy_user_id IN invitees AND f.created_at >= ?2 AND f.created_at < ?3 AND f.buy_fee_units > 0
    UNION ALL
    SELECT f.sell_user_id, m.legal_id, f.sell_fee_units
      FROM spot_fills f JOIN markets m ON m.id = f.market_id
      WHERE f.sell_user_id IN invitees AND f.created_at >= ?2 AND f.created_at < ?3 AND f.sell_fee_units > 0
    UNION ALL
    SELECT user_id, legal_id, fee_units FROM contract_positions
      WHERE user_id IN invitees AND status IN (1, 2, 3) AND created_at >= ?2 AND created_at < ?3 AND fee_units > 0
    UNION ALL
    SELECT user_id, currency_id, fee FROM seconds_orders
      WHERE user_id IN invitees AND status = 3 AND void = 0 AND settled_at >= ?2 AND settled_at < ?3 AND fee > 0
  ) GROUP BY payer, currency ORDER BY payer, currency`;

/** The fees an inviter's invitees paid on `day`. */
export async function inviteeFees(db: Db, inviterId: number, day: number): Promise<InviteeFee[]> {
  const { results } = await bound(db, FEES, inviterId, day * DAY_MS, (day + 1) * DAY_MS).stmt.all<InviteeFee>();
  return results.map((r) => ({ inviteeId: Number(r.inviteeId), currencyId: Number(r.currencyId), feeUnits: Number(r.feeUnits) }));
}

/** Pays one inviter's rebate for one day, once; answers the rebate lines written now (none when done before). */
export async function payRebate(db: Db, inviterId: number, day: number, rate: string, now = Date.now()): Promise<RebateLine[]> {
  const lines = rebateLines(await inviteeFees(db, inviterId, day), rate);
  const run = db.insert(inviteRebateRuns).values({ inviterId, day, createdAt: now }).onConflictDoNothing();
  if (lines.length === 0) {
    await run;
    return [];
  }
  const rows = db.insert(inviteRebates).values(
    lines.map((l) => ({
      inviterId,
      inviteeId: l.inviteeId,
      day,
      currencyId: l.currencyId,
      feeUnits: l.feeUnits,
      rate,
      rebateUnits: l.rebateUnits,
      createdAt: now,
    })),
  );
  const result = await post(db, rebateJournal(inviterId, day, lines), [rows, run], { now });
  if (result.status === "duplicate") {
    await run;
    return [];
  }
  return lines;
}

/** One chunk of the earn jobs: at most `limit` (inviter, day) pairs; a pair the fee account cannot cover is logged and retried later. */
export async function payRebatesChunk(db: Db, now = Date.now(), limit = 50): Promise<ChunkResult> {
  const { results } = await bound(db, OWED, JSON.stringify(payableDays(now)), limit).stmt.all<{ inviter: number; day: number }>();
  if (results.length === 0) return { processed: 0, more: false };
  const { rate } = await inviteConfig(db);
  let processed = 0;
  for (const r of results) {
    try {
      await payRebate(db, Number(r.inviter), Number(r.day), rate, now);
      processed++;
    } catch (err) {
      log("error", { job: "invite_rebates", inviter: r.inviter, day: r.day, error: errorText(err) });
    }
  }
  return { processed, more: results.length === limit && processed > 0 };
}

/** Pays every inviter's rebate for one day at once, ignoring the grace (the dev-only route; tests). Answers the lines paid. */
export async function payRebatesForDay(db: Db, day: number, now = Date.now()): Promise<{ paid: number }> {
  const { results } = await bound(db, "SELECT DISTINCT invited_by AS inviter FROM users WHERE invited_by IS NOT NULL").stmt.all<{
    inviter: number;
  }>();
  const { rate } = await inviteConfig(db);
  let paid = 0;
  for (const r of results) paid += (await payRebate(db, Number(r.inviter), day, rate, now)).length;
  return { paid };
}
