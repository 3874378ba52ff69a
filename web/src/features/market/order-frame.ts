import * as z from "zod/mini";
import type { OrderUpdateFrame } from "../../../../schema/api/market.ts";
import { parseFrame } from "../../../../schema/api/frame-text.ts";
import { spotOrderSchema } from "../../../../schema/api/spot-order.ts";
import { MAX_MARKET_FRAME_CHARS } from "./frames.ts";

/** The user room's order update, with the order schema the server answers with. */
const orderFrame = z.object({ type: z.literal("order"), order: spotOrderSchema });

/** A user-room frame as an order update, or null when it is another frame or not valid. */
export const parseOrderFrame = (data: unknown): OrderUpdateFrame | null => parseFrame(orderFrame, data, MAX_MARKET_FRAME_CHARS);

// Compile-time check: the parsed shape is exactly the shared contract's.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameOrder: Same<z.output<typeof orderFrame>, OrderUpdateFrame> = true;
void sameOrder;
