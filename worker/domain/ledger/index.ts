/**
 * The ledger: the one way any feature moves money. See post.ts for how a journal
 * becomes one atomic batch, journal.ts for the pure rules, invariant.ts for the check.
 *
 *   transfer(db, {from, to, currencyId, amount, kind, refKey, userId}, extra?, {prefix?, now?})
 *   hold(db, {userId, currencyId, accountType, amount, reason, ref?, holdId?}, extra?, opts?)
 *   release(db, holdId, {refKey?, kind?}, extra?, opts?)
 *   consume(db, holdId, {refKey, credits, amount?, kind?}, extra?, opts?)
 *   post(db, journal, extra?, opts?)        any balanced journal (several accounts, currencies)
 *   journalStatements / postingStatements / openHold / openHolds / holdEndStatement /
 *   consumeLines / releaseLines              building blocks to compose several journals or
 *                                            holds into one batch, then commit(db, statements)
 *   bound(db, sql, ...params)                a fixed statement prepared once per D1 binding (batch.ts)
 * Amounts are integer minor units (amounts.ts converts decimal text with a named rounding).
 */
export * from "./accounts.ts";
export * from "./amounts.ts";
export * from "./journal.ts";
export * from "./post.ts";
export { Bound, bound, jsonColumn } from "./batch.ts";
export { checkInvariant, type Violation } from "./invariant.ts";
