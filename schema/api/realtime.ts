import * as z from "zod/mini";
import type { SecondsOrder } from "./seconds.ts";
import { spotOrderSchema } from "./spot-order.ts";

/**
 * Realtime frames shared by rooms and the web client: every frame is a JSON
 * object with a `type` discriminator, parsed with zod on both sides.
 */

/**
 * The upgrade the Worker forwards to a private room carries the session's
 * token hash in this header, so the room can close that session's sockets when
 * it ends. Only the Worker's guard sets it (overwriting anything a client sent).
 */
export const SESSION_HASH_HEADER = "x-session-token-hash";

/** Client to per-user room (/parties/user-room/<uid>). */
export const userRoomInbound = z.discriminatedUnion("type", [z.strictObject({ type: z.literal("ping") })]);
export type UserRoomInbound = z.infer<typeof userRoomInbound>;

/** Per-user room to client. */
export const userRoomOutbound = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("unread"), count: z.int().check(z.minimum(0)) }),
  z.strictObject({ type: z.literal("pong") }),
  z.strictObject({ type: z.literal("error"), code: z.enum(["BAD_FRAME"]) }),
  /** One of the user's spot orders changed (OrderUpdateFrame in market.ts). */
  z.strictObject({ type: z.literal("order"), order: spotOrderSchema }),
  /** One of the user's seconds orders settled (SecondsResultFrame in seconds.ts); the page reads the fields it shows. */
  z.strictObject({
    type: z.literal("seconds_result"),
    order: z.custom<SecondsOrder>((v) => typeof v === "object" && v !== null && Number.isSafeInteger((v as { id?: unknown }).id)),
  }),
  /** Live P/L and risk rate of the user's open contract positions of one pair, at a reference tick (coalesced). */
  z.strictObject({
    type: z.literal("contract_pl"),
    symbol: z.string(),
    price: z.string(),
    at: z.number(),
    positions: z.array(z.strictObject({ id: z.number(), profits: z.string(), risk_rate: z.string() })),
  }),
  /** Contract positions of one pair closed by a trigger (take-profit, stop-loss, liquidation) and settled. */
  z.strictObject({ type: z.literal("contract_closed"), symbol: z.string(), ids: z.array(z.number()) }),
]);
export type UserRoomOutbound = z.infer<typeof userRoomOutbound>;
