import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { supportRoomInbound } from "../../schema/api/support.ts";
import { database } from "../../worker/domain/db.ts";
import { readFrame } from "../common/frames.ts";
import { SESSION_RECHECK_MS, closeEndedSessions, sessionTags } from "../common/session-sockets.ts";

/**
 * The agents' desk (/parties/support-desk/main): every support agent's console socket. The Worker publishes each new
 * message and each change of a conversation here, so the queue is live without one socket per conversation; its open
 * sockets are what "an agent is online" means. Hibernates between frames.
 */
export class SupportDesk extends Server<Cloudflare.Env> {
  static override options = { hibernate: true };

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    return sessionTags(ctx);
  }

  override async onConnect(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SESSION_RECHECK_MS);
  }

  /** Sockets whose session ended are closed (an agent who logged out is not online); checks again while any stay open. */
  override async onAlarm(): Promise<void> {
    const kept = await closeEndedSessions(database(this.env.DB), this.getConnections());
    if (kept > 0) await this.ctx.storage.setAlarm(Date.now() + SESSION_RECHECK_MS);
  }

  override onMessage(connection: Connection, message: WSMessage): void {
    readFrame(connection, supportRoomInbound, message);
  }

  /** RPC from the Worker: frames (serialised SupportDeskOutbound) for every agent. */
  publish(frames: string[]): void {
    for (const frame of frames) this.broadcast(frame);
  }

  /** RPC: how many agent sockets are open. */
  online(): number {
    let n = 0;
    for (const _ of this.getConnections()) n++;
    return n;
  }

  override onRequest(): Response {
    return new Response("Not found", { status: 404 });
  }
}
