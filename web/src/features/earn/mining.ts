import type { MiningConfigView, MiningOrderView } from "../../../../schema/api/mining.ts";
import { get, post, read } from "../../lib/api.ts";
import { miningConfigsRead } from "./reads.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import type { PageResult } from "../../lib/query/usePagedQuery.ts";

export type { MiningConfigView, MiningOrderView };
export { dailyInterestUnits, penaltyUnits } from "../../../../schema/api/mining-rules.ts";

/** GET /lh/deposit/config: the open lock-mining products (public). */
export const miningConfigsQuery: QueryDef<MiningConfigView[]> = {
  key: [Q.earn, "mining-configs"],
  load: () => read<MiningConfigView[]>(miningConfigsRead, { silent: true, background: true }),
  staleTime: 30_000,
};

export const MINING_ORDERS_KEY = (owner: string) => [Q.earn, owner, "mining-orders"] as const;
export const PAGE_SIZE = 10;

/** GET /lh/deposit/order, one page. */
export async function loadMiningOrders(page: number): Promise<PageResult<MiningOrderView>> {
  const res = await get<{ list: MiningOrderView[]; total: number }>("/lh/deposit/order", { page, limit: PAGE_SIZE }, { silent: true });
  return { items: res.list, hasMore: page * PAGE_SIZE < res.total };
}

/** GET /lh/deposit/positions: what the caller has in lock mining, per coin (for the assets page). */
export type MiningPosition = { currency: string; amount: string; interest: string; orders: number };
export const miningPositionsQuery = (owner: string): QueryDef<MiningPosition[]> => ({
  key: [Q.earn, owner, "mining-positions"],
  load: () => get<MiningPosition[]>("/lh/deposit/positions", {}, { silent: true, background: true }),
  staleTime: 30_000,
});

const MONEY_KEYS = [...BALANCE_KEYS, [Q.earn]];

/** POST /lh/deposit (Idempotency-Key): answers the translated confirmation. */
export const depositMining = mutation(
  (input: { config_id: number; amount: string }, idempotencyKey: string) =>
    post<string>("/lh/deposit", input, { idempotencyKey, silent: true }),
  MONEY_KEYS,
);

/** POST /lh/deposit/order/cancel (Idempotency-Key): early redemption; answers the translated confirmation. */
export const redeemMining = mutation(
  (id: number, idempotencyKey: string) => post<string>("/lh/deposit/order/cancel", { id }, { idempotencyKey, silent: true }),
  MONEY_KEYS,
);
