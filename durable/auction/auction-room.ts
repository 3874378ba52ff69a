import { type Connection, Server, type WSMessage } from "partyserver";
import { type AuctionRoomOutbound, auctionRoomInbound } from "../../schema/api/nft-auction.ts";
import type { Env } from "../../worker/domain/env.ts";
import { readFrame } from "../common/frames.ts";

/**
 * The public, read-only room of one auction item (/parties/auction-room/<code>): its lot object publishes every
 * accepted bid and the end, and the room fans them out, so bidding never waits on a thousand sockets. A page reads the
 * lot and the bid log over HTTP first and lays these frames over it. Hibernates between bids.
 */
export class AuctionRoom extends Server<Env> {
  static override options = { hibernate: true };

  override onMessage(connection: Connection, message: WSMessage): void {
    readFrame(connection, auctionRoomInbound, message);
  }

  override onRequest(): Response {
    return new Response("Not found", { status: 404 });
  }

  /** RPC from the lot object: one pass over the room's sockets. */
  publish(frame: AuctionRoomOutbound): void {
    const text = JSON.stringify(frame);
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.READY_STATE_OPEN) continue;
      try {
        ws.send(text);
      } catch {
        /* a socket that closed meanwhile */
      }
    }
  }
}
