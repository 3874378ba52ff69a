import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { SupportConversation, SupportMessage } from "../../../schema/api/support.ts";
import { supportConversations, supportMessages } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { notFound } from "../errors.ts";

/**
 * A user's conversation with customer service and its messages, stored in D1: the console's queue reads across all
 * conversations, and the badge counts across features, so neither could live in one room's own storage.
 */

export type ConversationRow = typeof supportConversations.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;

export const toMessage = (m: MessageRow): SupportMessage => ({
  id: m.id,
  conversation_id: m.conversationId,
  sender: m.sender,
  kind: m.kind,
  body: m.body,
  client_id: m.clientId,
  created_at: m.createdAt,
});

export const toConversation = (c: ConversationRow): SupportConversation => ({
  id: c.id,
  status: c.status,
  claimed: c.agentId !== null,
  user_read_id: c.userReadId,
  agent_read_id: c.agentReadId,
});

/**
 * The user's one conversation, created on first use, in one statement: an upsert whose update changes nothing answers
 * the existing row (a race of two first opens makes one row).
 */
export async function conversationOf(db: Db, userId: number, now = Date.now()): Promise<ConversationRow> {
  return db
    .insert(supportConversations)
    .values({ userId, lastMessageAt: now, createdAt: now })
    .onConflictDoUpdate({ target: supportConversations.userId, set: { userId: sql`${supportConversations.userId}` } })
    .returning()
    .get();
}

/** A conversation by id; null when missing. */
export const conversationById = (db: Db, id: number) => db.select().from(supportConversations).where(eq(supportConversations.id, id)).get();

/** The user's conversation if it exists (no creation); null otherwise. */
export const existingConversationOf = (db: Db, userId: number) =>
  db.select().from(supportConversations).where(eq(supportConversations.userId, userId)).get();

/** A page of history before message id `before` (newest page when absent), returned oldest first. */
export async function history(
  db: Db,
  conversationId: number,
  before: number | undefined,
  limit: number,
): Promise<{ messages: SupportMessage[]; hasMore: boolean }> {
  const where =
    before === undefined
      ? eq(supportMessages.conversationId, conversationId)
      : and(eq(supportMessages.conversationId, conversationId), lt(supportMessages.id, before));
  const rows = await db
    .select()
    .from(supportMessages)
    .where(where)
    .orderBy(desc(supportMessages.id))
    .limit(limit + 1);
  return { messages: rows.slice(0, limit).reverse().map(toMessage), hasMore: rows.length > limit };
}

export type NewMessage = {
  sender: "user" | "agent" | "system";
  senderId: number;
  kind: "text" | "image";
  body: string;
  clientId: string;
};

/**
 * Stores a message once per (conversation, sender, client id) and moves the conversation with it, in one batch:
 * a user message reopens a closed conversation (back to the queue, unclaimed) and starts its wait if none is running;
 * an agent message ends the wait. A resend of a stored client id changes nothing and answers the stored message.
 */
export async function storeMessage(
  db: Db,
  conversationId: number,
  input: NewMessage,
  now = Date.now(),
): Promise<{ message: SupportMessage; duplicate: boolean }> {
  const inserted = sql`EXISTS (SELECT 1 FROM support_messages WHERE conversation_id = ${conversationId}
    AND sender_id = ${input.senderId} AND client_id = ${input.clientId} AND created_at = ${now})`;
  const conversationChange =
    input.sender === "user"
      ? {
          lastMessageAt: now,
          waitingSince: sql`coalesce(${supportConversations.waitingSince}, ${now})`,
          agentId: sql`CASE WHEN ${supportConversations.status} = 'closed' THEN NULL ELSE ${supportConversations.agentId} END`,
          status: "open" as const,
        }
      : input.sender === "agent"
        ? { lastMessageAt: now, waitingSince: null }
        : { lastMessageAt: now };
  const [, , found] = await db.batch([
    db
      .insert(supportMessages)
      .values({
        conversationId,
        sender: input.sender,
        senderId: input.senderId,
        kind: input.kind,
        body: input.body,
        clientId: input.clientId,
        createdAt: now,
      })
      .onConflictDoNothing(),
    db
      .update(supportConversations)
      .set(conversationChange)
      .where(and(eq(supportConversations.id, conversationId), inserted)),
    db
      .select()
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.conversationId, conversationId),
          eq(supportMessages.senderId, input.senderId),
          eq(supportMessages.clientId, input.clientId),
        ),
      ),
  ]);
  const row = found[0];
  if (!row) throw notFound();
  return { message: toMessage(row), duplicate: row.createdAt !== now };
}

/** Messages from the other side the user has not read. */
export async function userUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(
      and(
        eq(supportConversations.userId, userId),
        gt(supportMessages.id, supportConversations.userReadId),
        sql`${supportMessages.sender} <> 'user'`,
      ),
    )
    .get();
  return row?.n ?? 0;
}

/** Moves one side's read mark up to the newest message (never down); answers the new mark. */
export async function markConversationRead(db: Db, conversationId: number, side: "user" | "agent"): Promise<number> {
  const newest = sql`(SELECT coalesce(max(id), 0) FROM support_messages WHERE conversation_id = ${conversationId})`;
  const column = side === "user" ? supportConversations.userReadId : supportConversations.agentReadId;
  const row = await db
    .update(supportConversations)
    .set(side === "user" ? { userReadId: sql`max(${column}, ${newest})` } : { agentReadId: sql`max(${column}, ${newest})` })
    .where(eq(supportConversations.id, conversationId))
    .returning({ upTo: column })
    .get();
  if (!row) throw notFound();
  return row.upTo;
}
