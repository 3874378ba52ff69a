import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { SUPPORT_SIDE_HEADER, supportRoomInbound, type SupportRoomOutbound } from "../../schema/api/support.ts";
import { readFrame } from "../shared/frames.ts";

/**
 * One customer-service conversation's room (/parties/support-room/<conversation id>): its user's sockets and the
 * support agents who opened it. The Worker admits only those (worker/realtime/support-guards.ts) and tags each socket
 * with its side. Messages are stored in D1 before the Worker publishes them here, so a dropped socket loses nothing:
 * a reconnect reads the history again. Typing is the one frame clients send; it goes to the other side only.
 * Hibernates between frames.
 */
export class SupportRoom extends Server<Cloudflare.Env> {
  static override options = { hibernate: true };

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    return [ctx.request.headers.get(SUPPORT_SIDE_HEADER) === "agent" ? "agent" : "user"];
  }

  override onMessage(connection: Connection, message: WSMessage): void {
    const frame = readFrame(connection, supportRoomInbound, message);
    if (frame?.type !== "typing") return;
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
