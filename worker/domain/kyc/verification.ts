import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Lang } from "../../../schema/api/lang.ts";
import type { IdType, KycStatus, RealStateAnswer } from "../../../schema/api/kyc.ts";
import { identityVerifications, uploads, users } from "../../../schema/db/index.ts";
import { badRequest, conflict } from "../errors.ts";
import type { Db } from "../db.ts";
import { fileUrl, keyFromFileUrl } from "../files/uploads.ts";
import { constraintFailure } from "./errors.ts";
import { maskIdNumber } from "./mask.ts";

/**
 * A user's identity verification: Lv1 (basic: ID type, name, ID number) then
 * Lv2 (advanced: front and back photos). Each submission is a row that an
 * operator moves from "auditing" to "hasaudit" or "failed". Rules:
 * email and phone bound first; one submission under review at a time; a level
 * passes once; Lv2 only after Lv1 passed; an ID number belongs to one person
 * (unique among passed and pending rows); a failed level may be submitted again.
 * The partial unique indexes on identity_verifications enforce the last three
 * rules under concurrent requests too; the checks here give the friendly answer.
 */

type Row = typeof identityVerifications.$inferSelect;

const REAL_STATUS: Record<KycStatus, RealStateAnswer["real_status"]> = { noaudit: 0, auditing: 1, hasaudit: 2, failed: 3 };

const latestOfLevel = (rows: readonly Row[], level: number) => rows.filter((r) => r.level === level).at(-1);

/** GET /real/state: the highest level passed, the latest submission's state, and each level's latest submission. */
export async function realState(db: Db, userId: number): Promise<RealStateAnswer> {
  const rows = await loadRows(db, userId);
  const lv1 = latestOfLevel(rows, 1);
  const lv2 = latestOfLevel(rows, 2);
  const latest = rows.at(-1);
  const status: KycStatus = latest ? latest.status : "noaudit";
  const passed = (level: number) => rows.some((r) => r.level === level && r.status === "hasaudit");
  const level = passed(2) ? 2 : passed(1) ? 1 : 0;
  return {
    real_status: REAL_STATUS[status],
    level,
    status,
    lv1: {
      status: lv1 ? lv1.status : "noaudit",
      name: lv1?.name ?? "",
      id_type: lv1 ? ((lv1.idType ?? 0) as IdType) : null,
      card_id: lv1?.cardId ? maskIdNumber(lv1.cardId) : "",
      reason: lv1?.status === "failed" ? lv1.reason : "",
    },
    lv2: {
      status: lv2 ? lv2.status : "noaudit",
      front_pic: lv2?.frontPic ?? "",
      reverse_pic: lv2?.reversePic ?? "",
      reason: lv2?.status === "failed" ? lv2.reason : "",
    },
  };
}

const loadRows = (db: Db, userId: number) =>
  db.select().from(identityVerifications).where(eq(identityVerifications.userId, userId)).orderBy(asc(identityVerifications.id)).all();

/** The checks every submission passes first; returns the user's rows. */
async function checkCanSubmit(db: Db, userId: number, level: 1 | 2): Promise<Row[]> {
  const [userRows, rows] = await db.batch([
    db.select({ email: users.email, mobile: users.mobile }).from(users).where(eq(users.id, userId)),
    db.select().from(identityVerifications).where(eq(identityVerifications.userId, userId)).orderBy(asc(identityVerifications.id)),
  ]);
  const user = userRows[0];
  if (!user?.email || !user.mobile) throw badRequest("BIND_EMAIL_AND_PHONE_FIRST");
  if (rows.some((r) => r.status === "auditing")) throw conflict("KYC_UNDER_REVIEW");
  if (rows.some((r) => r.level === level && r.status === "hasaudit")) throw conflict("KYC_ALREADY_VERIFIED");
  if (level === 2 && !rows.some((r) => r.level === 1 && r.status === "hasaudit")) throw badRequest("KYC_LV1_REQUIRED");
  return rows;
}

/** Inserts a submission; a lost race against a concurrent one becomes the same answer as the checks give. */
async function insertSubmission(db: Db, values: typeof identityVerifications.$inferInsert): Promise<number> {
  try {
    const row = await db.insert(identityVerifications).values(values).returning({ id: identityVerifications.id }).get();
    return row.id;
  } catch (err) {
    const columns = constraintFailure(err, "UNIQUE");
    if (columns?.includes("card_id")) throw conflict("ID_NUMBER_IN_USE");
    if (columns?.includes("user_id")) throw conflict("KYC_UNDER_REVIEW");
    throw err;
  }
}

export type Lv1Input = { id_type: IdType; name: string; card_id: string };

/** POST /user/real, real_type 1. */
export async function submitLv1(db: Db, userId: number, input: Lv1Input, lang: Lang, now = Date.now()): Promise<number> {
  await checkCanSubmit(db, userId, 1);
  const taken = await db
    .select({ id: identityVerifications.id })
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.cardId, input.card_id),
        inArray(identityVerifications.status, ["auditing", "hasaudit"]),
        ne(identityVerifications.userId, userId),
      ),
    )
    .get();
  if (taken) throw conflict("ID_NUMBER_IN_USE");
  return insertSubmission(db, {
    userId,
    level: 1,
    status: "auditing",
    idType: input.id_type,
    name: input.name,
    cardId: input.card_id,
    lang,
    createdAt: now,
  });
}

export type Lv2Input = { front_pic: string; reverse_pic: string };

/**
 * POST /user/real, real_type 2. Both photos must be private uploads of the caller;
 * any other URL (someone else's file, a public file, an outside address) is refused
 * the same way, so nothing is learnt about other people's files.
 */
export async function submitLv2(db: Db, userId: number, input: Lv2Input, lang: Lang, now = Date.now()): Promise<number> {
  await checkCanSubmit(db, userId, 2);
  const front = keyFromFileUrl(input.front_pic);
  const reverse = keyFromFileUrl(input.reverse_pic);
  if (!front || !reverse) throw badRequest("KYC_PHOTO_INVALID");
  if (front === reverse) throw badRequest("KYC_PHOTOS_SAME");
  const owned = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(inArray(uploads.key, [front, reverse]), eq(uploads.ownerId, userId), eq(uploads.private, true)))
    .all();
  if (owned.length !== 2) throw badRequest("KYC_PHOTO_INVALID");
  return insertSubmission(db, {
    userId,
    level: 2,
    status: "auditing",
    frontPic: fileUrl(front),
    reversePic: fileUrl(reverse),
    lang,
    createdAt: now,
  });
}
