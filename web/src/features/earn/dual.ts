import type { DualOrderView, DualPosition, DualProductView } from "../../../../schema/api/dual.ts";
import { get, post, read } from "../../lib/api.ts";
import { dualProductsRead } from "./reads.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import type { PageResult } from "../../lib/query/usePagedQuery.ts";

export type { DualOrderView, DualPosition, DualProductView };
export { costUnits, payoutUnits } from "../../../../schema/api/dual-rules.ts";

export const DUAL_PAGE_SIZE = 10;
export { DUAL_COINS } from "./reads.ts";

/** GET /dual/index: the products on sale or coming, by coin and type. */
export const dualProductsQuery = (coin: string, type: "call" | "put"): QueryDef<DualProductView[]> => ({
  key: [Q.earn, "dual-products", coin, type],
  load: async () => (await read<{ dual_currencys: DualProductView[] }>(dualProductsRead(coin, type), { silent: true })).dual_currencys,
  staleTime: 5_000,
});

/** GET /dual/detail. */
export const dualProductQuery = (id: number): QueryDef<DualProductView> => ({
  key: [Q.earn, "dual-product", id],
  load: () => get<DualProductView>("/dual/detail", { id }, { silent: true }),
  staleTime: 5_000,
});

export const DUAL_ORDERS_KEY = (owner: string, status: string) => [Q.earn, owner, "dual-orders", status] as const;

/** POST /dual/dual_list, one page, optionally of one status. */
export async function loadDualOrders(status: "" | "1" | "2" | "3" | "4", page: number): Promise<PageResult<DualOrderView>> {
  const res = await post<{ list: DualOrderView[]; total: number }>(
    "/dual/dual_list",
    { page, limit: DUAL_PAGE_SIZE, ...(status ? { status } : {}) },
    { silent: true },
  );
  return { items: res.list, hasMore: page * DUAL_PAGE_SIZE < res.total };
}

/** POST /dual/buyDual (Idempotency-Key): the product decides the price; answers the translated confirmation. */
export const buyDual = mutation(
  (input: { id: number; num: string }, idempotencyKey: string) => post<string>("/dual/buyDual", input, { idempotencyKey, silent: true }),
  [...BALANCE_KEYS, [Q.earn]],
);

/** GET /dual/positions: open dual orders per pay coin (for the assets page). */
export const dualPositionsQuery = (owner: string): QueryDef<DualPosition[]> => ({
  key: [Q.earn, owner, "dual-positions"],
  load: () => get<DualPosition[]>("/dual/positions", {}, { silent: true, background: true }),
  staleTime: 30_000,
});
