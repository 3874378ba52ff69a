import { JOURNAL_KIND } from "../../../schema/api/money.ts";
import { type AccountType, isAccountType } from "./accounts.ts";
import { type Rounding, toUnits } from "./amounts.ts";

/**
 * Journals, pure: a journal is a set of lines that sums to zero per currency.
 * Built here, checked here, turned into D1 statements by post.ts.
 */

export type Bucket = "available" | "locked";

/** One ledger line in integer minor units (signed). */
export type Line = {
  userId: number;
  currencyId: number;
  accountType: AccountType;
  bucket: Bucket;
  amount: number;
};

/** A line whose amount is decimal text (signed), converted with a named rounding. */
export type DecimalLine = Omit<Line, "amount"> & { amount: string };

export type Journal = {
  /** What happened: "deposit", "withdraw_hold", "transfer", "hold", "release", "consume", … (records translate it). */
  kind: string;
  /** The state transition this journal performs; unique forever, so a transition posts at most once. */
  refKey: string;
  /** The user the movement is about, for listings; null for system-only journals. */
  userId: number | null;
  memo: Record<string, unknown>;
  lines: Line[];
};

export class JournalError extends Error {}

/** Visible ASCII: ref keys may embed a client's Idempotency-Key. */
const REF_KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * Checks a journal and returns it without zero lines (they move nothing).
 * Throws JournalError for anything a caller must never build: sums other than
 * zero per currency, unsafe or fractional amounts, bad account types or keys.
 */
export function checkJournal(journal: Journal): Journal {
  if (!JOURNAL_KIND.test(journal.kind)) throw new JournalError(`bad kind ${journal.kind}`);
  if (!REF_KEY.test(journal.refKey)) throw new JournalError(`bad ref key ${journal.refKey}`);
  const sums = new Map<number, number>();
  const lines: Line[] = [];
  for (const line of journal.lines) {
    if (!Number.isSafeInteger(line.amount)) throw new JournalError(`unsafe amount ${line.amount}`);
    if (!Number.isSafeInteger(line.userId) || line.userId === 0) throw new JournalError(`bad user ${line.userId}`);
    if (!Number.isSafeInteger(line.currencyId) || line.currencyId <= 0) throw new JournalError(`bad currency ${line.currencyId}`);
    if (!isAccountType(line.accountType)) throw new JournalError(`bad account type ${line.accountType}`);
    if (line.bucket !== "available" && line.bucket !== "locked") throw new JournalError(`bad bucket ${String(line.bucket)}`);
    if (line.amount === 0) continue;
    const sum = (sums.get(line.currencyId) ?? 0) + line.amount;
    // Each line is a safe integer; a running sum that leaves the safe range could hide an imbalance.
    if (!Number.isSafeInteger(sum)) throw new JournalError("sum outside the safe integer range");
    sums.set(line.currencyId, sum);
    lines.push(line);
  }
  for (const [currencyId, sum] of sums) {
    if (sum !== 0) throw new JournalError(`journal ${journal.refKey} does not balance for currency ${currencyId}: ${sum}`);
  }
  return { ...journal, lines };
}

/**
 * Builds a journal from decimal-text lines. `precisionOf` gives each currency's
 * precision; `rounding` is named by the caller ("exact" rejects extra decimals).
 * Rounding can break the zero sum, which checkJournal then rejects: round the
 * legs of a movement so that they still balance (e.g. compute one leg as the
 * difference of the others in units).
 */
export function buildJournal(
  input: Omit<Journal, "lines"> & { lines: DecimalLine[] },
  precisionOf: (currencyId: number) => number,
  rounding: Rounding = "exact",
): Journal {
  const lines = input.lines.map((l) => ({ ...l, amount: toUnits(l.amount, precisionOf(l.currencyId), rounding) }));
  return checkJournal({ ...input, lines });
}

/** Moving `amount` units between two buckets or accounts: the two lines of a simple transfer. */
export const pairLines = (from: Omit<Line, "amount">, to: Omit<Line, "amount">, amount: number): Line[] => [
  { ...from, amount: -amount },
  { ...to, amount },
];
