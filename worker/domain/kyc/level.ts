import { and, eq, max } from "drizzle-orm";
import { identityVerifications } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";

export type VerificationLevel = 0 | 1 | 2;

/** The highest identity verification level the user has passed (0 none, 1 basic, 2 advanced). */
export async function verificationLevel(db: Db, userId: number): Promise<VerificationLevel> {
  const row = await db
    .select({ level: max(identityVerifications.level) })
    .from(identityVerifications)
    .where(and(eq(identityVerifications.userId, userId), eq(identityVerifications.status, "hasaudit")))
    .get();
  const level = row?.level ?? 0;
  return level >= 2 ? 2 : level >= 1 ? 1 : 0;
}
