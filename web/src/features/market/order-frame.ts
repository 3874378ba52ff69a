import * as z from "zod/mini";
import type { OrderUpdateFrame } from "../../../../schema/api/market.ts";
import { parseFrame } from "../../../../schema/api/realtime.ts";
import { spotOrderSchema } from "../../../../schema/api/spot-order.ts";

/** The user room's order update, with the order schema the server answers with. */
const orderFrame = z.object({ type: z.literal("order"), order: spotOrderSchema });

/** Market-sized frames: an order update is small, but it shares the market frames' limit. */
const MAX_ORDER_FRAME_CHARS = 256 * 1024;

/** A user-room frame as an order update, or null when it is another frame or not valid. */
export const parseOrderFrame = (data: unknown): OrderUpdateFrame | null => parseFrame(orderFrame, data, MAX_ORDER_FRAME_CHARS);

// Compile-time check: the parsed shape is exactly the shared contract's.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameOrder: Same<z.output<typeof orderFrame>, OrderUpdateFrame> = true;
void sameOrder;
