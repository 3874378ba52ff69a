import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { SUPPORT_SIDE_HEADER, supportRoomInbound, type SupportRoomOutbound } from "../../schema/api/support.ts";
import { database } from "../../worker/domain/db.ts";
import { readFrame } from "../common/frames.ts";
import { SESSION_RECHECK_MS, closeEndedSessions, sessionTags } from "../common/session-sockets.ts";

/**
 * One customer-service conversation's room (/parties/support-room/<conversation id>): its user's sockets and the
 * support agents who opened it. The Worker admits only those (worker/realtime/support-guards.ts) and tags each socket
 * with its side and its session (closed within SESSION_RECHECK_MS once that session ends). Messages are stored in D1
 * before the Worker publishes them here, so a dropped socket loses nothing: a reconnect reads the history again.
 * Typing is the one frame clients send; it goes to the other side only. Hibernates between frames.
 */
export class SupportRoom extends Server<Cloudflare.Env> {
  static override options = { hibernate: true };

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    return [ctx.request.headers.get(SUPPORT_SIDE_HEADER) === "agent" ? "agent" : "user", ...sessionTags(ctx)];
  }

  override async onConnect(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SESSION_RECHECK_MS);
  }

  /** Sockets whose session ended (log-out, expiry, a locked account) are closed; checks again while any stay open. */
  override async onAlarm(): Promise<void> {
    const kept = await closeEndedSessions(database(this.env.DB), this.getConnections());
    if (kept > 0) await this.ctx.storage.setAlarm(Date.now() + SESSION_RECHECK_MS);
  }

  /** When each socket last passed a typing frame on (in memory: a wake from hibernation forgets it, which only lets one more through). */
  #lastTyping = new WeakMap<Connection, number>();

  override onMessage(connection: Connection, message: WSMessage): void {
    const frame = readFrame(connection, supportRoomInbound, message);
    if (frame?.type !== "typing") return;
    // At most one typing frame per socket per TYPING_EVERY_MS reaches the other side, however fast a client sends them.
    const now = Date.now();
    if (now - (this.#lastTyping.get(connection) ?? 0) < TYPING_EVERY_MS) return;
    this.#lastTyping.set(connection, now);
    const from = connection.tags.includes("agent") ? "agent" : "user";
    const other = from === "agent" ? "user" : "agent";
    const out = JSON.stringify({ type: "typing", from } satisfies SupportRoomOutbound);
    for (const c of this.getConnections(other)) c.send(out);
  }

  /** RPC from the Worker: frames (serialised SupportRoomOutbound) for every socket in the conversation. */
  publish(frames: string[]): void {
    for (const frame of frames) this.broadcast(frame);
  }

  override onRequest(): Response {
    return new Response("Not found", { status: 404 });
  }
}

/** The least time between two typing frames a socket passes on. */
export const TYPING_EVERY_MS = 1000;
