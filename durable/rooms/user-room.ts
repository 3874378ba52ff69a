import { eq } from "drizzle-orm";
import { database } from "../../worker/domain/db.ts";
import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { SESSION_HASH_HEADER, userRoomInbound, type UserRoomOutbound } from "../../schema/api/realtime.ts";
import * as tables from "../../schema/db/index.ts";
import { liveSessions } from "../../worker/domain/auth/sessions.ts";
import { unreadCount } from "../../worker/domain/messages/notifications.ts";
import { readFrame } from "../common/frames.ts";

/**
 * Private per-user room, named by the user's public uid: pushes the
 * unread-message count. Connections are authenticated by the Worker before
 * they reach the room (worker/realtime/guards.ts), and each is tagged with the
 * session that opened it, so it is closed when that session ends: at once when
 * the Worker ends it (log-out, password change or reset), and within
 * SESSION_CHECK_MS when it expires or the account is locked (an alarm checks the
 * open sockets' sessions against D1). Hibernates between pushes.
 */
export class UserRoom extends Server<Cloudflare.Env> {
  static override options = { hibernate: true };

  #userId: number | null = null;
  #refreshing: Promise<void> | null = null;
  #again = false;

  /** The tag names the session (its token hash); tags survive hibernation with the socket. */
  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const tokenHash = ctx.request.headers.get(SESSION_HASH_HEADER);
    return tokenHash ? [sessionTag(tokenHash)] : [];
  }

  override async onConnect(connection: Connection): Promise<void> {
    const count = await this.#count();
    if (count === null) {
      connection.close(1008, "unknown user");
      return;
    }
    send(connection, { type: "unread", count });
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SESSION_CHECK_MS);
  }

  /** Closes the sockets whose session has expired or whose account is locked; checks again while any stay open. */
  override async onAlarm(): Promise<void> {
    const open = [...this.getConnections()];
    if (open.length === 0) return;
    const hashes = [
      ...new Set(open.flatMap((c) => c.tags.filter((t) => t.startsWith(SESSION_TAG)).map((t) => t.slice(SESSION_TAG.length)))),
    ];
    const live = await liveSessions(database(this.env.DB), hashes);
    for (const connection of open) {
      const tag = connection.tags.find((t) => t.startsWith(SESSION_TAG));
      if (!tag || !live.has(tag.slice(SESSION_TAG.length))) connection.close(SESSION_ENDED, "session ended");
    }
    if (!isEmpty(this.getConnections())) await this.ctx.storage.setAlarm(Date.now() + SESSION_CHECK_MS);
  }

  override onMessage(connection: Connection, message: WSMessage): void {
    // The only inbound frame is ping, which readFrame answers.
    readFrame(connection, userRoomInbound, message);
  }

  /** Plain HTTP to a private room is not a thing. */
  override onRequest(): Response {
    return new Response("Not found", { status: 404 });
  }

  /**
   * RPC from the Worker after the count may have changed. Recounts and pushes
   * to every socket. Calls that arrive during a recount make it run once more,
   * so the last push always reflects a count read after the last change.
   */
  refreshUnread(): Promise<void> {
    if (this.#refreshing) {
      this.#again = true;
      return this.#refreshing;
    }
    this.#refreshing = (async () => {
      try {
        do {
          this.#again = false;
          if (isEmpty(this.getConnections())) return;
          const count = await this.#count();
          if (count !== null) this.broadcast(JSON.stringify({ type: "unread", count } satisfies UserRoomOutbound));
        } while (this.#again);
      } finally {
        this.#refreshing = null;
      }
    })();
    return this.#refreshing;
  }

  /**
   * RPC from the Worker or a Market object: frames (already serialised
   * UserRoomOutbound JSON, e.g. `{type:"order", order}`) for every socket of
   * this user. Nothing happens while no socket is open.
   */
  pushFrames(frames: string[]): void {
    if (isEmpty(this.getConnections())) return;
    for (const frame of frames) this.broadcast(frame);
  }

  /**
   * RPC from the Worker when sessions end: closes the sockets opened with
   * `only` (log-out), or with any session but `except` (password change), or
   * every socket (password reset). Their reconnects then meet the guard, which
   * refuses an ended session. Answers how many were closed.
   */
  closeSessions(which: SessionsToClose): number {
    let closed = 0;
    for (const connection of this.getConnections()) {
      const opened = (tokenHash: string) => connection.tags.includes(sessionTag(tokenHash));
      const close = "only" in which ? opened(which.only) : "except" in which ? !opened(which.except) : true;
      if (!close) continue;
      connection.close(SESSION_ENDED, "session ended");
      closed++;
    }
    return closed;
  }

  async #count(): Promise<number | null> {
    const db = database(this.env.DB);
    if (this.#userId === null) {
      const user = await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.uid, this.name)).get();
      if (!user) return null;
      this.#userId = user.id;
    }
    return unreadCount(db, this.#userId);
  }
}

/** Which sockets `closeSessions` closes, by the session that opened them (token hashes). */
export type SessionsToClose = { only: string } | { except: string } | { all: true };

/** Close code for a socket whose session ended (4000-4999 are the application's). */
export const SESSION_ENDED = 4001;

/** How often the open sockets' sessions are checked against D1. */
export const SESSION_CHECK_MS = 5 * 60_000;

const SESSION_TAG = "session:";
const sessionTag = (tokenHash: string) => `${SESSION_TAG}${tokenHash}`;

const send = (connection: Connection, message: UserRoomOutbound) => connection.send(JSON.stringify(message));

const isEmpty = (items: Iterable<unknown>): boolean => items[Symbol.iterator]().next().done === true;
