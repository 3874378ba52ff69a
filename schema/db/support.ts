import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Customer-service chat. One conversation per user, kept for good: closing it ends the agent's turn, the user's next
 * message opens it again. Messages are never edited or deleted. Read state is the last message id each side has read.
 */
export const supportConversations = sqliteTable(
  "support_conversations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    /** The support operator who claimed it; null while it waits in the queue. */
    agentId: integer("agent_id"),
    /** When the oldest user message the agents have not answered arrived; null when nothing waits. */
    waitingSince: integer("waiting_since"),
    lastMessageAt: integer("last_message_at").notNull(),
    userReadId: integer("user_read_id").notNull().default(0),
    agentReadId: integer("agent_read_id").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("support_conversations_user").on(t.userId), index("support_conversations_queue").on(t.status, t.waitingSince)],
);

/** A message; `client_id` (the sender's own id for it) makes a resend after a reconnect store nothing twice. */
export const supportMessages = sqliteTable(
  "support_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: integer("conversation_id").notNull(),
    sender: text("sender", { enum: ["user", "agent", "system"] }).notNull(),
    senderId: integer("sender_id").notNull(),
    kind: text("kind", { enum: ["text", "image"] }).notNull(),
    /** The text, or the image's file URL. Always shown as text or an <img> source, never as markup. */
    body: text("body").notNull(),
    clientId: text("client_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("support_messages_client").on(t.conversationId, t.senderId, t.clientId),
    index("support_messages_conversation").on(t.conversationId, t.id),
  ],
);

/** Operators with the support role (a row is the flag); granted and revoked in the console, audited. */
export const supportAgents = sqliteTable("support_agents", {
  userId: integer("user_id").primaryKey(),
  grantedBy: integer("granted_by").notNull(),
  grantedAt: integer("granted_at").notNull(),
});
