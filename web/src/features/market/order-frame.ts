import * as z from "zod/mini";
import type { OrderUpdateFrame } from "../../../../schema/api/market.ts";
import { spotOrderSchema } from "../../../../schema/api/spot-order.ts";

/** The user room's order update, with the order schema the server answers with. */
export const orderFrame = z.object({ type: z.literal("order"), order: spotOrderSchema });

// Compile-time check: the parsed shape is exactly the shared contract's.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameOrder: Same<z.output<typeof orderFrame>, OrderUpdateFrame> = true;
void sameOrder;
