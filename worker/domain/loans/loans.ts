import { and, desc, eq, sql } from "drizzle-orm";
import { isLang } from "../../../schema/api/lang.ts";
import {
  LOAN_TERMS,
  type LoanEligibility,
  type LoanState,
  type LoanView,
  belowLiquidation,
  collateralValue,
  dayInterestUnits,
  liquidationPrice,
  maxLoan,
  riskRatePct,
  totalDueUnits,
} from "../../../schema/api/loans.ts";
import { DAY_MS, dayOf } from "../../../schema/api/mining.ts";
import { currencies, loans, notifications, users } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../errors.ts";
import { type MessageCode, translate } from "../i18n/translate.ts";
import {
  ACCOUNT_TYPES,
  D,
  type Journal,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  commit,
  fromUnits,
  holdEndStatement,
  newHoldId,
  openHold,
  postingStatements,
} from "../ledger/index.ts";
import { usdtPrice } from "../pricing/prices.ts";
import { type Currency, requireCurrency, userAmount } from "../wallet/currencies.ts";
import { type StepLoan, accrualStatements, debtOn, lostRace, owed, repayJournal } from "./steps.ts";

/**
 * OTC loans (page borrowing): eligible users apply with collateral, which is held at once; an operator approves
 * (the loan is paid out from the loans account) or rejects (the hold is released); interest is recorded daily by the
 * earn jobs (jobs.ts), which also liquidate a loan whose risk rate fell below the line; the owner repays the whole
 * debt and gets the collateral back. Terms and formulas: schema/api/loans-rules.ts.
 */

export type LoanRow = typeof loans.$inferSelect;
type Cur = { name: string; precision: number };

export async function eligibility(db: Db, userId: number): Promise<LoanEligibility> {
  const u = await db
    .select({ vip: users.vipLevel, mm: users.marketMaker, pro: users.proTrader })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!u) throw notFound();
  return { eligible: u.vip >= LOAN_TERMS.min_vip_level || u.mm || u.pro, vip_level: u.vip, market_maker: u.mm, pro_trader: u.pro };
}

export const stepLoan = (l: LoanRow): StepLoan => ({
  id: l.id,
  userId: l.userId,
  currencyId: l.currencyId,
  collateralCurrencyId: l.collateralCurrencyId,
  collateralAmount: l.collateralAmount,
  principal: l.principal,
  dailyInterest: l.dailyInterest,
  overdueInterest: l.overdueInterest,
  holdId: l.holdId,
  dueDay: l.dueDay ?? 0,
  accruedThrough: l.accruedThrough ?? 0,
  accruedInterest: l.accruedInterest,
});

async function loanCurrency(db: Db): Promise<Currency> {
  return requireCurrency(db, LOAN_TERMS.coin, { includeDisabled: true });
}

/** POST /loan/apply: checks the terms, holds the collateral and records the application, in one batch. */
export async function applyForLoan(
  db: Db,
  userId: number,
  input: { collateral: string; collateral_amount: string; amount: string; days: number },
  lang: string,
  prefix: Statement[] = [],
  now = Date.now(),
): Promise<LoanView> {
  if (!(await eligibility(db, userId)).eligible) throw forbidden("LOAN_NOT_ELIGIBLE");
  const coin = await loanCurrency(db);
  const collateral = await requireCurrency(db, input.collateral);
  const principal = userAmount(coin, input.amount);
  const amount = new D(input.amount);
  if (amount.lt(LOAN_TERMS.min_amount) || amount.gt(LOAN_TERMS.max_amount)) {
    throw badRequest("LOAN_AMOUNT_RANGE", { min: LOAN_TERMS.min_amount, max: LOAN_TERMS.max_amount, currency: coin.name });
  }
  const collateralUnits = userAmount(collateral, input.collateral_amount);
  const price = await usdtPrice(db, collateral.id);
  if (!price) throw conflict("LOAN_PRICE_UNAVAILABLE");
  const max = maxLoan(collateralValue(collateralUnits, collateral.precision, price.toFixed()));
  if (amount.gt(max)) throw badRequest("LOAN_OVER_COLLATERAL", { max: max.toFixed(), currency: coin.name });
  const holdId = newHoldId();
  const hold = openHold(
    db,
    {
      userId,
      currencyId: collateral.id,
      accountType: ACCOUNT_TYPES.change,
      amount: collateralUnits,
      reason: "loan",
      ref: `loan:${holdId}`,
      holdId,
      kind: "loan_collateral",
    },
    now,
  );
  const insert = db
    .insert(loans)
    .values({
      userId,
      collateralCurrencyId: collateral.id,
      collateralAmount: collateralUnits,
      currencyId: coin.id,
      principal,
      termDays: input.days,
      dailyRatePct: LOAN_TERMS.daily_rate_pct,
      overdueRatePct: LOAN_TERMS.overdue_rate_pct,
      dailyInterest: dayInterestUnits(principal, LOAN_TERMS.daily_rate_pct),
      overdueInterest: dayInterestUnits(principal, LOAN_TERMS.overdue_rate_pct),
      holdId,
      status: "pending",
      lang: isLang(lang) ? lang : "en",
      createdAt: now,
    })
    .returning();
  const results = await commit(db, [...prefix, ...hold.statements, insert]);
  const row = (results.at(-1) as LoanRow[])[0]!;
  return loanView(row, collateral, coin, price.toFixed(), now);
}

function loanView(l: LoanRow, collateral: Cur, coin: Cur, price: string | null, now: number): LoanView {
  const u = (n: number) => fromUnits(n, coin.precision);
  const active = l.status === "active";
  const debt = active ? debtOn(stepLoan(l), dayOf(now)) : l.principal + l.accruedInterest;
  const value = price ? collateralValue(l.collateralAmount, collateral.precision, price) : null;
  const totalDue = totalDueUnits(l.principal, l.termDays, l.dailyInterest);
  return {
    id: l.id,
    collateral: collateral.name,
    collateral_amount: fromUnits(l.collateralAmount, collateral.precision),
    collateral_precision: collateral.precision,
    currency: coin.name,
    amount: u(l.principal),
    days: l.termDays,
    daily_rate: l.dailyRatePct,
    overdue_rate: l.overdueRatePct,
    daily_interest: u(l.dailyInterest),
    overdue_interest: u(l.overdueInterest),
    total_due_at_term: u(totalDue),
    status: l.status as LoanState,
    overdue: active && l.dueDay !== null && dayOf(now) >= l.dueDay,
    accrued_interest: u(l.accruedInterest),
    debt: u(debt),
    price,
    collateral_value: value ? value.toDecimalPlaces(2, D.ROUND_DOWN).toFixed(2) : null,
    risk_rate: value ? riskRatePct(value, debt, coin.precision).toDecimalPlaces(2, D.ROUND_DOWN).toFixed(2) : null,
    liquidation_price: liquidationPrice(l.collateralAmount, collateral.precision, active ? debt : totalDue, coin.precision),
    start_at: l.startDay === null ? null : l.startDay * DAY_MS,
    due_at: l.dueDay === null ? null : l.dueDay * DAY_MS,
    repaid_amount: u(l.repaidAmount),
    collateral_taken: fromUnits(l.collateralTaken, collateral.precision),
    shortfall: u(l.shortfall),
    liquidated_at_price: l.liquidationPrice,
    reject_reason: l.rejectReason,
    created_at: l.createdAt,
    reviewed_at: l.reviewedAt,
    closed_at: l.closedAt,
  };
}

const collateralCur = sql<string>`(select name from currencies c where c.id = ${loans.collateralCurrencyId})`;
const collateralPrecision = sql<number>`(select precision from currencies c where c.id = ${loans.collateralCurrencyId})`;

type Listed = { l: LoanRow; cname: string; cprec: number; name: string; precision: number; uid?: string };

async function viewsOf(db: Db, rows: Listed[], now: number): Promise<LoanView[]> {
  const prices = new Map<number, string | null>();
  for (const r of rows) {
    if (!prices.has(r.l.collateralCurrencyId))
      prices.set(r.l.collateralCurrencyId, (await usdtPrice(db, r.l.collateralCurrencyId))?.toFixed() ?? null);
  }
  return rows.map((r) => ({
    ...loanView(r.l, { name: r.cname, precision: r.cprec }, r, prices.get(r.l.collateralCurrencyId) ?? null, now),
    ...(r.uid === undefined ? {} : { user_id: r.l.userId, uid: r.uid }),
  }));
}

/** GET /loan/list (the caller's) and the console's list (everyone's, with the borrower's UID). */
export async function listLoans(
  db: Db,
  who: { userId: number } | "all",
  q: { page: number; limit: number; status?: LoanState },
  now = Date.now(),
): Promise<{ list: LoanView[]; page: number; limit: number; total: number }> {
  const where = and(who === "all" ? undefined : eq(loans.userId, who.userId), q.status ? eq(loans.status, q.status) : undefined);
  const [rows, count] = await Promise.all([
    db
      .select({
        l: loans,
        cname: collateralCur,
        cprec: collateralPrecision,
        name: currencies.name,
        precision: currencies.precision,
        uid: users.uid,
      })
      .from(loans)
      .innerJoin(currencies, eq(currencies.id, loans.currencyId))
      .innerJoin(users, eq(users.id, loans.userId))
      .where(where)
      .orderBy(desc(loans.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(loans)
      .where(where)
      .get(),
  ]);
  const listed = rows.map((r) => (who === "all" ? r : { ...r, uid: undefined }));
  return { list: await viewsOf(db, listed, now), page: q.page, limit: q.limit, total: count?.n ?? 0 };
}

async function readLoan(db: Db, id: number, userId?: number): Promise<Listed> {
  const row = await db
    .select({ l: loans, cname: collateralCur, cprec: collateralPrecision, name: currencies.name, precision: currencies.precision })
    .from(loans)
    .innerJoin(currencies, eq(currencies.id, loans.currencyId))
    .where(and(eq(loans.id, id), userId === undefined ? undefined : eq(loans.userId, userId)))
    .get();
  if (!row) throw notFound();
  return row;
}

/** GET /loan/detail: one of the caller's loans (another user's id is 404). */
export async function loanDetail(db: Db, userId: number, id: number, now = Date.now()): Promise<LoanView> {
  return (await viewsOf(db, [await readLoan(db, id, userId)], now))[0]!;
}

/** A message-centre notice to the borrower, in the language of the application, as a statement of the batch. */
export function noticeStatement(
  db: Db,
  l: LoanRow,
  key: "APPROVED" | "REJECTED" | "LIQUIDATED" | "REPAID",
  params: Record<string, string | number>,
  now: number,
): Statement {
  const lang = isLang(l.lang) ? l.lang : "en";
  const all = { id: l.id, ...params };
  return db.insert(notifications).values({
    userId: l.userId,
    title: translate(`LOAN_${key}_TITLE` as MessageCode, lang, all),
    content: translate(`LOAN_${key}_CONTENT` as MessageCode, lang, all),
    createdAt: now,
  });
}

/** Operator: approves a pending application: pays the loan out of the loans account, starts its days. One batch. */
export async function approveLoan(db: Db, actorId: number, id: number, prefix: Statement[] = [], now = Date.now()): Promise<number> {
  const r = await readLoan(db, id);
  const l = r.l;
  if (l.userId === actorId) throw forbidden();
  if (l.status !== "pending") throw conflict("LOAN_NOT_PENDING");
  const price = await usdtPrice(db, l.collateralCurrencyId);
  if (!price) throw conflict("LOAN_PRICE_UNAVAILABLE");
  if (belowLiquidation(collateralValue(l.collateralAmount, r.cprec, price.toFixed()), l.principal, r.precision)) {
    throw conflict("LOAN_RISK_TOO_LOW");
  }
  const start = dayOf(now);
  const journal: Journal = {
    kind: "loan_disburse",
    refKey: `loan:disburse:${l.id}`,
    userId: l.userId,
    memo: { loan_id: l.id },
    lines: [
      {
        userId: SYSTEM_ACCOUNTS.loans,
        currencyId: l.currencyId,
        accountType: SYSTEM_ACCOUNT_TYPE,
        bucket: "available",
        amount: -l.principal,
      },
      { userId: l.userId, currencyId: l.currencyId, accountType: ACCOUNT_TYPES.change, bucket: "available", amount: l.principal },
    ],
  };
  try {
    await commit(db, [
      ...prefix,
      // Only a still-pending row moves (else NULL, refused): two approvals, or an approval racing a rejection, write nothing twice.
      db
        .update(loans)
        .set({
          status: sql<"active">`CASE WHEN ${loans.status} = 'pending' THEN 'active' ELSE NULL END`,
          startDay: start,
          dueDay: start + l.termDays,
          accruedThrough: start - 1,
          nextDueDay: start,
          reviewedBy: actorId,
          reviewedAt: now,
        })
        .where(eq(loans.id, l.id)),
      ...postingStatements(db, [journal], now),
      auditStatement(db, { actorId, action: "loan_approve", subjectType: "loan", subjectId: l.id, detail: { user_id: l.userId } }, now),
      noticeStatement(db, l, "APPROVED", { amount: fromUnits(l.principal, r.precision), currency: r.name }, now),
    ]);
  } catch (err) {
    if (lostRace(err)) throw conflict("LOAN_NOT_PENDING");
    if (err instanceof ApiError && err.code === "INSUFFICIENT_BALANCE") throw conflict("LOAN_POOL_SHORT");
    throw err;
  }
  return l.userId;
}

/** Operator: rejects a pending application with a reason; the collateral hold is released. One batch. */
export async function rejectLoan(
  db: Db,
  actorId: number,
  id: number,
  reason: string,
  prefix: Statement[] = [],
  now = Date.now(),
): Promise<number> {
  const r = await readLoan(db, id);
  const l = r.l;
  if (l.userId === actorId) throw forbidden();
  if (l.status !== "pending") throw conflict("LOAN_NOT_PENDING");
  const owner = { userId: l.userId, currencyId: l.collateralCurrencyId, accountType: ACCOUNT_TYPES.change };
  const journal: Journal = {
    kind: "loan_reject",
    refKey: `loan:close:${l.id}`,
    userId: l.userId,
    memo: { loan_id: l.id, hold_id: l.holdId },
    lines: [
      { ...owner, bucket: "locked", amount: -l.collateralAmount },
      { ...owner, bucket: "available", amount: l.collateralAmount },
    ],
  };
  try {
    await commit(db, [
      ...prefix,
      db
        .update(loans)
        .set({
          status: sql<"rejected">`CASE WHEN ${loans.status} = 'pending' THEN 'rejected' ELSE NULL END`,
          rejectReason: reason,
          reviewedBy: actorId,
          reviewedAt: now,
          closedAt: now,
        })
        .where(eq(loans.id, l.id)),
      ...postingStatements(db, [journal], now),
      holdEndStatement(db, l.holdId, "release", l.collateralAmount, now),
      auditStatement(
        db,
        { actorId, action: "loan_reject", subjectType: "loan", subjectId: l.id, detail: { user_id: l.userId, reason } },
        now,
      ),
      noticeStatement(db, l, "REJECTED", { reason }, now),
    ]);
  } catch (err) {
    if (lostRace(err)) throw conflict("LOAN_NOT_PENDING");
    throw err;
  }
  return l.userId;
}

/**
 * POST /loan/repay: records the days owed, then pays principal + interest to the loans account and releases the
 * collateral, in one batch. A repayment racing the job re-reads and tries again; one racing a liquidation loses to it
 * (409) or wins, never both (the close key).
 */
export async function repayLoan(
  db: Db,
  userId: number,
  id: number,
  record: (paid: { amount: string; currency: string }) => Statement[] = () => [],
  now = Date.now(),
): Promise<LoanView> {
  for (let attempt = 0; ; attempt++) {
    const r = await readLoan(db, id, userId);
    if (r.l.status !== "active") throw conflict("LOAN_NOT_ACTIVE");
    const loan = stepLoan(r.l);
    const today = dayOf(now);
    const due = owed(loan, today);
    const debt = debtOn(loan, today);
    const statements: Statement[] = [
      ...record({ amount: fromUnits(debt, r.precision), currency: r.name }),
      ...accrualStatements(db, [{ loan, days: due.days }], now),
      ...postingStatements(db, [repayJournal(loan, debt)], now),
      holdEndStatement(db, loan.holdId, "release", loan.collateralAmount, now),
      db
        .update(loans)
        .set({ status: sql<"repaid">`CASE WHEN ${loans.status} = 'active' THEN 'repaid' ELSE NULL END`, repaidAmount: debt, closedAt: now })
        .where(eq(loans.id, id)),
    ];
    try {
      await commit(db, statements);
    } catch (err) {
      if (lostRace(err) && attempt < 50) continue;
      throw err;
    }
    return (await viewsOf(db, [await readLoan(db, id, userId)], now))[0]!;
  }
}

/** Per the caller's active loans: what they owe and what is held, for the assets page. */
export async function loanPositions(db: Db, userId: number, now = Date.now()): Promise<LoanView[]> {
  return (await listLoans(db, { userId }, { page: 1, limit: 100, status: "active" }, now)).list;
}

/** Operator: sets a user's market-maker and professional-trader flags, audited in the same batch. */
export async function setLoanFlags(
  db: Db,
  actorId: number,
  input: { user_id: number; market_maker: "0" | "1"; pro_trader: "0" | "1" },
  now = Date.now(),
): Promise<{ market_maker: boolean; pro_trader: boolean }> {
  const before = await db
    .select({ mm: users.marketMaker, pro: users.proTrader, role: users.role })
    .from(users)
    .where(eq(users.id, input.user_id))
    .get();
  if (!before || before.role === "system") throw notFound();
  const after = { market_maker: input.market_maker === "1", pro_trader: input.pro_trader === "1" };
  await db.batch([
    db.update(users).set({ marketMaker: after.market_maker, proTrader: after.pro_trader }).where(eq(users.id, input.user_id)),
    auditStatement(
      db,
      {
        actorId,
        action: "user_loan_flags",
        subjectType: "user",
        subjectId: input.user_id,
        detail: { before: { market_maker: before.mm, pro_trader: before.pro }, after },
      },
      now,
    ),
  ]);
  return after;
}
