import { ApiError, badRequest, forbidden } from "../errors.ts";
import type { Db } from "../db.ts";
import { clearLimit, hit, isLimited } from "../limits/rate-limit.ts";
import { type Address, addressTarget, findAccount } from "./address.ts";
import { dummyHash, verifyPassword } from "./password.ts";
import { type SessionMeta, startSession } from "./sessions.ts";

/** Failed log-ins allowed per account and per IP in a 15-minute window. */
export const LOGIN_LIMITS = {
  account: { limit: 5, windowMs: 15 * 60_000 },
  ip: { limit: 30, windowMs: 15 * 60_000 },
};

/** Keyed on the user id when the account exists, else on the address: both throttle alike. */
const accountKey = (userId: number | undefined, address: Address) =>
  userId === undefined ? `auth:login:to:${addressTarget(address)}` : `auth:login:user:${userId}`;
const ipKey = (ip: string) => `auth:login:ip:${ip}`;

/**
 * POST /user/login. Throttles are checked BEFORE the password is verified
 * (429 with Retry-After). A wrong password and an unknown account give the same
 * LOGIN_FAILED after the same PBKDF2 work (unknown accounts verify against
 * dummyHash). A success clears the account's failure counter and starts a session.
 */
export async function passwordLogin(
  db: Db,
  input: { address: Address; password: string; pepper: string; meta: SessionMeta; now?: number },
): Promise<{ token: string; userId: number }> {
  const now = input.now ?? Date.now();
  const account = await findAccount(db, input.address);
  const aKey = accountKey(account?.id, input.address);
  const iKey = ipKey(input.meta.ip);
  const waits = await Promise.all([
    isLimited(db, aKey, LOGIN_LIMITS.account.limit, LOGIN_LIMITS.account.windowMs, now),
    isLimited(db, iKey, LOGIN_LIMITS.ip.limit, LOGIN_LIMITS.ip.windowMs, now),
  ]);
  const wait = Math.max(...waits);
  if (wait > 0) throw new ApiError(429, "TOO_MANY_REQUESTS", { seconds: wait });

  const valid = await verifyPassword(input.password, account?.passwordHash ?? dummyHash, input.pepper);
  if (!account || !account.passwordHash || !valid) {
    await Promise.all([hit(db, aKey, LOGIN_LIMITS.account.windowMs, now), hit(db, iKey, LOGIN_LIMITS.ip.windowMs, now)]);
    throw badRequest("LOGIN_FAILED");
  }
  if (account.status !== "active") throw forbidden("ACCOUNT_LOCKED");
  await clearLimit(db, aKey);
  const session = await startSession(db, account.id, input.meta, now);
  await session.insert;
  return { token: session.token, userId: account.id };
}

/** Clears the failed-log-in counter of a user (after a password reset). */
export const clearLoginFailures = (db: Db, userId: number) => clearLimit(db, `auth:login:user:${userId}`);
