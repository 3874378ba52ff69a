import { eq, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { UserInfo } from "../../../schema/api/profile.ts";
import { identityVerifications, users } from "../../../schema/db/index.ts";
import { badRequest, notFound } from "../errors.ts";
import type { Db } from "../db.ts";
import { fileUrl, findOwnUpload, keyFromFileUrl } from "../files/uploads.ts";
import { deriveRealState } from "./real-state.ts";

/** Whether a hash column holds a hash, computed in SQL so the hash itself is never read. */
const isSet = (column: SQLiteColumn) => sql<number>`coalesce(${column}, '') != ''`;

/** The caller's own profile; selected column by column so no hash can ever leak. */
export async function userInfo(db: Db, userId: number): Promise<UserInfo> {
  const [user, verifications] = await db.batch([
    db
      .select({
        id: users.id,
        uid: users.uid,
        email: users.email,
        mobile: users.mobile,
        areaCode: users.areaCode,
        walletAddress: users.walletAddress,
        nickname: users.nickname,
        signature: users.signature,
        avatar: users.avatar,
        creditScore: users.creditScore,
        vipLevel: users.vipLevel,
        inviteCode: users.inviteCode,
        hasPassword: isSet(users.passwordHash),
        hasPayPassword: isSet(users.payPasswordHash),
        role: users.role,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ id: identityVerifications.id, level: identityVerifications.level, status: identityVerifications.status })
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, userId)),
  ]);
  const row = user[0];
  if (!row) throw notFound();
  return {
    id: row.id,
    uid: row.uid,
    email: row.email,
    mobile: row.mobile,
    area_code: row.areaCode,
    account_number: row.email ?? row.mobile ?? "",
    nickname: row.nickname,
    signature: row.signature,
    head_portrait: row.avatar,
    score: row.creditScore,
    level: row.vipLevel,
    extension_code: row.inviteCode,
    wallet_address: row.walletAddress,
    has_password: Boolean(row.hasPassword),
    has_pay_password: Boolean(row.hasPayPassword),
    role: row.role,
    real_state: deriveRealState(verifications),
    created_at: row.createdAt,
  };
}

export const setNickname = (db: Db, userId: number, nickname: string) => db.update(users).set({ nickname }).where(eq(users.id, userId));

export const setSignature = (db: Db, userId: number, signature: string) => db.update(users).set({ signature }).where(eq(users.id, userId));

/**
 * Sets the avatar to a file this user uploaded through /upload, as a public
 * image. Any other URL (someone else's file, a private file, an outside
 * address) is refused the same way, so nothing is learnt about other files.
 */
export async function setAvatar(db: Db, userId: number, url: string): Promise<string> {
  const key = keyFromFileUrl(url);
  const upload = key ? await findOwnUpload(db, userId, key) : undefined;
  if (!upload || upload.private) throw badRequest("AVATAR_NOT_UPLOADED");
  const avatar = fileUrl(upload.key);
  await db.update(users).set({ avatar }).where(eq(users.id, userId));
  return avatar;
}
