import type { CodePurpose } from "../../../schema/api/auth.ts";
import { badRequest } from "../errors.ts";
import type { Db } from "../db.ts";
import type { AccountRow } from "./address.ts";
import { type Budget, verifyThrottled } from "./attempts.ts";
import { verifyOwnCode } from "./codes.ts";

/** Wrong current passwords allowed per user and per kind (log-in, pay) in 15 minutes. */
export const CURRENT_PASSWORD_LIMIT: Budget = { limit: 5, windowMs: 15 * 60_000 };

/**
 * One budget per user and kind for every place that asks for a password the
 * user already has (changing it, re-authenticating, withdrawing), so a stolen
 * session gets one set of guesses, not one per endpoint.
 */
export const currentPasswordKey = (kind: "login" | "pay", userId: number) => `auth:oldpw:${kind}:${userId}`;

/** Checks a password the user already has, throttled (429 once the budget is spent); `wrong` is the 400 code. */
export async function checkCurrentPassword(
  db: Db,
  input: {
    kind: "login" | "pay";
    userId: number;
    hash: string;
    password: string;
    pepper: string;
    wrong: "OLD_PASSWORD_WRONG" | "PAY_PASSWORD_WRONG" | "REAUTH_PASSWORD_WRONG";
    now: number;
  },
): Promise<void> {
  const right = await verifyThrottled(db, {
    key: currentPasswordKey(input.kind, input.userId),
    budget: CURRENT_PASSWORD_LIMIT,
    password: input.password,
    hash: input.hash,
    pepper: input.pepper,
    now: input.now,
  });
  if (!right) throw badRequest(input.wrong);
}

/** Proof that the session's user is present: the log-in password, or a fresh code to the account's own email or mobile. */
export type Proof = { loginPassword?: string; code?: string };

/**
 * Re-authentication for sensitive changes (first pay password, withdrawal
 * addresses, binding a mobile). A code wins when both are given; it must be a
 * `purpose` code sent to the account's own address and is used up. Neither
 * given: 400 REAUTH_REQUIRED.
 */
export async function reauthenticate(
  db: Db,
  account: AccountRow,
  proof: Proof,
  purpose: CodePurpose,
  pepper: string,
  now: number,
): Promise<void> {
  if (proof.code !== undefined) {
    await verifyOwnCode(db, account, { purpose, code: proof.code, pepper, consume: true, now });
    return;
  }
  if (proof.loginPassword === undefined || !account.passwordHash) throw badRequest("REAUTH_REQUIRED");
  await checkCurrentPassword(db, {
    kind: "login",
    userId: account.id,
    hash: account.passwordHash,
    password: proof.loginPassword,
    pepper,
    wrong: "REAUTH_PASSWORD_WRONG",
    now,
  });
}
