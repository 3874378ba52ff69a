import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { KycQueueItem, Paged } from "../../../schema/api/kyc.ts";
import { isLang } from "../../../schema/api/lang.ts";
import { identityVerifications, notifications, users } from "../../../schema/db/index.ts";
import { conflict, forbidden, notFound } from "../errors.ts";
import type { Db } from "../db.ts";
import { translate } from "../i18n/translate.ts";
import { auditStatement } from "../audit/audit.ts";
import { constraintFailure } from "./errors.ts";

/**
 * Operator side of identity verification: the review queue and the two
 * decisions. A decision is one db.batch: the status change, the audit row and
 * the user's notification, all or nothing.
 */

export async function kycQueue(
  db: Db,
  status: "auditing" | "hasaudit" | "failed",
  page: number,
  limit: number,
): Promise<Paged<KycQueueItem>> {
  const iv = identityVerifications;
  const [totals, rows] = await db.batch([
    db.select({ n: count() }).from(iv).where(eq(iv.status, status)),
    db
      .select({
        id: iv.id,
        user_id: iv.userId,
        uid: users.uid,
        email: users.email,
        mobile: users.mobile,
        level: iv.level,
        status: iv.status,
        id_type: iv.idType,
        name: iv.name,
        card_id: iv.cardId,
        front_pic: iv.frontPic,
        reverse_pic: iv.reversePic,
        reason: iv.reason,
        created_at: iv.createdAt,
        reviewed_at: iv.reviewedAt,
        reviewed_by: iv.reviewedBy,
      })
      .from(iv)
      .innerJoin(users, eq(users.id, iv.userId))
      .where(eq(iv.status, status))
      // The pending queue is first come, first served; decided ones newest first.
      .orderBy(...(status === "auditing" ? [asc(iv.createdAt), asc(iv.id)] : [desc(iv.reviewedAt), desc(iv.id)]))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const total = totals[0]?.n ?? 0;
  return { data: rows, page, pages: Math.ceil(total / limit), total };
}

export type KycDecision = { approve: true } | { approve: false; reason: string };

/**
 * Approves or rejects a submission under review (never the operator's own). The status update sets NULL
 * (refused by NOT NULL) unless the row is still "auditing" at write time, so a
 * second decision on the same row, even a concurrent one, fails the whole batch
 * and writes no audit row and no notification.
 */
export async function decideKyc(db: Db, actorId: number, id: number, decision: KycDecision, now = Date.now()): Promise<void> {
  const iv = identityVerifications;
  const row = await db.select().from(iv).where(eq(iv.id, id)).get();
  if (!row) throw notFound();
  // Separation of duties: nobody decides their own verification.
  if (row.userId === actorId) throw forbidden();
  if (row.status !== "auditing") throw conflict("KYC_NOT_PENDING");
  const next = decision.approve ? "hasaudit" : "failed";
  const reason = decision.approve ? "" : decision.reason;
  const lang = isLang(row.lang) ? row.lang : "en";
  const params = { level: row.level, reason };
  try {
    await db.batch([
      db
        .update(iv)
        .set({
          status: sql<"hasaudit" | "failed">`CASE WHEN ${iv.status} = 'auditing' THEN ${next} ELSE NULL END`,
          reason,
          reviewedAt: now,
          reviewedBy: actorId,
        })
        .where(eq(iv.id, id)),
      auditStatement(
        db,
        {
          actorId,
          action: decision.approve ? "kyc_approve" : "kyc_reject",
          subjectType: "identity_verification",
          subjectId: id,
          detail: { user_id: row.userId, level: row.level, ...(decision.approve ? {} : { reason }) },
        },
        now,
      ),
      db.insert(notifications).values({
        userId: row.userId,
        title: translate(decision.approve ? "KYC_APPROVED_TITLE" : "KYC_REJECTED_TITLE", lang, params),
        content: translate(decision.approve ? "KYC_APPROVED_CONTENT" : "KYC_REJECTED_CONTENT", lang, params),
        createdAt: now,
      }),
    ]);
  } catch (err) {
    if (constraintFailure(err, "NOT NULL")?.includes("status")) throw conflict("KYC_NOT_PENDING");
    throw err;
  }
}
