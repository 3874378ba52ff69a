import { and, count, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { NotificationItem, Paginated } from "../../../schema/api/messages.ts";
import type { Lang } from "../../../schema/api/lang.ts";
import { notificationReads, notificationTexts, notifications } from "../../../schema/db/index.ts";
import { notFound } from "../errors.ts";
import type { Db } from "../db.ts";
import { userUnread } from "../support/thread.ts";

/**
 * Message centre: notifications to one user, or to everyone (user_id null).
 * A row in notification_reads marks one as read for one user.
 */

const visibleTo = (userId: number) => or(eq(notifications.userId, userId), isNull(notifications.userId));

const readBy = (userId: number) => and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId));

/** The badge: unread notifications and unread customer-service replies. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [notes, support] = await Promise.all([unreadNotifications(db, userId), userUnread(db, userId)]);
  return notes + support;
}

async function unreadNotifications(db: Db, userId: number): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(notifications)
    .leftJoin(notificationReads, readBy(userId))
    .where(and(visibleTo(userId), isNull(notificationReads.userId)))
    .get();
  return row?.n ?? 0;
}

/** Personal messages (to this user) or announcements (to everyone). */
export type NotificationKind = "personal" | "announcement";

const ofKind = (userId: number, kind?: NotificationKind) =>
  kind === "personal" ? eq(notifications.userId, userId) : kind === "announcement" ? isNull(notifications.userId) : visibleTo(userId);

const inLang = (lang: Lang) => and(eq(notificationTexts.notificationId, notifications.id), eq(notificationTexts.lang, lang));

/** The columns of a listed notification, its text in the reader's language where a translation exists. */
const itemColumns = {
  id: notifications.id,
  userId: notifications.userId,
  title: sql<string>`coalesce(${notificationTexts.title}, ${notifications.title})`,
  content: sql<string>`coalesce(${notificationTexts.content}, ${notifications.content})`,
  createdAt: notifications.createdAt,
  readAt: notificationReads.readAt,
};

type ItemRow = { id: number; userId: number | null; title: string; content: string; createdAt: number; readAt: number | null };

const toItem = (r: ItemRow): NotificationItem => ({
  id: r.id,
  title: r.title,
  content: r.content,
  broadcast: r.userId === null,
  is_read: r.readAt !== null,
  created_at: r.createdAt,
});

export async function listNotifications(
  db: Db,
  userId: number,
  page: number,
  limit: number,
  options: { kind?: NotificationKind; lang?: Lang } = {},
): Promise<Paginated<NotificationItem>> {
  const where = ofKind(userId, options.kind);
  const [totalRows, rows] = await db.batch([
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select(itemColumns)
      .from(notifications)
      .leftJoin(notificationReads, readBy(userId))
      .leftJoin(notificationTexts, inLang(options.lang ?? "en"))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const total = totalRows[0]?.n ?? 0;
  return { data: rows.map(toItem), page, pages: Math.ceil(total / limit), total };
}

/** One notification the user can see, in their language where translated; another user's (or a missing) one is 404. */
export async function notificationDetail(db: Db, userId: number, notificationId: number, lang: Lang): Promise<NotificationItem> {
  const row = await db
    .select(itemColumns)
    .from(notifications)
    .leftJoin(notificationReads, readBy(userId))
    .leftJoin(notificationTexts, inLang(lang))
    .where(and(eq(notifications.id, notificationId), visibleTo(userId)))
    .get();
  if (!row) throw notFound();
  return toItem(row);
}

/** Unread counts by kind, for the message centre's two rows. */
export async function unreadByKind(db: Db, userId: number): Promise<Record<NotificationKind, number>> {
  const rows = await db
    .select({ personal: sql<number>`${notifications.userId} IS NOT NULL`, n: count() })
    .from(notifications)
    .leftJoin(notificationReads, readBy(userId))
    .where(and(visibleTo(userId), isNull(notificationReads.userId)))
    .groupBy(sql`${notifications.userId} IS NOT NULL`);
  const out = { personal: 0, announcement: 0 };
  for (const r of rows) out[r.personal ? "personal" : "announcement"] = r.n;
  return out;
}

/** Marks one notification read; another user's (or a missing) notification is 404. Repeating is harmless. */
export async function markRead(db: Db, userId: number, notificationId: number, now = Date.now()): Promise<void> {
  const found = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), visibleTo(userId)))
    .get();
  if (!found) throw notFound();
  await db.insert(notificationReads).values({ notificationId, userId, readAt: now }).onConflictDoNothing();
}

/** Marks every notification the user can see (or those of one kind) as read, in one statement. */
export async function markAllRead(db: Db, userId: number, now = Date.now(), kind?: NotificationKind): Promise<void> {
  await db
    .insert(notificationReads)
    .select(
      db
        .select({
          notificationId: notifications.id,
          userId: sql<number>`${userId}`.as("user_id"),
          readAt: sql<number>`${now}`.as("read_at"),
        })
        .from(notifications)
        .where(ofKind(userId, kind)),
    )
    .onConflictDoNothing();
}

export type NewNotification = { userId: number | null; title: string; content: string };

/** Stores a notification; returns its id. Call pushUnread afterwards so open sockets learn the new count. */
export async function createNotification(db: Db, input: NewNotification, now = Date.now()): Promise<number> {
  const row = await db
    .insert(notifications)
    .values({ userId: input.userId, title: input.title, content: input.content, createdAt: now })
    .returning({ id: notifications.id })
    .get();
  return row.id;
}
