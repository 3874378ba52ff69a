import { eq } from "drizzle-orm";
import { users } from "../../../schema/db/index.ts";
import { ApiError, badRequest, conflict, notFound } from "../errors.ts";
import type { Db } from "../db.ts";
import { hit, isLimited } from "../limits/rate-limit.ts";
import { type Address, type AccountRow, type MobileAddress, addressTarget, findAccount, findAccountById } from "./address.ts";
import { verifyCode } from "./codes.ts";
import { clearLoginFailures } from "./login.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { endAllSessions, endOtherSessions } from "./sessions.ts";

/** Wrong current passwords allowed per user and per kind in 15 minutes. */
export const OLD_PASSWORD_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

/**
 * POST /user/forget: a "forget" code for the address sets a new login password
 * and ends every session of the account (whose id it answers). An address
 * without an account never received a code, so it fails as a wrong code does.
 */
export async function resetPassword(
  db: Db,
  input: { address: Address; code: string; password: string; pepper: string; now?: number },
): Promise<number> {
  await verifyCode(db, {
    target: addressTarget(input.address),
    purpose: "forget",
    code: input.code,
    pepper: input.pepper,
    consume: true,
    now: input.now,
  });
  const account = await findAccount(db, input.address);
  if (!account) throw badRequest("CODE_INVALID");
  const passwordHash = await hashPassword(input.password, input.pepper);
  await db.batch([db.update(users).set({ passwordHash }).where(eq(users.id, account.id)), endAllSessions(db, account.id)]);
  await clearLoginFailures(db, account.id);
  return account.id;
}

/**
 * Verifies the current password when one is set. Wrong answers are throttled
 * per user (checked before verifying), so a stolen session cannot guess it.
 */
async function checkCurrentPassword(
  db: Db,
  kind: "login" | "pay",
  user: { id: number; hash: string | null },
  oldPassword: string | undefined,
  pepper: string,
  now: number,
): Promise<void> {
  if (!user.hash) return;
  if (oldPassword === undefined) throw badRequest("OLD_PASSWORD_REQUIRED");
  const key = `auth:oldpw:${kind}:${user.id}`;
  const wait = await isLimited(db, key, OLD_PASSWORD_LIMIT.limit, OLD_PASSWORD_LIMIT.windowMs, now);
  if (wait > 0) throw new ApiError(429, "TOO_MANY_REQUESTS", { seconds: wait });
  if (!(await verifyPassword(oldPassword, user.hash, pepper))) {
    await hit(db, key, OLD_PASSWORD_LIMIT.windowMs, now);
    throw badRequest("OLD_PASSWORD_WRONG");
  }
}

async function ownAccount(db: Db, userId: number): Promise<AccountRow> {
  const account = await findAccountById(db, userId);
  if (!account) throw notFound();
  return account;
}

/** Where codes for an existing account go: its email, else its mobile. */
const accountTarget = (a: AccountRow): string | null =>
  a.email
    ? addressTarget({ channel: "email", email: a.email })
    : a.mobile && a.areaCode
      ? addressTarget({ channel: "sms", areaCode: a.areaCode, mobile: a.mobile })
      : null;

/**
 * POST /safe/update_password: sets the PAY password. The current pay password
 * is required once one is set; a `code`, when sent, must be a "pay_password"
 * code for the account's email (or mobile when it has no email).
 */
export async function setPayPassword(
  db: Db,
  input: { userId: number; oldPassword?: string; password: string; code?: string; pepper: string; now?: number },
): Promise<void> {
  const now = input.now ?? Date.now();
  const account = await ownAccount(db, input.userId);
  await checkCurrentPassword(db, "pay", { id: account.id, hash: account.payPasswordHash }, input.oldPassword, input.pepper, now);
  if (input.code !== undefined) {
    const target = accountTarget(account);
    if (!target) throw badRequest("CODE_INVALID");
    await verifyCode(db, { target, purpose: "pay_password", code: input.code, pepper: input.pepper, consume: true, now });
  }
  const payPasswordHash = await hashPassword(input.password, input.pepper);
  await db.update(users).set({ payPasswordHash }).where(eq(users.id, account.id));
}

/**
 * POST /safe/login_password: changes the LOGIN password after checking the
 * current one (an account without one, made by wallet sign-in, sets its first),
 * and ends every other session of the user; the calling session stays.
 */
export async function changeLoginPassword(
  db: Db,
  input: { userId: number; keepTokenHash: string; oldPassword?: string; password: string; pepper: string; now?: number },
): Promise<void> {
  const now = input.now ?? Date.now();
  const account = await ownAccount(db, input.userId);
  await checkCurrentPassword(db, "login", { id: account.id, hash: account.passwordHash }, input.oldPassword, input.pepper, now);
  const passwordHash = await hashPassword(input.password, input.pepper);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, account.id)),
    endOtherSessions(db, account.id, input.keepTokenHash),
  ]);
}

/**
 * POST /safe/mobile: binds (or replaces) the user's mobile after a "bind" code
 * sent to it. A number another account uses is refused before the code is
 * spent; the unique index settles a race between two binders.
 */
export async function bindMobile(
  db: Db,
  input: { userId: number; address: MobileAddress; code: string; pepper: string; now?: number },
): Promise<void> {
  const { address } = input;
  const holder = await findAccount(db, address);
  if (holder && holder.id !== input.userId) throw conflict("MOBILE_TAKEN");
  await verifyCode(db, {
    target: addressTarget(address),
    purpose: "bind",
    code: input.code,
    pepper: input.pepper,
    consume: true,
    now: input.now,
  });
  try {
    await db.update(users).set({ areaCode: address.areaCode, mobile: address.mobile }).where(eq(users.id, input.userId));
  } catch (err) {
    if (/UNIQUE/i.test(`${String(err)} ${String((err as { cause?: unknown }).cause)}`)) throw conflict("MOBILE_TAKEN");
    throw err;
  }
}
