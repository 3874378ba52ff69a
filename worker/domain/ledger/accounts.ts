/**
 * Account types of a user's wallet (the spec's account types) and the ledger's system accounts.
 * Pure: no runtime imports.
 */
export const ACCOUNT_TYPES = { legal: 1, change: 2, lever: 3, micro: 4 } as const;
export type AccountName = keyof typeof ACCOUNT_TYPES;
export type AccountType = (typeof ACCOUNT_TYPES)[AccountName];
export const ACCOUNT_NAMES = ["legal", "change", "lever", "micro"] as const satisfies readonly AccountName[];

export const accountName = (type: AccountType): AccountName => ACCOUNT_NAMES[type - 1]!;
export const isAccountType = (value: number): value is AccountType => Number.isInteger(value) && value >= 1 && value <= 4;

/**
 * System accounts are users with role "system" and fixed negative ids (inserted by
 * migrations/0003_money_guards.sql and by the demo seed), so no lookup is needed and
 * they never collide with registered users.
 *   external: the outside world. Deposits come from it, withdrawals go to it; the only
 *             account allowed below zero (its balance is minus what users hold net).
 *   fees:     withdrawal fees and, later, trading fees.
 *   house:    the platform's own funds (later: payouts of products); the counterparty of contracts.
 *   contractMargin: the margin of open contract positions, until they close.
 *   insurance: pays the part of a contract loss beyond its margin, so no user goes below zero.
 *   loans:    the house's lending pool and the receivable of OTC loans: pays loans out, receives repayments and
 *             liquidated collateral.
 *   nftSales: proceeds of first sales of NFT items whose artist is not a user.
 *   quizPool: the quiz's bets until their round settles.
 *   dual:     dual products: subscriptions are paid in, settlements paid out.
 */
export const SYSTEM_ACCOUNTS = {
  external: -1,
  fees: -2,
  house: -3,
  contractMargin: -10,
  insurance: -11,
  nftSales: -12,
  quizPool: -14,
  dual: -15,
  loans: -16,
} as const;
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;
/** System accounts keep their balances in this account type. */
export const SYSTEM_ACCOUNT_TYPE: AccountType = ACCOUNT_TYPES.change;

/** Decided here, never by callers: only the external account may go negative. */
export const allowsNegative = (userId: number): boolean => userId === SYSTEM_ACCOUNTS.external;

/** Where deposits are credited and withdrawals are taken from: the change (exchange) account, as in the original. */
export const DEPOSIT_ACCOUNT: AccountType = ACCOUNT_TYPES.change;
export const WITHDRAW_ACCOUNT: AccountType = ACCOUNT_TYPES.change;
