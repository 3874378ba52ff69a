import type { IeoOrderView, IeoProjectView } from "../../../../schema/api/ieo.ts";
import { get, post, read } from "../../lib/api.ts";
import { IEO_PAGE_SIZE, projectsRead } from "./reads.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import type { PageResult } from "../../lib/query/usePagedQuery.ts";

export type { IeoOrderView, IeoProjectView };
export { costUnits } from "../../../../schema/api/ieo-rules.ts";

export { IEO_PAGE_SIZE } from "./reads.ts";

/** GET /project, one page, optionally of one time status (1 warm-up, 2 in progress, 3 finished). */
export async function loadProjects(status: "" | "1" | "2" | "3", page: number): Promise<PageResult<IeoProjectView>> {
  const res = await read<{ list: IeoProjectView[]; total: number }>(projectsRead(status, page), { silent: true });
  return { items: res.list, hasMore: page * IEO_PAGE_SIZE < res.total };
}

/** GET /project/detail. */
export const projectQuery = (id: number): QueryDef<IeoProjectView> => ({
  key: [Q.earn, "ieo-project", id],
  load: () => get<IeoProjectView>("/project/detail", { id }, { silent: true }),
  staleTime: 5_000,
});

export const IEO_ORDERS_KEY = (owner: string) => [Q.earn, owner, "ieo-orders"] as const;

/** GET /user/project/order, one page. */
export async function loadIeoOrders(page: number): Promise<PageResult<IeoOrderView>> {
  const res = await get<{ list: IeoOrderView[]; total: number }>("/user/project/order", { page, limit: IEO_PAGE_SIZE }, { silent: true });
  return { items: res.list, hasMore: page * IEO_PAGE_SIZE < res.total };
}

/** POST /project/order (Idempotency-Key): the project decides price and pay coin; answers the translated confirmation. */
export const subscribeIeo = mutation(
  (input: { project_id: number; amount: string }, idempotencyKey: string) =>
    post<string>("/project/order", input, { idempotencyKey, silent: true }),
  [...BALANCE_KEYS, [Q.earn]],
);

/** GET /user/project/positions: subscriptions awaiting their tokens, per token, with the cost held (for the assets page). */
export type IeoPosition = { currency: string; amount: string; pay_currency: string; cost: string };
export const ieoPositionsQuery = (owner: string): QueryDef<IeoPosition[]> => ({
  key: [Q.earn, owner, "ieo-positions"],
  load: () => get<IeoPosition[]>("/user/project/positions", {}, { silent: true, background: true }),
  staleTime: 30_000,
});
