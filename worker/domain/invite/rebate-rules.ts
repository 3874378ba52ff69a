import { dayOf, rebateUnits } from "../../../schema/api/invite.ts";
import { ACCOUNT_TYPES, SYSTEM_ACCOUNTS, SYSTEM_ACCOUNT_TYPE } from "../ledger/accounts.ts";
import type { Journal, Line } from "../ledger/journal.ts";

/** The invitation rebates' rules, pure (rebates.ts pays with them). */

/** Days are paid once they ended this long ago, so fills matched just before midnight have settled into D1. */
export const REBATE_GRACE_MS = 10 * 60_000;
/** How far back a late job still catches up. */
export const REBATE_LOOKBACK_DAYS = 7;

/** The ended days the job may still pay at `now`, oldest first. */
export function payableDays(now: number): number[] {
  const last = dayOf(now - REBATE_GRACE_MS) - 1;
  return Array.from({ length: REBATE_LOOKBACK_DAYS }, (_, i) => last - REBATE_LOOKBACK_DAYS + 1 + i);
}

export type InviteeFee = { inviteeId: number; currencyId: number; feeUnits: number };
export type RebateLine = InviteeFee & { rebateUnits: number };

/** The rebate of each invitee's fees in each coin; fees too small to earn a unit are dropped. */
export const rebateLines = (fees: InviteeFee[], rate: string): RebateLine[] =>
  fees.map((f) => ({ ...f, rebateUnits: rebateUnits(f.feeUnits, rate) })).filter((l) => l.rebateUnits > 0);

/** The journal paying `lines` from the fee account to the inviter's exchange account. */
export function rebateJournal(inviterId: number, day: number, lines: RebateLine[]): Journal {
  const perCoin = new Map<number, number>();
  for (const l of lines) perCoin.set(l.currencyId, (perCoin.get(l.currencyId) ?? 0) + l.rebateUnits);
  const ledger: Line[] = [...perCoin].flatMap(([currencyId, amount]) => [
    { userId: SYSTEM_ACCOUNTS.fees, currencyId, accountType: SYSTEM_ACCOUNT_TYPE, bucket: "available" as const, amount: -amount },
    { userId: inviterId, currencyId, accountType: ACCOUNT_TYPES.change, bucket: "available" as const, amount },
  ]);
  return { kind: "invite_rebate", refKey: `rebate:${inviterId}:${day}`, userId: inviterId, memo: { day }, lines: ledger };
}
