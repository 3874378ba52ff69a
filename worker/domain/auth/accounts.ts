import { inviteConfig } from "../invite/config.ts";
import { eq } from "drizzle-orm";
import { users } from "../../../schema/db/index.ts";
import { badRequest, conflict } from "../errors.ts";
import type { Db } from "../db.ts";
import { type Address, addressTarget, findAccount, maskedNickname } from "./address.ts";
import { verifyCode } from "./codes.ts";
import { hashPassword } from "./password.ts";
import { randomInviteCode, randomUid } from "./random.ts";

export type NewAccount = {
  email?: string;
  areaCode?: string;
  mobile?: string;
  walletAddress?: string;
  passwordHash?: string;
  nickname: string;
  invitedBy?: number;
};

/**
 * Inserts a user with a fresh random 8-digit UID and invite code. Any unique
 * clash makes the insert a no-op (ON CONFLICT DO NOTHING); if the clash was the
 * address, the account exists, otherwise a random value collided and we retry.
 */
export async function createAccount(db: Db, account: NewAccount, now = Date.now()): Promise<{ id: number; uid: string }> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const uid = randomUid();
    const row = await db
      .insert(users)
      .values({
        uid,
        email: account.email ?? null,
        areaCode: account.areaCode ?? null,
        mobile: account.mobile ?? null,
        walletAddress: account.walletAddress ?? null,
        passwordHash: account.passwordHash ?? null,
        nickname: account.nickname,
        inviteCode: randomInviteCode(),
        invitedBy: account.invitedBy ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id })
      .get();
    if (row) return { id: row.id, uid };
    if (await addressTaken(db, account)) throw conflict("ACCOUNT_EXISTS");
  }
  throw new Error("could not allocate a unique uid and invite code");
}

async function addressTaken(db: Db, account: NewAccount): Promise<boolean> {
  if (account.email && (await findAccount(db, { channel: "email", email: account.email }))) return true;
  if (account.mobile && account.areaCode && (await findAccount(db, { channel: "sms", areaCode: account.areaCode, mobile: account.mobile })))
    return true;
  if (account.walletAddress) {
    const row = await db.select({ id: users.id }).from(users).where(eq(users.walletAddress, account.walletAddress)).get();
    if (row) return true;
  }
  return false;
}

/**
 * The inviter's user id for an invite code (case-insensitive); INVALID_INVITE_CODE when none, INVITE_CODE_REQUIRED
 * when absent while the operators made it mandatory.
 */
export async function inviterId(db: Db, inviteCode: string | undefined): Promise<number | undefined> {
  if (inviteCode === undefined) {
    if ((await inviteConfig(db)).required) throw badRequest("INVITE_CODE_REQUIRED");
    return undefined;
  }
  const row = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode.trim().toUpperCase())).get();
  if (!row) throw badRequest("INVALID_INVITE_CODE");
  return row.id;
}

/**
 * POST /user/register: checks everything that does not need the code first
 * (existing account, invite code), then uses the code up and creates the user.
 * Registration does not start a session; the client logs in next.
 */
export async function registerAccount(
  db: Db,
  input: { address: Address; code: string; password: string; inviteCode?: string; pepper: string; now?: number },
): Promise<{ id: number; uid: string }> {
  const now = input.now ?? Date.now();
  const { address } = input;
  if (await findAccount(db, address)) throw conflict("ACCOUNT_EXISTS");
  const invitedBy = await inviterId(db, input.inviteCode);
  await verifyCode(db, { target: addressTarget(address), purpose: "register", code: input.code, pepper: input.pepper, consume: true, now });
  const passwordHash = await hashPassword(input.password, input.pepper);
  return createAccount(
    db,
    {
      ...(address.channel === "email" ? { email: address.email } : { areaCode: address.areaCode, mobile: address.mobile }),
      passwordHash,
      nickname: maskedNickname(address),
      invitedBy,
    },
    now,
  );
}
