import { owedDays, penaltyUnits, remainingDays } from "../../../schema/api/mining.ts";

/** Which steps a lock-mining order takes on a given day. Pure (no runtime imports): unit-tested against a model. */

/** What a step needs of an order row. */
export type StepOrder = {
  id: number;
  userId: number;
  currencyId: number;
  amount: number;
  dailyInterest: number;
  cancelRatioPct: string;
  holdId: string;
  startDay: number;
  endDay: number;
  paidThrough: number;
};

export type Step = { kind: "interest"; day: number } | { kind: "close"; early: boolean; penalty: number };

/** The job's next step for an order on `today`: the oldest owed day's interest, else the principal once `end_day` came. */
export function nextStep(o: StepOrder, today: number): Step | null {
  const owed = owedDays(o.paidThrough, o.endDay, today);
  if (owed.length > 0) return { kind: "interest", day: owed[0]! };
  if (today >= o.endDay && o.paidThrough === o.endDay - 1) return { kind: "close", early: false, penalty: 0 };
  return null;
}

/** Every step a redemption on `today` takes: the owed days, then the close (early, with its penalty, before `end_day`). */
export function redemptionSteps(o: StepOrder, today: number): Step[] {
  const steps: Step[] = owedDays(o.paidThrough, o.endDay, today).map((day) => ({ kind: "interest", day }));
  const early = today < o.endDay;
  const penalty = early ? penaltyUnits(o.amount, o.cancelRatioPct, remainingDays(o.startDay, o.endDay, today)) : 0;
  steps.push({ kind: "close", early, penalty });
  return steps;
}
