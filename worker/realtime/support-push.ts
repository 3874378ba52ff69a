import type { SupportDesk } from "../../durable/support/support-desk.ts";
import type { SupportRoom } from "../../durable/support/support-room.ts";
import { SUPPORT_DESK, type SupportDeskOutbound, type SupportMessage, type SupportRoomOutbound } from "../../schema/api/support.ts";
import type { Db } from "../domain/db.ts";
import type { Env } from "../domain/env.ts";
import { notFound } from "../domain/errors.ts";
import { type ConversationRow, conversationById, markConversationRead } from "../domain/support/thread.ts";
import { pushUnread } from "./push.ts";
import { log } from "../domain/log.ts";

/**
 * Live delivery of customer-service changes, after they are stored in D1: the conversation's room, the agents' desk and
 * the user's badge. Never throws: a push that fails only delays what the next open or reconnect reads from D1.
 */

const room = (env: Env, conversationId: number) =>
  (env.SupportRoom as DurableObjectNamespace<SupportRoom>).getByName(String(conversationId));
const desk = (env: Env) => (env.SupportDesk as DurableObjectNamespace<SupportDesk>).getByName(SUPPORT_DESK);

async function quietly(event: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    log("warn", { event, error: String(err) });
  }
}

/** Support agents with the console open (0 when the desk cannot be asked). */
export async function agentsOnline(env: Env): Promise<number> {
  try {
    return await desk(env).online();
  } catch {
    return 0;
  }
}

const roomFrame = (f: SupportRoomOutbound) => JSON.stringify(f);
const deskFrame = (f: SupportDeskOutbound) => JSON.stringify(f);
const statusFrame = (c: ConversationRow) => roomFrame({ type: "status", status: c.status, claimed: c.agentId !== null });

/**
 * A new message: to the conversation's sockets and the desk; a reply also moves the user's badge. `conversation` is the
 * row as it was before the message was stored; the message's own effect on it is known (any message leaves it open; a
 * user's message to a closed one leaves it unclaimed), so nothing is read again before the frames go out.
 */
export async function publishMessage(env: Env, db: Db, conversation: ConversationRow, message: SupportMessage): Promise<void> {
  const claimed = message.sender === "agent" || (conversation.status === "open" && conversation.agentId !== null);
  const status = roomFrame({ type: "status", status: "open", claimed });
  await Promise.all([
    quietly("support_desk_push_failed", () =>
      desk(env).publish([deskFrame({ type: "message", message }), deskFrame({ type: "queue", conversation_id: conversation.id })]),
    ),
    quietly("support_room_push_failed", () => room(env, conversation.id).publish([roomFrame({ type: "message", message }), status])),
    message.sender === "user" ? Promise.resolve() : pushUnread(env, db, conversation.userId),
  ]);
}

/** A conversation was claimed, transferred or closed: its status to its sockets, a queue change to the desk. */
export async function publishStatus(env: Env, conversation: ConversationRow): Promise<void> {
  await Promise.all([
    quietly("support_room_push_failed", () => room(env, conversation.id).publish([statusFrame(conversation)])),
    quietly("support_desk_push_failed", () => desk(env).publish([deskFrame({ type: "queue", conversation_id: conversation.id })])),
  ]);
}

/** One side read up to a message: the other side sees it (read receipts). */
export async function publishRead(env: Env, conversationId: number, by: "user" | "agent", upTo: number): Promise<void> {
  await quietly("support_room_push_failed", () => room(env, conversationId).publish([roomFrame({ type: "read", by, up_to: upTo })]));
  if (by === "agent")
    await quietly("support_desk_push_failed", () => desk(env).publish([deskFrame({ type: "queue", conversation_id: conversationId })]));
}

/** POST /chat/markRead with chat_id: the user read their conversation (404 for anyone else's). */
export async function markSupportRead(env: Env, db: Db, userId: number, conversationId: number): Promise<void> {
  const c = await conversationById(db, conversationId);
  if (!c || c.userId !== userId) throw notFound();
  const upTo = await markConversationRead(db, c.id, "user");
  await publishRead(env, c.id, "user", upTo);
}
