import type { LOAN_TERMS, LoanEligibility, LoanState, LoanView } from "../../../../schema/api/loans.ts";
import { get, post, read } from "../../lib/api.ts";
import { eligibilityRead, loanTermsRead } from "./reads.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import type { PageResult } from "../../lib/query/usePagedQuery.ts";

export type { LoanEligibility, LoanState, LoanView };
export {
  LOAN_TERMS,
  collateralValue,
  dayInterestUnits,
  liquidationPrice,
  maxLoan,
  totalDueUnits,
} from "../../../../schema/api/loans-rules.ts";
export type LoanTerms = typeof LOAN_TERMS;

/** GET /loan/config: the published terms (public). */
export const loanTermsQuery: QueryDef<LoanTerms> = {
  key: [Q.loans, "terms"],
  load: () => read<LoanTerms>(loanTermsRead, { silent: true, background: true }),
  staleTime: 300_000,
};

export const eligibilityQuery = (owner: string): QueryDef<LoanEligibility> => ({
  key: [Q.loans, owner, "eligibility"],
  load: () => read<LoanEligibility>(eligibilityRead, { silent: true }),
  staleTime: 30_000,
});

export const LOANS_KEY = (owner: string) => [Q.loans, owner, "list"] as const;
export const PAGE_SIZE = 10;

export async function loadLoans(page: number): Promise<PageResult<LoanView>> {
  const res = await get<{ list: LoanView[]; total: number }>("/loan/list", { page, limit: PAGE_SIZE }, { silent: true });
  return { items: res.list, hasMore: page * PAGE_SIZE < res.total };
}

export const loanQuery = (owner: string, id: number): QueryDef<LoanView> => ({
  key: [Q.loans, owner, "loan", id],
  load: () => get<LoanView>("/loan/detail", { id }, { silent: true }),
  staleTime: 10_000,
});

/** The caller's outstanding loans, for the assets page. */
export const loanPositionsQuery = (owner: string): QueryDef<LoanView[]> => ({
  key: [Q.loans, owner, "positions"],
  load: () => get<LoanView[]>("/loan/positions", {}, { silent: true, background: true }),
  staleTime: 30_000,
});

const MONEY_KEYS = [...BALANCE_KEYS, [Q.loans]];

export type LoanApplication = { collateral: string; collateral_amount: string; amount: string; days: string; pay_password: string };

/** POST /loan/apply (Idempotency-Key): holds the collateral; answers the translated confirmation. */
export const applyForLoan = mutation(
  (input: LoanApplication, idempotencyKey: string) => post<string>("/loan/apply", input, { idempotencyKey, silent: true }),
  MONEY_KEYS,
);

/** POST /loan/repay (Idempotency-Key): pays the whole debt, releases the collateral. */
export const repayLoan = mutation(
  (input: { id: number; pay_password: string }, idempotencyKey: string) =>
    post<string>("/loan/repay", input, { idempotencyKey, silent: true }),
  MONEY_KEYS,
);

// Console ---------------------------------------------------------------------------------------------------------

export type AdminLoanStatus = LoanState | "all";

export async function fetchAdminLoans(status: AdminLoanStatus, page: number, limit = 20) {
  const res = await get<{ list: LoanView[]; total: number }>(
    "/admin/loans",
    { page, limit, status: status === "all" ? undefined : status },
    { silent: true },
  );
  return { data: res.list, page, pages: Math.max(1, Math.ceil(res.total / limit)), total: res.total };
}

export const approveLoan = mutation(
  (id: number, idempotencyKey: string) => post<string>("/admin/loan/approve", { id }, { idempotencyKey, silent: true }),
  [[Q.admin], [Q.loans]],
);

export const rejectLoan = mutation(
  (id: number, reason: string, idempotencyKey: string) =>
    post<string>("/admin/loan/reject", { id, reason }, { idempotencyKey, silent: true }),
  [[Q.admin], [Q.loans]],
);

/** POST /admin/user/loan_flags: the market-maker and professional-trader flags (audited). */
export const setLoanFlags = mutation(
  (input: { user_id: number; market_maker: "0" | "1"; pro_trader: "0" | "1" }) =>
    post<{ market_maker: boolean; pro_trader: boolean }>("/admin/user/loan_flags", input, { silent: true }),
  [[Q.admin]],
);
