import { badRequest, forbidden } from "../errors.ts";
import type { Db } from "../db.ts";
import { clearLimit } from "../limits/rate-limit.ts";
import { type Address, addressTarget, findAccount } from "./address.ts";
import { giveBack, reserveAll } from "./attempts.ts";
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
 * POST /user/login. A try is reserved on the account and the IP BEFORE the
 * password is hashed (429 with Retry-After once either budget is spent), so
 * parallel guesses cannot outrun the count. A wrong password and an unknown
 * account give the same LOGIN_FAILED after the same PBKDF2 work (unknown
 * accounts verify against dummyHash) and keep their tries. A right password
 * gives the IP's try back, clears the account's failures and starts a session.
 */
export async function passwordLogin(
  db: Db,
  input: { address: Address; password: string; pepper: string; meta: SessionMeta; now?: number },
): Promise<{ token: string; userId: number }> {
  const now = input.now ?? Date.now();
  const account = await findAccount(db, input.address);
  const aKey = accountKey(account?.id, input.address);
  const [, ipTry] = await reserveAll(db, [aKey, ipKey(input.meta.ip)], [LOGIN_LIMITS.account, LOGIN_LIMITS.ip], now);

  const valid = await verifyPassword(input.password, account?.passwordHash ?? dummyHash, input.pepper);
  if (!account || !account.passwordHash || !valid) throw badRequest("LOGIN_FAILED");
  await Promise.all([clearLimit(db, aKey), giveBack(db, ipTry!)]);
  if (account.status !== "active") throw forbidden("ACCOUNT_LOCKED");
  const session = await startSession(db, account.id, input.meta, now);
  await session.insert;
  return { token: session.token, userId: account.id };
}

/** Clears the failed-log-in counter of a user (after a password reset). */
export const clearLoginFailures = (db: Db, userId: number) => clearLimit(db, `auth:login:user:${userId}`);
