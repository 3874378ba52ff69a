import type { Connection, WSMessage } from "partyserver";
import type * as z from "zod/mini";
import { parseFrame } from "../../schema/api/frame-text.ts";

/**
 * What every room does with an inbound frame before its own handling: parse it
 * with the room's schema, answer a malformed one with BAD_FRAME (the socket stays
 * open) and a ping with pong. Returns the frame for the room, or null when done.
 */
export function readFrame<S extends z.ZodMiniType<{ type: string }>>(
  connection: Connection,
  schema: S,
  message: WSMessage,
): z.output<S> | null {
  const frame = parseFrame(schema, message);
  if (!frame) {
    connection.send(JSON.stringify({ type: "error", code: "BAD_FRAME" }));
    return null;
  }
  if (frame.type === "ping") {
    connection.send(JSON.stringify({ type: "pong" }));
    return null;
  }
  return frame;
}
