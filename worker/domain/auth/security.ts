import { eq } from "drizzle-orm";
import { users } from "../../../schema/db/index.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import type { Db } from "../db.ts";
import { type Address, type AccountRow, type MobileAddress, addressTarget, findAccount, findAccountById } from "./address.ts";
import { verifyCode, verifyOwnCode } from "./codes.ts";
import { clearLoginFailures } from "./login.ts";
import { hashPassword } from "./password.ts";
import { type Proof, checkCurrentPassword, reauthenticate } from "./reauth.ts";
import { endAllSessions, endOtherSessions } from "./sessions.ts";

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

/** The current password when one is set: required, then checked under the shared budget. */
async function requireCurrent(
  db: Db,
  kind: "login" | "pay",
  user: { id: number; hash: string | null },
  oldPassword: string | undefined,
  pepper: string,
  now: number,
): Promise<void> {
  if (!user.hash) return;
  if (oldPassword === undefined) throw badRequest("OLD_PASSWORD_REQUIRED");
  await checkCurrentPassword(db, {
    kind,
    userId: user.id,
    hash: user.hash,
    password: oldPassword,
    pepper,
    wrong: "OLD_PASSWORD_WRONG",
    now,
  });
}

async function ownAccount(db: Db, userId: number): Promise<AccountRow> {
  const account = await findAccountById(db, userId);
  if (!account) throw notFound();
  return account;
}

/**
 * POST /safe/update_password: sets the PAY password. Changing it needs the
 * current pay password. The FIRST one needs re-authentication: the log-in
 * password or a "pay_password" code to the account's own email or mobile
 * (a stolen session alone must not be able to set it). A code sent along with
 * a change is checked too.
 */
export async function setPayPassword(
  db: Db,
  input: { userId: number; oldPassword?: string; password: string; proof: Proof; pepper: string; now?: number },
): Promise<void> {
  const now = input.now ?? Date.now();
  const account = await ownAccount(db, input.userId);
  if (account.payPasswordHash) {
    await requireCurrent(db, "pay", { id: account.id, hash: account.payPasswordHash }, input.oldPassword, input.pepper, now);
    if (input.proof.code !== undefined) {
      await verifyOwnCode(db, account, { purpose: "pay_password", code: input.proof.code, pepper: input.pepper, consume: true, now });
    }
  } else {
    await reauthenticate(db, account, input.proof, "pay_password", input.pepper, now);
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
  await requireCurrent(db, "login", { id: account.id, hash: account.passwordHash }, input.oldPassword, input.pepper, now);
  const passwordHash = await hashPassword(input.password, input.pepper);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, account.id)),
    endOtherSessions(db, account.id, input.keepTokenHash),
  ]);
}

/**
 * POST /safe/mobile: binds (or replaces) the user's mobile after a "bind" code
 * sent to it, and re-authentication (the log-in password or a "security" code
 * to the account's current email or mobile), so a stolen session cannot move
 * the account's codes to a phone of its own. A number another account uses is
 * refused before any code is spent; the bind code is checked before the proof
 * is used up; the unique index settles a race between two binders.
 */
export async function bindMobile(
  db: Db,
  input: { userId: number; address: MobileAddress; code: string; proof: Proof; pepper: string; now?: number },
): Promise<void> {
  const now = input.now ?? Date.now();
  const { address } = input;
  const holder = await findAccount(db, address);
  if (holder && holder.id !== input.userId) throw conflict("MOBILE_TAKEN");
  const bind = { target: addressTarget(address), purpose: "bind" as const, code: input.code, pepper: input.pepper, now };
  await verifyCode(db, { ...bind, consume: false });
  await reauthenticate(db, await ownAccount(db, input.userId), input.proof, "security", input.pepper, now);
  await verifyCode(db, { ...bind, consume: true });
  try {
    await db.update(users).set({ areaCode: address.areaCode, mobile: address.mobile }).where(eq(users.id, input.userId));
  } catch (err) {
    if (/UNIQUE/i.test(`${String(err)} ${String((err as { cause?: unknown }).cause)}`)) throw conflict("MOBILE_TAKEN");
    throw err;
  }
}
