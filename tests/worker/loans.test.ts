import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, dayOf } from "../../schema/api/mining.ts";
import type { LoanView } from "../../schema/api/loans.ts";
import * as tables from "../../schema/db/index.ts";
import { runEarnJobs } from "../../worker/domain/earn/jobs.ts";
import { SYSTEM_ACCOUNTS, post } from "../../worker/domain/ledger/index.ts";
import { accrueLoansChunk, liquidateLoansChunk } from "../../worker/domain/loans/jobs.ts";
import { approveLoan, repayLoan } from "../../worker/domain/loans/loans.ts";
import { api, createUser } from "./helpers.ts";
import { BTC, PAY_PASSWORD, USDT, balance, db, expectInvariant, fund, seedMoney, setPayPassword } from "./money-helpers.ts";

const U = 1_000_000; // USDT minor units
const SAT = 100_000_000; // BTC minor units
let operator: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await seedMoney();
  await fund(SYSTEM_ACCOUNTS.loans, USDT, 100_000_000 * U);
  await setPrice(BTC, "95000");
  operator = await createUser({ role: "operator" });
});

async function setPrice(currencyId: number, price: string) {
  await db()
    .insert(tables.referencePrices)
    .values({ currencyId, priceUsdt: price, updatedAt: Date.now() })
    .onConflictDoUpdate({ target: tables.referencePrices.currencyId, set: { priceUsdt: price, updatedAt: Date.now() } });
}

/** An eligible borrower (VIP 2) with a pay password, 20 BTC and 100,000 USDT. */
async function borrower(opts: { vip?: number } = {}) {
  const user = await createUser();
  await db()
    .update(tables.users)
    .set({ vipLevel: opts.vip ?? 2 })
    .where(eq(tables.users.id, user.id));
  await setPayPassword(user.id);
  await fund(user.id, BTC, 20 * SAT);
  await fund(user.id, USDT, 100_000 * U);
  return user;
}

const applyForm = (over: Record<string, string> = {}) => ({
  collateral: "BTC",
  collateral_amount: "10",
  amount: "500000",
  days: "30",
  pay_password: PAY_PASSWORD,
  ...over,
});

async function apply(token: string, over: Record<string, string> = {}) {
  return api<string>("/loan/apply", { token, form: applyForm(over) });
}

async function loanOf(userId: number) {
  return db().select().from(tables.loans).where(eq(tables.loans.userId, userId)).get();
}

/** Applies (10 BTC for 500,000 USDT, 30 days) and has the operator approve at `now`. */
async function activeLoan(now = Date.now()) {
  const user = await borrower();
  expect((await apply(user.token)).status).toBe(200);
  const loan = (await loanOf(user.id))!;
  await approveLoan(db(), operator.id, loan.id, [], now);
  return { user, loan: (await loanOf(user.id))! };
}

async function runJobs(now: number) {
  for (let i = 0; i < 5000; i++) if (!(await accrueLoansChunk(db(), now, 500)).more) return;
  throw new Error("job did not finish");
}

const interestJournals = (loanId: number) =>
  db()
    .select({ ref: tables.journals.refKey, memo: tables.journals.memo })
    .from(tables.journals)
    .where(like(tables.journals.refKey, `loan:interest:${loanId}:%`))
    .all();

describe("loans: eligibility and application", () => {
  it("publishes the terms", async () => {
    const res = await api<Record<string, unknown>>("/loan/config");
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      min_amount: "500000",
      max_amount: "10000000",
      max_multiple: "3",
      liquidation_risk_pct: "110",
      overdue_rate_pct: "0.5",
      daily_rate_pct: "0.05",
      min_days: 7,
      max_days: 365,
    });
  });

  it("refuses a user below VIP 2 without a flag (403); a market-maker flag an operator sets (audited) makes them eligible", async () => {
    const user = await borrower({ vip: 1 });
    const elig = await api<{ eligible: boolean }>("/loan/eligibility", { token: user.token });
    expect(elig.body.message).toEqual({ eligible: false, vip_level: 1, market_maker: false, pro_trader: false });
    const refused = await apply(user.token);
    expect([refused.status, refused.body.code]).toEqual([403, "LOAN_NOT_ELIGIBLE"]);
    const denied = await api("/admin/user/loan_flags", {
      token: user.token,
      form: { user_id: String(user.id), market_maker: "1", pro_trader: "0" },
    });
    expect(denied.status).toBe(403);
    const set = await api("/admin/user/loan_flags", {
      token: operator.token,
      form: { user_id: String(user.id), market_maker: "1", pro_trader: "0" },
    });
    expect(set.status).toBe(200);
    const audit = await db().select().from(tables.auditLog).where(eq(tables.auditLog.action, "user_loan_flags")).all();
    expect(audit.some((a) => a.subjectId === String(user.id) && a.actorId === operator.id)).toBe(true);
    expect((await api<{ eligible: boolean }>("/loan/eligibility", { token: user.token })).body.message.eligible).toBe(true);
    expect((await apply(user.token)).status).toBe(200);
  });

  it("refuses bad input with translated 400s and holds nothing", async () => {
    const user = await borrower();
    const cases: [Record<string, string>, string][] = [
      [{ amount: "499999.99" }, "LOAN_AMOUNT_RANGE"],
      [{ amount: "10000001", collateral_amount: "20" }, "LOAN_AMOUNT_RANGE"],
      [{ collateral_amount: "5" }, "LOAN_OVER_COLLATERAL"], // 5 BTC = 475,000 USDT: at most 365,384 by the 130 % opening line
      [{ days: "6" }, "LOAN_TERM_RANGE"],
      [{ days: "366" }, "LOAN_TERM_RANGE"],
      [{ collateral: "DOGE" }, "LOAN_COLLATERAL_UNSUPPORTED"],
      [{ amount: "-5" }, "INVALID_AMOUNT"],
      [{ collateral_amount: "1.000000001" }, "AMOUNT_TOO_PRECISE"],
      [{ pay_password: "wrong-one" }, "PAY_PASSWORD_WRONG"],
    ];
    for (const [over, code] of cases) {
      const res = await apply(user.token, over);
      expect([res.status, res.body.code], JSON.stringify(over)).toEqual([400, code]);
    }
    const stray = await api("/loan/apply", { token: user.token, form: { ...applyForm(), user_id: "1" } });
    expect(stray.status).toBe(400);
    const tooMuch = await apply(user.token, { collateral_amount: "21", amount: "1000000" });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, "INSUFFICIENT_BALANCE"]);
    expect(await balance(user.id, BTC)).toEqual({ available: 20 * SAT, locked: 0 });
    expect(await loanOf(user.id)).toBeUndefined();
  });

  it("holds the collateral at the application and shows the figures; the list and detail are the owner's only (404)", async () => {
    const user = await borrower();
    const res = await apply(user.token);
    expect(res.status).toBe(200);
    expect(await balance(user.id, BTC)).toEqual({ available: 10 * SAT, locked: 10 * SAT });
    const list = await api<{ list: LoanView[]; total: number }>("/loan/list", { token: user.token });
    expect(list.body.message.total).toBe(1);
    const loan = list.body.message.list[0]!;
    expect(loan).toMatchObject({
      status: "pending",
      collateral: "BTC",
      collateral_amount: "10",
      amount: "500000",
      days: 30,
      daily_interest: "250", // 0.05 % of 500,000
      overdue_interest: "2500", // 0.5 %
      total_due_at_term: "507500",
      liquidation_price: "55825", // 507,500 × 1.1 / 10
      risk_rate: "190.00", // 950,000 / 500,000
    });
    const other = await borrower();
    expect((await api("/loan/detail", { token: other.token })).status).toBe(400);
    expect((await api(`/loan/detail?id=${loan.id}`, { token: other.token })).status).toBe(404);
    expect((await api("/loan/repay", { token: other.token, form: { id: String(loan.id), pay_password: PAY_PASSWORD } })).status).toBe(404);
    expect((await api(`/loan/detail?id=${loan.id}`, { token: user.token })).status).toBe(200);
    expect((await api(`/loan/detail?id=abc`, { token: user.token })).status).toBe(400);
    await expectInvariant();
  });
});

describe("loans: every endpoint refuses bad input and other users", () => {
  it("answers 401 without a session, 400 on malformed fields, 403 on console calls by users, 404 on unknown ids", async () => {
    const user = await borrower();
    for (const path of ["/loan/eligibility", "/loan/list", "/loan/positions", "/loan/detail?id=1"]) {
      expect((await api(path)).status, path).toBe(401);
    }
    expect((await api("/loan/apply", { form: applyForm() })).status).toBe(401);
    expect((await api("/loan/list?status=open", { token: user.token })).status).toBe(400);
    expect((await api("/loan/list?limit=101", { token: user.token })).status).toBe(400);
    expect((await api("/loan/config?x=1")).status).toBe(400);
    expect((await api("/loan/repay", { token: user.token, form: { id: "0", pay_password: PAY_PASSWORD } })).status).toBe(400);
    expect((await api("/loan/repay", { token: user.token, form: { id: "999999", pay_password: PAY_PASSWORD } })).status).toBe(404);
    for (const path of ["/admin/loans", "/admin/loan/approve", "/admin/loan/reject", "/admin/user/loan_flags"]) {
      const res =
        path === "/admin/loans" ? await api(path, { token: user.token }) : await api(path, { token: user.token, form: { id: "1" } });
      expect(res.status, path).toBe(403);
    }
    expect((await api("/admin/loans?status=nope", { token: operator.token })).status).toBe(400);
    expect((await api("/admin/loan/reject", { token: operator.token, form: { id: "999999", reason: "x" } })).status).toBe(404);
    const flags = (form: Record<string, string>) => api("/admin/user/loan_flags", { token: operator.token, form });
    expect((await flags({ user_id: String(user.id), market_maker: "2", pro_trader: "0" })).status).toBe(400);
    expect((await flags({ user_id: "999999", market_maker: "1", pro_trader: "0" })).status).toBe(404);
    expect((await flags({ user_id: String(SYSTEM_ACCOUNTS.loans), market_maker: "1", pro_trader: "0" })).status).toBe(400);
  });

  it("an operator cannot decide their own application (403)", async () => {
    const self = await createUser({ role: "operator" });
    await db().update(tables.users).set({ vipLevel: 2 }).where(eq(tables.users.id, self.id));
    await setPayPassword(self.id);
    await fund(self.id, BTC, 20 * SAT);
    expect((await apply(self.token)).status).toBe(200);
    const loan = (await loanOf(self.id))!;
    expect((await api("/admin/loan/approve", { token: self.token, form: { id: String(loan.id) } })).status).toBe(403);
    expect((await loanOf(self.id))!.status).toBe("pending");
  });

  it("two approvals at once pay the loan once", async () => {
    const user = await borrower();
    await apply(user.token);
    const loan = (await loanOf(user.id))!;
    const second = await createUser({ role: "operator" });
    const results = await Promise.all([
      api("/admin/loan/approve", { token: operator.token, form: { id: String(loan.id) } }),
      api("/admin/loan/approve", { token: second.token, form: { id: String(loan.id) } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance(user.id, USDT)).toEqual({ available: 600_000 * U, locked: 0 });
    await expectInvariant();
  });
});

describe("loans: review", () => {
  it("approval pays the loan from the loans account once, audited and notified; a second decision is 409", async () => {
    const user = await borrower();
    await apply(user.token);
    const loan = (await loanOf(user.id))!;
    const poolBefore = await balance(SYSTEM_ACCOUNTS.loans, USDT);
    expect((await api("/admin/loan/approve", { token: user.token, form: { id: String(loan.id) } })).status).toBe(403);
    const ok = await api("/admin/loan/approve", { token: operator.token, form: { id: String(loan.id) } });
    expect(ok.status).toBe(200);
    expect(await balance(user.id, USDT)).toEqual({ available: 600_000 * U, locked: 0 });
    expect((await balance(SYSTEM_ACCOUNTS.loans, USDT)).available).toBe(poolBefore.available - 500_000 * U);
    const again = await api("/admin/loan/reject", { token: operator.token, form: { id: String(loan.id), reason: "late" } });
    expect([again.status, again.body.code]).toEqual([409, "LOAN_NOT_PENDING"]);
    const row = (await loanOf(user.id))!;
    expect([row.status, row.startDay, row.dueDay]).toEqual(["active", dayOf(row.reviewedAt!), dayOf(row.reviewedAt!) + 30]);
    const notes = await db().select().from(tables.notifications).where(eq(tables.notifications.userId, user.id)).all();
    expect(notes.map((n) => n.title)).toEqual([`Loan #${loan.id} approved`]);
    const audit = await db().select().from(tables.auditLog).where(eq(tables.auditLog.action, "loan_approve")).all();
    expect(audit.some((a) => a.subjectId === String(loan.id))).toBe(true);
    expect((await api("/admin/loan/approve", { token: operator.token, form: { id: "999999" } })).status).toBe(404);
    await expectInvariant();
  });

  it("rejection releases the collateral, with the reason in the notice", async () => {
    const user = await borrower();
    await apply(user.token);
    const loan = (await loanOf(user.id))!;
    const noReason = await api("/admin/loan/reject", { token: operator.token, form: { id: String(loan.id) } });
    expect(noReason.status).toBe(400);
    const res = await api("/admin/loan/reject", { token: operator.token, form: { id: String(loan.id), reason: "Not enough history" } });
    expect(res.status).toBe(200);
    expect(await balance(user.id, BTC)).toEqual({ available: 20 * SAT, locked: 0 });
    expect((await loanOf(user.id))!.status).toBe("rejected");
    const notes = await db().select().from(tables.notifications).where(eq(tables.notifications.userId, user.id)).all();
    expect(notes[0]!.content).toBe("Reason: Not enough history. Your collateral has been released.");
    await expectInvariant();
  });
});

describe("loans: daily interest", () => {
  it("records one row per day: a second run records nothing, a late job catches up day by day, overdue days at 0.5 %", async () => {
    const start = Date.UTC(2026, 0, 10, 12);
    const { loan } = await activeLoan(start);
    await runJobs(start);
    await runJobs(start);
    expect((await interestJournals(loan.id)).length).toBe(1);
    // 33 days later: days 0..33 recorded; days 30..33 are overdue.
    const late = start + 33 * DAY_MS;
    await runJobs(late);
    await runJobs(late);
    const rows = await interestJournals(loan.id);
    expect(rows.length).toBe(34);
    const row = (await loanOf(loan.userId))!;
    expect(row.accruedInterest).toBe(30 * 250 * U + 4 * 2500 * U);
    expect(row.accruedThrough).toBe(dayOf(late));
    const overdueDays = rows.filter((r) => JSON.parse(r.memo).overdue).length;
    expect(overdueDays).toBe(4);
    await expectInvariant();
  });

  it("the earn jobs run the loans' steps", async () => {
    const start = Date.UTC(2026, 1, 1, 1);
    const { loan } = await activeLoan(start);
    const result = await runEarnJobs(db(), () => start + 2 * DAY_MS);
    expect(result.failed).toEqual([]);
    expect((await interestJournals(loan.id)).length).toBe(3);
  });
});

describe("loans: repayment", () => {
  it("pays principal and the interest through today to the loans account and releases the collateral", async () => {
    const { user, loan } = await activeLoan();
    const pool = await balance(SYSTEM_ACCOUNTS.loans, USDT);
    const wrong = await api("/loan/repay", { token: user.token, form: { id: String(loan.id), pay_password: "nope-nope" } });
    expect([wrong.status, wrong.body.code]).toEqual([400, "PAY_PASSWORD_WRONG"]);
    const res = await api<string>("/loan/repay", { token: user.token, form: { id: String(loan.id), pay_password: PAY_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Repaid 500250 USDT; your collateral is released");
    expect(await balance(user.id, USDT)).toEqual({ available: 100_000 * U - 250 * U, locked: 0 });
    expect(await balance(user.id, BTC)).toEqual({ available: 20 * SAT, locked: 0 });
    expect((await balance(SYSTEM_ACCOUNTS.loans, USDT)).available).toBe(pool.available + 500_250 * U);
    const row = (await loanOf(user.id))!;
    expect([row.status, row.repaidAmount]).toEqual(["repaid", 500_250 * U]);
    const twice = await api("/loan/repay", { token: user.token, form: { id: String(loan.id), pay_password: PAY_PASSWORD } });
    expect([twice.status, twice.body.code]).toEqual([409, "LOAN_NOT_ACTIVE"]);
    await expectInvariant();
  });

  it("a borrower short of the debt is refused whole (409) and keeps the loan", async () => {
    const { user, loan } = await activeLoan();
    // Spend part of the loan: 150,000 USDT leaves as a withdrawal would.
    await post(db(), {
      kind: "transfer",
      refKey: `test:spend:${loan.id}`,
      userId: user.id,
      memo: {},
      lines: [
        { userId: user.id, currencyId: USDT, accountType: 2, bucket: "available", amount: -150_000 * U },
        { userId: SYSTEM_ACCOUNTS.external, currencyId: USDT, accountType: 2, bucket: "available", amount: 150_000 * U },
      ],
    });
    const res = await api("/loan/repay", { token: user.token, form: { id: String(loan.id), pay_password: PAY_PASSWORD } });
    expect([res.status, res.body.code]).toEqual([409, "INSUFFICIENT_BALANCE"]);
    expect((await loanOf(user.id))!.status).toBe("active");
    expect(await balance(user.id, BTC)).toEqual({ available: 10 * SAT, locked: 10 * SAT });
    await expectInvariant();
  });
});

describe("loans: liquidation", () => {
  it("below 110 % the collateral covering the debt goes to the loans account at the reference price, the rest back", async () => {
    const { user, loan } = await activeLoan();
    await runJobs(Date.now());
    // 10 BTC at 55,000 = 550,000 USDT against 500,250: risk 109.9 %.
    await setPrice(BTC, "55000");
    try {
      const r = await liquidateLoansChunk(db(), Date.now());
      expect(r.processed).toBeGreaterThanOrEqual(1);
    } finally {
      await setPrice(BTC, "95000");
    }
    const row = (await loanOf(user.id))!;
    // 500,250 / 55,000 = 9.09545454545… BTC, rounded up to the satoshi.
    expect([row.status, row.collateralTaken, row.shortfall, row.liquidationPrice]).toEqual(["liquidated", 909_545_455, 0, "55000"]);
    expect(await balance(user.id, BTC)).toEqual({ available: 20 * SAT - 909_545_455, locked: 0 });
    const notes = await db().select().from(tables.notifications).where(eq(tables.notifications.userId, user.id)).all();
    expect(notes.map((n) => n.title)).toContain(`Loan #${loan.id} liquidated`);
    const repay = await api("/loan/repay", { token: user.token, form: { id: String(loan.id), pay_password: PAY_PASSWORD } });
    expect([repay.status, repay.body.code]).toEqual([409, "LOAN_NOT_ACTIVE"]);
    await expectInvariant();
  });

  it("a collateral worth less than the debt is taken whole; the shortfall is the house's, the owner's balance never negative", async () => {
    const { user } = await activeLoan();
    await runJobs(Date.now());
    await setPrice(BTC, "40000");
    try {
      await liquidateLoansChunk(db(), Date.now());
    } finally {
      await setPrice(BTC, "95000");
    }
    const row = (await loanOf(user.id))!;
    expect([row.status, row.collateralTaken, row.shortfall]).toEqual(["liquidated", 10 * SAT, 100_250 * U]);
    expect(await balance(user.id, BTC)).toEqual({ available: 10 * SAT, locked: 0 });
    await expectInvariant();
  });

  it("a repayment racing a liquidation: exactly one of them happens", async () => {
    for (let round = 0; round < 4; round++) {
      const { user, loan } = await activeLoan();
      await setPrice(BTC, "55000");
      try {
        await Promise.allSettled([repayLoan(db(), user.id, loan.id), liquidateLoansChunk(db(), Date.now())]);
      } finally {
        await setPrice(BTC, "95000");
      }
      const row = (await loanOf(user.id))!;
      expect(["repaid", "liquidated"]).toContain(row.status);
      const closes = await db()
        .select()
        .from(tables.journals)
        .where(eq(tables.journals.refKey, `loan:close:${loan.id}`))
        .all();
      expect(closes.length).toBe(1);
      expect(closes[0]!.kind).toBe(row.status === "repaid" ? "loan_repay" : "loan_liquidation");
      expect(await balance(user.id, BTC)).toMatchObject({ locked: 0 });
    }
    await expectInvariant();
  });
});
