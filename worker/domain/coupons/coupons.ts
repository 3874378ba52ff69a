import { and, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { AdminCouponView, CouponIssueInput, CouponTab, CouponView } from "../../../schema/api/invite.ts";
import { couponUses, coupons, currencies, userCoupons, users } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import {
  ACCOUNT_TYPES,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  commit,
  errorText,
  fromUnits,
  post,
} from "../ledger/index.ts";
import { requireCurrency, userAmount } from "../wallet/currencies.ts";
import { TAB_OF, couponStatus } from "./status.ts";

export { TAB_OF, couponStatus } from "./status.ts";

/**
 * Coupons (README, "Design": Coupons). Operators issue a fee discount (whole percent, applied to the holder's spot
 * fills settled from the moment it is taken until it ends) or a bonus (credited from the house account when claimed),
 * to one user or to everyone. Taking a coupon is one row per (coupon, user); a bonus's credit is the journal
 * `coupon:<coupon>:<user>` in the same batch, so concurrent claims pay once.
 */

/** Coupons listed per tab, out of the newest-ending ones read (a tab is decided per row, after reading). */
export const COUPONS_SHOWN = 100;
export const COUPONS_READ = 500;

type CouponRow = typeof coupons.$inferSelect;
type Status = CouponView["status"];

/** POST /admin/coupon/issue: checks the kind's fields, stores the coupon and its audit row in one batch. */
export async function issueCoupon(db: Db, operatorId: number, input: CouponIssueInput, now = Date.now()): Promise<{ id: number }> {
  if (input.valid_to <= input.valid_from || input.valid_to <= now) throw badRequest("COUPON_WINDOW_INVALID");
  let values: Pick<CouponRow, "kind" | "discountPct" | "currencyId" | "bonusUnits">;
  if (input.kind === "discount") {
    if (input.discount_pct === undefined || input.currency !== undefined || input.amount !== undefined)
      throw badRequest("COUPON_FIELDS_INVALID");
    values = { kind: "discount", discountPct: input.discount_pct, currencyId: null, bonusUnits: null };
  } else {
    if (input.discount_pct !== undefined || input.currency === undefined || input.amount === undefined)
      throw badRequest("COUPON_FIELDS_INVALID");
    const currency = await requireCurrency(db, input.currency);
    values = { kind: "bonus", discountPct: null, currencyId: currency.id, bonusUnits: userAmount(currency, input.amount) };
  }
  let userId: number | null = null;
  if (input.uid !== undefined) {
    const user = await db.select({ id: users.id }).from(users).where(eq(users.uid, input.uid)).get();
    if (!user || user.id <= 0) throw notFound("COUPON_USER_NOT_FOUND");
    userId = user.id;
  }
  const [inserted] = await db.batch([
    db
      .insert(coupons)
      .values({ ...values, userId, validFrom: input.valid_from, validTo: input.valid_to, createdBy: operatorId, createdAt: now })
      .returning({ id: coupons.id }),
    auditStatement(
      db,
      {
        actorId: operatorId,
        action: "coupon.issue",
        subjectType: "coupon",
        subjectId: "new",
        detail: { ...input, user_id: userId },
      },
      now,
    ),
  ]);
  return { id: inserted[0]!.id };
}

const forUser = (userId: number) => or(eq(coupons.userId, userId), isNull(coupons.userId));

/** GET /coupon/list: the coupons addressed to the user (or to everyone) that have started, in one tab. */
export async function listCoupons(db: Db, userId: number, tab: CouponTab, now = Date.now()): Promise<CouponView[]> {
  const rows = await db
    .select({
      c: coupons,
      currency: currencies.name,
      precision: currencies.precision,
      takenAt: userCoupons.takenAt,
      userCouponId: userCoupons.id,
    })
    .from(coupons)
    .leftJoin(currencies, eq(currencies.id, coupons.currencyId))
    .leftJoin(userCoupons, and(eq(userCoupons.couponId, coupons.id), eq(userCoupons.userId, userId)))
    .where(and(forUser(userId), lte(coupons.validFrom, now)))
    .orderBy(desc(coupons.validTo), desc(coupons.id))
    .limit(COUPONS_READ)
    .all();
  const shown = rows
    .map((r) => ({ ...r, status: couponStatus(r.c.kind, r.c.validTo, r.takenAt, now) }))
    .filter((r) => TAB_OF[r.status] === tab)
    .slice(0, COUPONS_SHOWN);
  const taken = shown.filter((r) => r.c.kind === "discount" && r.userCouponId !== null).map((r) => r.userCouponId!);
  const saved = taken.length
    ? await db
        .select({
          userCouponId: couponUses.userCouponId,
          currency: currencies.name,
          precision: currencies.precision,
          units: sql<number>`sum(${couponUses.savedUnits})`,
        })
        .from(couponUses)
        .innerJoin(currencies, eq(currencies.id, couponUses.currencyId))
        .where(inArray(couponUses.userCouponId, taken))
        .groupBy(couponUses.userCouponId, currencies.id)
        .all()
    : [];
  return shown.map((r) => ({
    id: r.c.id,
    kind: r.c.kind,
    discount_pct: r.c.discountPct,
    currency: r.currency,
    amount: r.c.bonusUnits !== null && r.precision !== null ? fromUnits(r.c.bonusUnits, r.precision) : null,
    valid_from: r.c.validFrom,
    valid_to: r.c.validTo,
    status: r.status,
    taken_at: r.takenAt,
    saved: saved
      .filter((s) => s.userCouponId === r.userCouponId)
      .map((s) => ({ currency: s.currency, amount: fromUnits(Number(s.units), s.precision) })),
  }));
}

/**
 * POST /coupon/claim: takes a coupon once. A bonus is credited from the house account to the exchange account in the
 * same batch as the taken row (journal `coupon:<coupon>:<user>`); a discount starts applying to the user's spot fills.
 */
export async function claimCoupon(
  db: Db,
  userId: number,
  couponId: number,
  record: (answer: { status: Status }) => Statement[] = () => [],
  now = Date.now(),
): Promise<{ status: Status }> {
  const c = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, couponId), forUser(userId)))
    .get();
  if (!c) throw notFound();
  if (now < c.validFrom) throw notFound();
  if (now >= c.validTo) throw conflict("COUPON_EXPIRED");
  const taken = db.insert(userCoupons).values({ couponId, userId, takenAt: now });
  if (c.kind === "discount") {
    const answer = { status: "active" as const };
    try {
      await commit(db, [taken, ...record(answer)]);
    } catch (err) {
      if (errorText(err).includes("user_coupons")) throw conflict("COUPON_ALREADY_CLAIMED");
      throw err;
    }
    return answer;
  }
  const answer = { status: "claimed" as const };
  const units = c.bonusUnits!;
  const currencyId = c.currencyId!;
  const result = await post(
    db,
    {
      kind: "coupon_bonus",
      refKey: `coupon:${couponId}:${userId}`,
      userId,
      memo: { coupon: couponId },
      lines: [
        { userId: SYSTEM_ACCOUNTS.house, currencyId, accountType: SYSTEM_ACCOUNT_TYPE, bucket: "available", amount: -units },
        { userId, currencyId, accountType: ACCOUNT_TYPES.change, bucket: "available", amount: units },
      ],
    },
    [taken],
    { now, prefix: record(answer) },
  );
  if (result.status === "duplicate") throw conflict("COUPON_ALREADY_CLAIMED");
  return answer;
}

/** GET /admin/coupon/list: issued coupons, newest first, with how many users took each. */
export async function adminCoupons(db: Db, page: number, limit: number): Promise<{ list: AdminCouponView[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select({
        c: coupons,
        currency: currencies.name,
        precision: currencies.precision,
        uid: users.uid,
        taken: sql<number>`(SELECT count(*) FROM user_coupons uc WHERE uc.coupon_id = ${coupons.id})`,
      })
      .from(coupons)
      .leftJoin(currencies, eq(currencies.id, coupons.currencyId))
      .leftJoin(users, eq(users.id, coupons.userId))
      .orderBy(desc(coupons.id))
      .limit(limit)
      .offset((page - 1) * limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(coupons)
      .get(),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.c.id,
      kind: r.c.kind,
      discount_pct: r.c.discountPct,
      currency: r.currency,
      amount: r.c.bonusUnits !== null && r.precision !== null ? fromUnits(r.c.bonusUnits, r.precision) : null,
      valid_from: r.c.validFrom,
      valid_to: r.c.validTo,
      uid: r.uid,
      taken: Number(r.taken),
      created_at: r.c.createdAt,
    })),
    total: Number(total?.n ?? 0),
  };
}
