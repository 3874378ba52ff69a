import { type Connection, Server, type WSMessage } from "partyserver";
import { supportRoomInbound } from "../../schema/api/support.ts";
import { readFrame } from "../shared/frames.ts";

/**
 * The agents' desk (/parties/support-desk/main): every support agent's console socket. The Worker publishes each new
 * message and each change of a conversation here, so the queue is live without one socket per conversation; its open
 * sockets are what "an agent is online" means. Hibernates between frames.
 */
export class SupportDesk extends Server<Cloudflare.Env> {
  static override options = { hibernate: true };

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
