import { eq } from "drizzle-orm";
import type { SessionsToClose, UserRoom } from "../../durable/rooms/user-room.ts";
import { users } from "../../schema/db/index.ts";
import type { Env } from "../domain/env.ts";
import type { Db } from "../domain/db.ts";
import { createNotification, type NewNotification } from "../domain/messages/notifications.ts";
import { log } from "../domain/log.ts";

/** The user's private room, named by the public uid; null for an unknown user. */
async function userRoom(env: Env, db: Db, userId: number) {
  const user = await db.select({ uid: users.uid }).from(users).where(eq(users.id, userId)).get();
  return user ? (env.UserRoom as DurableObjectNamespace<UserRoom>).getByName(user.uid) : null;
}

/**
 * Tells the user's room to recount unread messages and push the count to
 * every open socket of that user. Never throws: a push that fails only delays
 * the count until the next connect or poll.
 */
export async function pushUnread(env: Env, db: Db, userId: number): Promise<void> {
  try {
    await (await userRoom(env, db, userId))?.refreshUnread();
  } catch (err) {
    log("warn", { event: "unread_push_failed", userId, error: String(err) });
  }
}

/**
 * After sessions end (log-out, password change or reset): closes the user's
 * sockets that those sessions opened, so an ended session stops receiving
 * private pushes. Never throws: the sessions are already gone, and a socket
 * that stays open keeps hearing private pushes only until it reconnects and is refused.
 */
export async function closeSessionSockets(env: Env, db: Db, userId: number, which: SessionsToClose): Promise<void> {
  try {
    await (await userRoom(env, db, userId))?.closeSessions(which);
  } catch (err) {
    log("warn", { event: "socket_close_failed", userId, error: String(err) });
  }
}

/**
 * Creates a notification and, for a message to one user, pushes the new count.
 * Broadcasts (userId null) are not pushed room by room: open sockets learn of
 * them at the next connect or /chat/unread poll.
 */
export async function notify(env: Env, db: Db, input: NewNotification, waitUntil?: (p: Promise<unknown>) => void): Promise<number> {
  const id = await createNotification(db, input);
  if (input.userId !== null) {
    const push = pushUnread(env, db, input.userId);
    if (waitUntil) waitUntil(push);
    else await push;
  }
  return id;
}
