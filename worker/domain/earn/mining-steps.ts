import { nextDue } from "../../../schema/api/mining.ts";
import {
  ACCOUNT_TYPES,
  type Journal,
  type Line,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  bound,
  postingStatements,
  jsonColumn as col,
} from "../ledger/index.ts";
import type { Db } from "../db.ts";
import type { Step, StepOrder } from "./mining-plan.ts";

export type { Step, StepOrder } from "./mining-plan.ts";
export { nextStep, redemptionSteps } from "./mining-plan.ts";

/**
 * The steps of a lock-mining order and the statements that take them, for the daily job (one step per order per pass,
 * so a late job catches up day by day) and for an early redemption (every owed day, then the close, in one batch).
 *
 *   interest  house → the owner's change account, `daily_interest`, journal `mining:interest:<id>:<day>`
 *   close     the principal hold ends, journal `mining:close:<id>`: at maturity all of it returns; early, the penalty
 *             goes to the fees account and the rest returns
 * Both journal keys are unique, so whatever runs twice (the job, a retry, a redemption racing the maturity) pays once:
 * the second batch fails whole and the caller re-reads.
 */

const user = (o: StepOrder, bucket: "available" | "locked", amount: number): Line => ({
  userId: o.userId,
  currencyId: o.currencyId,
  accountType: ACCOUNT_TYPES.change,
  bucket,
  amount,
});
const system = (o: StepOrder, who: "house" | "fees", amount: number): Line => ({
  userId: SYSTEM_ACCOUNTS[who],
  currencyId: o.currencyId,
  accountType: SYSTEM_ACCOUNT_TYPE,
  bucket: "available",
  amount,
});

export function stepJournal(o: StepOrder, step: Step): Journal {
  if (step.kind === "interest") {
    return {
      kind: "mining_interest",
      refKey: `mining:interest:${o.id}:${step.day}`,
      userId: o.userId,
      memo: { order_id: o.id, day: step.day },
      lines: [system(o, "house", -o.dailyInterest), user(o, "available", o.dailyInterest)],
    };
  }
  return {
    kind: step.early ? "mining_redeem" : "mining_principal",
    refKey: `mining:close:${o.id}`,
    userId: o.userId,
    memo: { order_id: o.id, hold_id: o.holdId, penalty: step.penalty },
    lines: [user(o, "locked", -o.amount), user(o, "available", o.amount - step.penalty), system(o, "fees", step.penalty)],
  };
}

// Rows travel as one JSON parameter (json_each), so a chunk of any size is three fixed statements. The IN (…) lets
// SQLite look the target rows up by key; with the join alone it scans the whole table once per chunk.
const UPDATE_ORDERS =
  `UPDATE mining_orders SET paid_through = d.p, next_due_day = d.n, total_interest = total_interest + d.i, status = d.s, ` +
  `outcome = d.o, penalty = d.pen, closed_at = d.c FROM (SELECT ${col(0)} AS id, ${col(1)} AS p, ${col(2)} AS n, ${col(3)} AS i, ` +
  `${col(4)} AS s, ${col(5)} AS o, ${col(6)} AS pen, ${col(7)} AS c FROM json_each(?1)) AS d ` +
  `WHERE mining_orders.id = d.id AND mining_orders.status = 1 AND mining_orders.id IN (SELECT ${col(0)} FROM json_each(?1))`;
// A hold already ended goes below zero here, which fails the whole batch (holds_remaining).
const END_HOLDS =
  `UPDATE holds SET remaining = remaining - d.a, status = 'released', closed_at = ?2 ` +
  `FROM (SELECT ${col(0)} AS id, ${col(1)} AS a FROM json_each(?1)) AS d ` +
  `WHERE holds.id = d.id AND holds.id IN (SELECT ${col(0)} FROM json_each(?1))`;

/** The statements that take each order's steps (in order), for one batch. */
export function stepStatements(db: Db, work: { order: StepOrder; steps: Step[] }[], now: number): Statement[] {
  const journals: Journal[] = [];
  const orderRows: unknown[] = [];
  const holdRows: unknown[] = [];
  for (const { order, steps } of work) {
    if (steps.length === 0) continue;
    let paid = order.paidThrough;
    let interest = 0;
    let close: Extract<Step, { kind: "close" }> | null = null;
    for (const step of steps) {
      journals.push(stepJournal(order, step));
      if (step.kind === "interest") {
        paid = step.day;
        interest += order.dailyInterest;
      } else close = step;
    }
    orderRows.push([
      order.id,
      paid,
      close ? order.endDay : nextDue(paid, order.endDay),
      interest,
      close ? 2 : 1,
      close ? (close.early ? "early" : "matured") : null,
      close?.penalty ?? 0,
      close ? now : null,
    ]);
    if (close) holdRows.push([order.holdId, order.amount]);
  }
  if (journals.length === 0) return [];
  const statements = [...postingStatements(db, journals, now), bound(db, UPDATE_ORDERS, JSON.stringify(orderRows))];
  if (holdRows.length > 0) statements.push(bound(db, END_HOLDS, JSON.stringify(holdRows), now));
  return statements;
}
