import { count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AdminUserDetail, AdminUserSummary, AuditItem } from "../../../schema/api/admin-users.ts";
import type { Paged } from "../../../schema/api/kyc.ts";
import {
  auditLog,
  balances,
  bankCards,
  currencies,
  identityVerifications,
  journals,
  ledgerEntries,
  users,
} from "../../../schema/db/index.ts";
import { notFound } from "../errors.ts";
import type { Db } from "../db.ts";
import { auditStatement } from "../audit/audit.ts";
import { cardView } from "../bank/cards.ts";
import { fromUnits } from "../ledger/amounts.ts";
import { ACCOUNT_NAMES } from "../ledger/accounts.ts";
import { addressItem, addressQuery } from "../wallet-addresses/addresses.ts";

/**
 * Operator user look-up. Profiles are selected column by column, so no password
 * or pay-password hash can leave. Reading a user's detail is itself audited, in
 * the same batch as the reads.
 */

/** Recent ledger rows shown in the user detail. */
export const DETAIL_LEDGER_ROWS = 50;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

// Column names are written out qualified: drizzle renders columns unqualified inside a
// subquery, and a bare "id" there would mean identity_verifications.id, not users.id.
const kycLevel = sql<number>`coalesce((select max(iv.level) from identity_verifications iv
  where iv.user_id = "users"."id" and iv.status = 'hasaudit'), 0)`.as("kyc_level");

/** The profile columns of the search list, also the start of the detail (never a hash). */
const summaryColumns = {
  id: users.id,
  uid: users.uid,
  email: users.email,
  area_code: users.areaCode,
  mobile: users.mobile,
  nickname: users.nickname,
  role: users.role,
  status: users.status,
  vip_level: users.vipLevel,
  created_at: users.createdAt,
};

export async function searchUsers(db: Db, q: string, page: number, limit: number): Promise<Paged<AdminUserSummary>> {
  let where: SQL | undefined;
  if (q !== "") {
    const prefix = `${escapeLike(q.toLowerCase())}%`;
    where = or(
      eq(users.uid, q),
      sql`lower(${users.email}) like ${prefix} escape '\\'`,
      sql`${users.mobile} like ${prefix} escape '\\'`,
      /^\d{1,15}$/.test(q) ? eq(users.id, Number(q)) : undefined,
    );
  }
  const [totals, rows] = await db.batch([
    db.select({ n: count() }).from(users).where(where),
    db
      .select({ ...summaryColumns, kyc_level: kycLevel })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const total = totals[0]?.n ?? 0;
  return { data: rows, page, pages: Math.ceil(total / limit), total };
}

/** Everything an operator needs about one user; writes a "view_user" audit row with the reads. */
export async function userDetail(db: Db, actorId: number, userId: number, now = Date.now()): Promise<AdminUserDetail> {
  const user = await db
    .select({
      ...summaryColumns,
      wallet_address: users.walletAddress,
      signature: users.signature,
      avatar: users.avatar,
      credit_score: users.creditScore,
      invite_code: users.inviteCode,
      invited_by: users.invitedBy,
      has_pay_password: sql<number>`coalesce(${users.payPasswordHash}, '') != ''`,
      market_maker: users.marketMaker,
      pro_trader: users.proTrader,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) throw notFound();

  const iv = identityVerifications;
  const [, submissions, cards, addresses, balanceRows, ledgerRows] = await db.batch([
    auditStatement(db, { actorId, action: "view_user", subjectType: "user", subjectId: userId }, now),
    db.select().from(iv).where(eq(iv.userId, userId)).orderBy(desc(iv.id)),
    db.select().from(bankCards).where(eq(bankCards.userId, userId)).orderBy(bankCards.kind),
    addressQuery(db, userId),
    db
      .select({
        currencyId: balances.currencyId,
        currencyName: currencies.name,
        precision: currencies.precision,
        accountType: balances.accountType,
        available: balances.available,
        locked: balances.locked,
      })
      .from(balances)
      .innerJoin(currencies, eq(currencies.id, balances.currencyId))
      .where(eq(balances.userId, userId))
      .orderBy(balances.currencyId, balances.accountType),
    db
      .select({
        id: ledgerEntries.id,
        journalId: ledgerEntries.journalId,
        kind: journals.kind,
        refKey: journals.refKey,
        memo: journals.memo,
        currencyId: ledgerEntries.currencyId,
        currencyName: currencies.name,
        precision: currencies.precision,
        accountType: ledgerEntries.accountType,
        bucket: ledgerEntries.bucket,
        amount: ledgerEntries.amount,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
      .innerJoin(currencies, eq(currencies.id, ledgerEntries.currencyId))
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.id))
      .limit(DETAIL_LEDGER_ROWS),
  ]);

  const passed = submissions.filter((s) => s.status === "hasaudit").map((s) => s.level);
  const account = (type: number) => ACCOUNT_NAMES[type - 1] ?? String(type);
  return {
    user: { ...user, has_pay_password: Boolean(user.has_pay_password) },
    verification: {
      level: passed.length ? Math.min(2, Math.max(...passed)) : 0,
      submissions: submissions.map((s) => ({
        id: s.id,
        level: s.level,
        status: s.status,
        id_type: s.idType,
        name: s.name,
        card_id: s.cardId,
        front_pic: s.frontPic,
        reverse_pic: s.reversePic,
        reason: s.reason,
        created_at: s.createdAt,
        reviewed_at: s.reviewedAt,
        reviewed_by: s.reviewedBy,
      })),
    },
    bank_cards: cards.map((card) => ({ id: card.id, kind: card.kind, ...cardView(card, { mask: false }) })),
    addresses: addresses.map(addressItem),
    balances: balanceRows.map((b) => ({
      currency_id: b.currencyId,
      currency_name: b.currencyName,
      account_type: b.accountType,
      account: account(b.accountType),
      available: fromUnits(b.available, b.precision),
      locked: fromUnits(b.locked, b.precision),
    })),
    ledger: ledgerRows.map((e) => ({
      id: e.id,
      journal_id: e.journalId,
      kind: e.kind,
      ref_key: e.refKey,
      memo: parseJson(e.memo),
      currency_id: e.currencyId,
      currency_name: e.currencyName,
      account_type: e.accountType,
      account: account(e.accountType),
      bucket: e.bucket,
      amount: fromUnits(e.amount, e.precision),
      created_at: e.createdAt,
    })),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The audit log, newest first, with the acting operator's uid. */
export async function auditPage(db: Db, page: number, limit: number): Promise<Paged<AuditItem>> {
  const [totals, rows] = await db.batch([
    db.select({ n: count() }).from(auditLog),
    db
      .select({
        id: auditLog.id,
        actor_id: auditLog.actorId,
        actor_uid: users.uid,
        actor_name: users.nickname,
        action: auditLog.action,
        subject_type: auditLog.subjectType,
        subject_id: auditLog.subjectId,
        detail: auditLog.detail,
        created_at: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const total = totals[0]?.n ?? 0;
  const items = rows.map((r) => ({ ...r, detail: parseJson(r.detail) }));
  // The users an entry names by id (its subject, a request's owner, a first approver), read once for the page.
  const ids = new Set<number>();
  for (const r of items) {
    const d = isRecord(r.detail) ? r.detail : {};
    for (const id of [r.subject_type === "user" ? Number(r.subject_id) : NaN, Number(d.user_id), Number(d.first_approved_by)]) {
      if (Number.isSafeInteger(id)) ids.add(id);
    }
  }
  const named = ids.size
    ? await db
        .select({ id: users.id, uid: users.uid, nickname: users.nickname })
        .from(users)
        .where(inArray(users.id, [...ids]))
    : [];
  const byId = new Map(named.map((u) => [u.id, u]));
  const data = items.map((r): AuditItem => {
    const { user_id: owner, first_approved_by: first, ...rest } = isRecord(r.detail) ? r.detail : {};
    const subject = r.subject_type === "user" ? Number(r.subject_id) : Number(owner);
    const detail = isRecord(r.detail)
      ? { ...rest, ...(first === undefined ? {} : { first_approved_by: byId.get(Number(first))?.nickname ?? null }) }
      : r.detail;
    return { ...r, user_uid: byId.get(subject)?.uid ?? null, detail };
  });
  return { data, page, pages: Math.ceil(total / limit), total };
}
