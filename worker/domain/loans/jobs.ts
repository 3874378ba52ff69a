import { and, asc, eq, lte, sql } from "drizzle-orm";
import { LOAN_TERMS, belowLiquidation, collateralValue, liquidationSplit } from "../../../schema/api/loans.ts";
import { dayOf } from "../../../schema/api/mining.ts";
import { currencies, loans } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import type { ChunkResult } from "../earn/mining.ts";
import { D, type Dec, type Statement, commit, fromUnits, holdEndStatement, postingStatements } from "../ledger/index.ts";
import { usdtPrices } from "../pricing/prices.ts";
import { requireCurrency } from "../wallet/currencies.ts";
import { type LoanRow, noticeStatement, stepLoan } from "./loans.ts";
import { accrualStatements, debtOn, liquidationJournal, lostRace, owed } from "./steps.ts";

/**
 * The loans' scheduled work, as earn-job chunks (worker/domain/earn/jobs.ts):
 *   loan_accrual      up to `limit` active loans with a day owed, the oldest owed day each, in ONE batch of a fixed
 *                     number of statements; a late job catches up day by day, a second run records nothing (unique keys)
 *   loan_liquidation  active loans whose risk rate at the reference price fell below the line, one batch each
 */

export async function accrueLoansChunk(db: Db, now = Date.now(), limit = 500): Promise<ChunkResult> {
  const today = dayOf(now);
  for (let attempt = 0; ; attempt++) {
    const rows = await db
      .select()
      .from(loans)
      .where(and(eq(loans.status, "active"), lte(loans.nextDueDay, today)))
      .orderBy(asc(loans.nextDueDay), asc(loans.id))
      .limit(limit)
      .all();
    const work = rows.map((l) => ({ loan: stepLoan(l), days: owed(stepLoan(l), today).days.slice(0, 1) })).filter((w) => w.days.length > 0);
    try {
      await commit(db, accrualStatements(db, work, now));
      return { processed: work.length, more: work.length > 0 };
    } catch (err) {
      if (lostRace(err) && attempt < 50) continue;
      throw err;
    }
  }
}

/** The statements that liquidate one loan at `price` (USDT per collateral coin): days owed, close, notice. */
export function liquidationStatements(
  db: Db,
  l: LoanRow,
  precision: { collateral: number; coin: number; name: string; coinName: string },
  price: string,
  now: number,
): Statement[] {
  const loan = stepLoan(l);
  const today = dayOf(now);
  const debt = debtOn(loan, today);
  const split = liquidationSplit(l.collateralAmount, precision.collateral, debt, precision.coin, price);
  return [
    ...accrualStatements(db, [{ loan, days: owed(loan, today).days }], now),
    ...postingStatements(db, [liquidationJournal(loan, split, price, debt)], now),
    holdEndStatement(db, l.holdId, "consume", l.collateralAmount, now),
    db
      .update(loans)
      .set({
        status: sql<"liquidated">`CASE WHEN ${loans.status} = 'active' THEN 'liquidated' ELSE NULL END`,
        collateralTaken: split.taken,
        shortfall: split.shortfall,
        liquidationPrice: price,
        closedAt: now,
      })
      .where(eq(loans.id, l.id)),
    noticeStatement(
      db,
      l,
      "LIQUIDATED",
      {
        price,
        collateral: precision.name,
        taken: fromUnits(split.taken, precision.collateral),
        returned: fromUnits(split.returned, precision.collateral),
        debt: fromUnits(debt, precision.coin),
        currency: precision.coinName,
      },
      now,
    ),
  ];
}

/**
 * Liquidates up to `limit` loans below the line. SQL pre-selects by a float estimate with a margin (the lowest risk
 * first); the decision is made exactly with decimals on the debt including the days owed.
 */
/** A factor per minor unit as an SQL float literal, for the pre-selection. */
const scale = (perWhole: Dec, precision: number) => sql.raw(perWhole.div(new D(10).pow(precision)).toExponential(12));

export async function liquidateLoansChunk(db: Db, now = Date.now(), limit = 100): Promise<ChunkResult> {
  const prices = await usdtPrices(db);
  const today = dayOf(now);
  let processed = 0;
  let scanned = 0;
  const coins = await db
    .selectDistinct({ id: loans.collateralCurrencyId, precision: currencies.precision, name: currencies.name })
    .from(loans)
    .innerJoin(currencies, eq(currencies.id, loans.collateralCurrencyId))
    .where(eq(loans.status, "active"))
    .all();
  const loanCoin = await requireCurrency(db, LOAN_TERMS.coin, { includeDisabled: true });
  const debtUnits = sql`(${loans.principal} + ${loans.accruedInterest})`;
  const debtFactor = scale(new D(111.1), loanCoin.precision);
  for (const coin of coins) {
    const price = prices.get(coin.id);
    if (!price) continue;
    const valueFactor = scale(price.times(100), coin.precision);
    const rows = await db
      .select({ l: loans, coinPrecision: currencies.precision, coinName: currencies.name })
      .from(loans)
      .innerJoin(currencies, eq(currencies.id, loans.currencyId))
      .where(
        and(
          eq(loans.status, "active"),
          eq(loans.collateralCurrencyId, coin.id),
          // A float pre-selection only (the decision below is exact): value × 100 < debt × 110 in whole coins, with 1 % slack
          // for the float and the days not yet recorded.
          sql`${loans.collateralAmount} * ${valueFactor} < ${debtUnits} * ${debtFactor}`,
        ),
      )
      .orderBy(sql`(${loans.collateralAmount} * 1.0) / (${loans.principal} + ${loans.accruedInterest})`)
      .limit(limit)
      .all();
    scanned += rows.length;
    for (const { l, coinPrecision, coinName } of rows) {
      const debt = debtOn(stepLoan(l), today);
      if (!belowLiquidation(collateralValue(l.collateralAmount, coin.precision, price.toFixed()), debt, coinPrecision)) continue;
      try {
        await commit(
          db,
          liquidationStatements(
            db,
            l,
            { collateral: coin.precision, coin: coinPrecision, name: coin.name, coinName },
            price.toFixed(),
            now,
          ),
        );
        processed++;
      } catch (err) {
        // Repaid meanwhile, or the job recorded a day first: the next pass reads it again.
        if (!lostRace(err)) throw err;
      }
    }
  }
  return { processed, more: processed > 0 && scanned >= limit };
}
