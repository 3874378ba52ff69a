import { interestForDay, owedDays } from "../../../schema/api/loans.ts";
import type { Db } from "../db.ts";
import {
  ACCOUNT_TYPES,
  type Journal,
  type Line,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  bound,
  errorText,
  DuplicateJournal,
  postingStatements,
  jsonColumn as col,
} from "../ledger/index.ts";
import { ApiError } from "../errors.ts";

/**
 * The journals of a loan after its approval, and the statements that record them:
 *
 *   interest  `loan:interest:<id>:<day>` (kind loan_interest), one per loan per day. The interest is a claim on the
 *             borrower, not money anyone holds yet, so the journal has no balance lines: it is the day's record (memo
 *             {loan_id, day, amount, overdue}) and the loan row's `accrued_interest` grows in the same batch.
 *   repay     `loan:close:<id>` (loan_repay): principal + interest from the owner's exchange account to the loans
 *             account, and the collateral hold released.
 *   liquidate `loan:close:<id>` (loan_liquidation): the collateral covering the debt to the loans account, the rest
 *             back to the owner.
 * Repayment and liquidation share the close key, so exactly one of them ever happens; both first record the days
 * owed, so the job, a repayment and a liquidation racing each other record each day once.
 */

/** What the steps need of a loan row. */
export type StepLoan = {
  id: number;
  userId: number;
  currencyId: number;
  collateralCurrencyId: number;
  collateralAmount: number;
  principal: number;
  dailyInterest: number;
  overdueInterest: number;
  holdId: string;
  dueDay: number;
  accruedThrough: number;
  accruedInterest: number;
};

const change = (userId: number, currencyId: number, bucket: "available" | "locked", amount: number): Line => ({
  userId,
  currencyId,
  accountType: userId < 0 ? SYSTEM_ACCOUNT_TYPE : ACCOUNT_TYPES.change,
  bucket,
  amount,
});

export function interestJournal(l: StepLoan, day: number): Journal {
  const amount = interestForDay(l, day);
  return {
    kind: "loan_interest",
    refKey: `loan:interest:${l.id}:${day}`,
    userId: l.userId,
    memo: { loan_id: l.id, day, amount, overdue: day >= l.dueDay },
    lines: [],
  };
}

/** The days owed on `today` and their total interest. */
export function owed(l: StepLoan, today: number): { days: number[]; interest: number } {
  const days = owedDays(l.accruedThrough, today);
  return { days, interest: days.reduce((sum, d) => sum + interestForDay(l, d), 0) };
}

/** Principal + interest recorded + interest of the days owed on `today`. */
export const debtOn = (l: StepLoan, today: number): number => l.principal + l.accruedInterest + owed(l, today).interest;

// A loan no longer active sets NULL (refused by NOT NULL), failing the whole batch: its close already recorded everything.
const ACCRUE =
  `UPDATE loans SET accrued_through = d.t, next_due_day = d.t + 1, ` +
  `accrued_interest = CASE WHEN loans.status = 'active' THEN loans.accrued_interest + d.i ELSE NULL END ` +
  `FROM (SELECT ${col(0)} AS id, ${col(1)} AS t, ${col(2)} AS i FROM json_each(?1)) AS d ` +
  `WHERE loans.id = d.id AND loans.id IN (SELECT ${col(0)} FROM json_each(?1))`;

/** The statements that record each loan's owed days up to `throughDay` (oldest first), for one batch. */
export function accrualStatements(db: Db, work: { loan: StepLoan; days: number[] }[], now: number): Statement[] {
  const journals: Journal[] = [];
  const rows: unknown[] = [];
  for (const { loan, days } of work) {
    if (days.length === 0) continue;
    journals.push(...days.map((d) => interestJournal(loan, d)));
    rows.push([loan.id, days.at(-1)!, days.reduce((sum, d) => sum + interestForDay(loan, d), 0)]);
  }
  if (journals.length === 0) return [];
  return [...postingStatements(db, journals, now), bound(db, ACCRUE, JSON.stringify(rows))];
}

export function repayJournal(l: StepLoan, debt: number): Journal {
  return {
    kind: "loan_repay",
    refKey: `loan:close:${l.id}`,
    userId: l.userId,
    memo: { loan_id: l.id, hold_id: l.holdId, debt },
    lines: [
      change(l.userId, l.currencyId, "available", -debt),
      change(SYSTEM_ACCOUNTS.loans, l.currencyId, "available", debt),
      change(l.userId, l.collateralCurrencyId, "locked", -l.collateralAmount),
      change(l.userId, l.collateralCurrencyId, "available", l.collateralAmount),
    ],
  };
}

export function liquidationJournal(
  l: StepLoan,
  split: { taken: number; returned: number; shortfall: number },
  price: string,
  debt: number,
): Journal {
  return {
    kind: "loan_liquidation",
    refKey: `loan:close:${l.id}`,
    userId: l.userId,
    memo: { loan_id: l.id, hold_id: l.holdId, debt, price, taken: split.taken, shortfall: split.shortfall },
    lines: [
      change(l.userId, l.collateralCurrencyId, "locked", -l.collateralAmount),
      change(SYSTEM_ACCOUNTS.loans, l.collateralCurrencyId, "available", split.taken),
      change(l.userId, l.collateralCurrencyId, "available", split.returned),
    ],
  };
}

/** Whether a failed batch lost a race another writer won (then re-reading shows what happened). */
export const lostRace = (err: unknown): boolean =>
  err instanceof DuplicateJournal ||
  (err instanceof ApiError && err.code === "HOLD_CLOSED") ||
  errorText(err).includes("NOT NULL constraint failed: loans.");
