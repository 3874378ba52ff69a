import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { SupportAgent, SupportQueueItem } from "../../../schema/api/support.ts";
import { auditLog, settings, supportAgents, supportConversations, users } from "../../../schema/db/index.ts";
import { type AuditEntry, auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { badRequest, conflict, forbidden, notFound } from "../errors.ts";
import { type ConversationRow, conversationById } from "./thread.ts";

/**
 * The operators' side of customer service: the support role, the queue, claiming, transferring and closing.
 * Every change of who holds a conversation, and every grant of the role, is audited in the same batch.
 */

/** An audit row written only when the statement before it in the same batch changed a row (the change it records). */
const auditIfChanged = (db: Db, entry: AuditEntry, now: number) =>
  db.insert(auditLog).select(
    sql`SELECT NULL, ${entry.actorId}, ${entry.action}, ${entry.subjectType}, ${String(entry.subjectId)},
      ${JSON.stringify(entry.detail ?? {})}, ${now} WHERE changes() > 0`,
  );

/** Setting key: a conversation whose user has waited longer than this many seconds is highlighted in the queue. */
export const WAIT_ALERT_SETTING = "support_wait_alert_seconds";
export const DEFAULT_WAIT_ALERT_SECONDS = 120;

export async function waitAlertMs(db: Db): Promise<number> {
  const row = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, WAIT_ALERT_SETTING)).get();
  const seconds = row && /^\d{1,6}$/.test(row.value) ? Number(row.value) : DEFAULT_WAIT_ALERT_SECONDS;
  return seconds * 1000;
}

/** Stores the highlight wait with its audit row (old and new value) in one batch. */
export async function setWaitAlert(db: Db, actorId: number, seconds: number, now = Date.now()): Promise<number> {
  const before = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, WAIT_ALERT_SETTING)).get();
  await db.batch([
    db
      .insert(settings)
      .values({ key: WAIT_ALERT_SETTING, value: String(seconds), public: false })
      .onConflictDoUpdate({ target: settings.key, set: { value: String(seconds) } }),
    auditStatement(
      db,
      {
        actorId,
        action: "setting.update",
        subjectType: "setting",
        subjectId: WAIT_ALERT_SETTING,
        detail: { from: before?.value ?? null, to: String(seconds) },
      },
      now,
    ),
  ]);
  return seconds * 1000;
}

export async function isSupportAgent(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .select({ id: users.id })
    .from(supportAgents)
    .innerJoin(users, eq(users.id, supportAgents.userId))
    .where(and(eq(supportAgents.userId, userId), eq(users.role, "operator"), eq(users.status, "active")))
    .get();
  return row !== undefined;
}

const label = (u: { nickname: string | null; email: string | null; uid: string | null }) => u.nickname || u.email || u.uid || "";

export async function listAgents(db: Db): Promise<SupportAgent[]> {
  const rows = await db
    .select({ id: users.id, nickname: users.nickname, email: users.email, uid: users.uid })
    .from(supportAgents)
    .innerJoin(users, eq(users.id, supportAgents.userId))
    .where(and(eq(users.role, "operator"), eq(users.status, "active")))
    .orderBy(asc(users.id));
  return rows.map((r) => ({ user_id: r.id, label: label(r) }));
}

/** Grants or revokes the support role of an operator (only operators can hold it); audited. */
export async function setSupportAgent(db: Db, actorId: number, userId: number, enabled: boolean, now = Date.now()): Promise<void> {
  const target = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).get();
  if (!target) throw notFound();
  if (enabled && target.role !== "operator") throw badRequest("SUPPORT_AGENT_NOT_OPERATOR");
  const change = enabled
    ? db.insert(supportAgents).values({ userId, grantedBy: actorId, grantedAt: now }).onConflictDoNothing()
    : db.delete(supportAgents).where(eq(supportAgents.userId, userId));
  await db.batch([
    change,
    auditStatement(db, { actorId, action: enabled ? "support.grant" : "support.revoke", subjectType: "user", subjectId: userId }, now),
  ]);
}

/** Open conversations, longest waiting first, then the most recent; or closed ones, most recent first. */
export async function queue(db: Db, status: "open" | "closed", limit = 200): Promise<SupportQueueItem[]> {
  const agent = db.$with("agent").as(db.select({ id: users.id, nickname: users.nickname, email: users.email, uid: users.uid }).from(users));
  const rows = await db
    .with(agent)
    .select({
      c: supportConversations,
      uid: users.uid,
      nickname: users.nickname,
      email: users.email,
      agentNickname: agent.nickname,
      agentEmail: agent.email,
      agentUid: agent.uid,
      lastMessage: sql<string | null>`(SELECT CASE WHEN kind = 'image' THEN '[image]' ELSE substr(body, 1, 120) END
        FROM support_messages m WHERE m.conversation_id = ${supportConversations.id} ORDER BY m.id DESC LIMIT 1)`,
      unread: sql<number>`(SELECT count(*) FROM support_messages m WHERE m.conversation_id = ${supportConversations.id}
        AND m.sender = 'user' AND m.id > ${supportConversations.agentReadId})`,
    })
    .from(supportConversations)
    .innerJoin(users, eq(users.id, supportConversations.userId))
    .leftJoin(agent, eq(agent.id, supportConversations.agentId))
    .where(
      and(
        eq(supportConversations.status, status),
        // An open conversation nobody has written in yet is not in the queue.
        sql`EXISTS (SELECT 1 FROM support_messages m WHERE m.conversation_id = ${supportConversations.id})`,
      ),
    )
    .orderBy(
      ...(status === "open"
        ? [
            sql`${supportConversations.waitingSince} IS NULL`,
            asc(supportConversations.waitingSince),
            desc(supportConversations.lastMessageAt),
          ]
        : [desc(supportConversations.lastMessageAt)]),
    )
    .limit(limit);
  return rows.map((r) => ({
    id: r.c.id,
    status: r.c.status,
    user_id: r.c.userId,
    user_uid: r.uid,
    user_label: label({ nickname: r.nickname, email: r.email, uid: r.uid }),
    agent_id: r.c.agentId,
    agent_label: r.c.agentId === null ? null : label({ nickname: r.agentNickname, email: r.agentEmail, uid: r.agentUid }),
    waiting_since: r.c.waitingSince,
    last_message_at: r.c.lastMessageAt,
    last_message: r.lastMessage ?? "",
    unread: r.unread,
  }));
}

async function mustFind(db: Db, id: number): Promise<ConversationRow> {
  const c = await conversationById(db, id);
  if (!c) throw notFound();
  return c;
}

/**
 * Takes an open conversation nobody holds (or already held by the caller). A claim that loses a race, or one on a
 * conversation someone else holds, is 409.
 */
export async function claim(db: Db, agentId: number, id: number, now = Date.now()): Promise<ConversationRow> {
  const c = await mustFind(db, id);
  if (c.status === "closed") throw conflict("SUPPORT_CONVERSATION_CLOSED");
  if (c.agentId === agentId) return c;
  const [updated] = await db.batch([
    db
      .update(supportConversations)
      .set({ agentId })
      .where(and(eq(supportConversations.id, id), eq(supportConversations.status, "open"), isNull(supportConversations.agentId)))
      .returning(),
    auditIfChanged(db, { actorId: agentId, action: "support.claim", subjectType: "support_conversation", subjectId: id }, now),
  ]);
  if (!updated[0]) throw conflict("SUPPORT_ALREADY_CLAIMED");
  return updated[0];
}

/** The conversation, if the agent may write in it: open and held by them (an unheld one is claimed first). */
export async function holdForReply(db: Db, agentId: number, id: number): Promise<ConversationRow> {
  const c = await mustFind(db, id);
  if (c.status === "closed") throw conflict("SUPPORT_CONVERSATION_CLOSED");
  if (c.agentId === null) return claim(db, agentId, id);
  if (c.agentId !== agentId) throw conflict("SUPPORT_ALREADY_CLAIMED");
  return c;
}

/** Hands a conversation the caller holds to another support agent; audited. */
export async function transfer(db: Db, agentId: number, id: number, toAgentId: number, now = Date.now()): Promise<ConversationRow> {
  const c = await mustFind(db, id);
  if (c.status === "closed") throw conflict("SUPPORT_CONVERSATION_CLOSED");
  if (c.agentId !== agentId) throw conflict("SUPPORT_ALREADY_CLAIMED");
  if (toAgentId === agentId || !(await isSupportAgent(db, toAgentId))) throw badRequest("SUPPORT_AGENT_UNKNOWN");
  const [updated] = await db.batch([
    db
      .update(supportConversations)
      .set({ agentId: toAgentId })
      .where(and(eq(supportConversations.id, id), eq(supportConversations.agentId, agentId)))
      .returning(),
    auditIfChanged(
      db,
      { actorId: agentId, action: "support.transfer", subjectType: "support_conversation", subjectId: id, detail: { to: toAgentId } },
      now,
    ),
  ]);
  if (!updated[0]) throw conflict("SUPPORT_ALREADY_CLAIMED");
  return updated[0];
}

/** Closes a conversation (held by the caller, or unheld); the user's next message opens it again. Audited. */
export async function close(db: Db, agentId: number, id: number, now = Date.now()): Promise<ConversationRow> {
  const c = await mustFind(db, id);
  if (c.agentId !== null && c.agentId !== agentId) throw conflict("SUPPORT_ALREADY_CLAIMED");
  if (c.status === "closed") return c;
  const [updated] = await db.batch([
    db
      .update(supportConversations)
      .set({ status: "closed", agentId: null, waitingSince: null })
      .where(and(eq(supportConversations.id, id), eq(supportConversations.status, "open")))
      .returning(),
    auditIfChanged(db, { actorId: agentId, action: "support.close", subjectType: "support_conversation", subjectId: id }, now),
  ]);
  return updated[0] ?? (await mustFind(db, id));
}

/** Whether a user may see a conversation: its owner, or a support agent. */
export async function canOpen(db: Db, userId: number, conversation: ConversationRow): Promise<boolean> {
  return conversation.userId === userId || (await isSupportAgent(db, userId));
}

export const requireAgent = async (db: Db, userId: number) => {
  if (!(await isSupportAgent(db, userId))) throw forbidden("SUPPORT_ROLE_REQUIRED");
};
