/** The four account types of a user's wallet (the spec's account types): 1 legal, 2 change, 3 lever, 4 micro. */
export const ACCOUNTS = ["legal", "change", "lever", "micro"] as const;
export type AccountName = (typeof ACCOUNTS)[number];

export const accountType = (name: AccountName): 1 | 2 | 3 | 4 => (ACCOUNTS.indexOf(name) + 1) as 1 | 2 | 3 | 4;
export const accountFromType = (type: number): AccountName | undefined => ACCOUNTS[type - 1];
export const isAccountName = (value: string | null | undefined): value is AccountName =>
  (ACCOUNTS as readonly string[]).includes(value ?? "");
