import type { Statement } from "../ledger/index.ts";
import { toUnits } from "../ledger/index.ts";
import type { Currency } from "./currencies.ts";

/**
 * Four eyes on large amounts, pure. A deposit credit or a withdrawal payout strictly
 * above the currency's `second_approval_above` needs two different operators: the
 * first approval only records itself (the request stays pending), the second moves
 * the money. Once a first approval exists, the next approval is always the second
 * (whatever the threshold says by then), and its operator must be someone else.
 * Rejection stays a single decision: either operator may end the request.
 *
 * Each step is one transition with its own journal ref_key (an empty journal for the
 * first approval, the money journal for the second), so concurrent clicks record each
 * step once and move the money once.
 */

export type ApprovalStep = "single" | "first" | "second" | "same_operator";

/** What the outcome of an approval is, for the answer and the Idempotency-Key record. */
export type ReviewOutcome = "completed" | "awaiting_second" | "rejected";

/** Statements that record a request's answer for its outcome (an Idempotency-Key record), first in the batch. */
export type OutcomeRecorder = (outcome: ReviewOutcome) => Statement[];
export const noRecord: OutcomeRecorder = () => [];

export function approvalStep(input: {
  /** The amount that would move, in minor units. */
  units: number;
  /** The currency's threshold in minor units; null when one operator always suffices. */
  thresholdUnits: number | null;
  firstApprovedBy: number | null;
  operatorId: number;
}): ApprovalStep {
  if (input.firstApprovedBy !== null) return input.firstApprovedBy === input.operatorId ? "same_operator" : "second";
  if (input.thresholdUnits === null || input.units <= input.thresholdUnits) return "single";
  return "first";
}

/** The currency's four-eyes threshold in minor units (configuration is stored at the currency's precision). */
export function thresholdUnits(currency: Pick<Currency, "secondApprovalAbove" | "precision">): number | null {
  const text = currency.secondApprovalAbove;
  return text === null || text === "" ? null : toUnits(text, currency.precision, "down");
}
