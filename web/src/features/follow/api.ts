import type { AdminTrader, HistoryTrade, MyCopy, MyFollow, MyTrader, TraderDetail, TraderListItem } from "../../../../schema/api/follow.ts";
import { get, post, read } from "../../lib/api.ts";
import { tradersRead } from "./reads.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import type { PageResult } from "../../lib/query/usePagedQuery.ts";

export type { AdminTrader, HistoryTrade, MyCopy, MyFollow, MyTrader, TraderDetail, TraderListItem };
export { followNumberField } from "../../../../schema/api/follow.ts";

const PAGE = 10;

export const TRADERS_KEY = (owner: string) => [Q.follow, owner, "traders"] as const;

/** GET /follow/index, one page of approved traders. */
export async function loadTraders(page: number): Promise<PageResult<TraderListItem>> {
  const res = await read<{ data: TraderListItem[] }>(tradersRead(page), { silent: true });
  return { items: res.data, hasMore: res.data.length === PAGE };
}

export const traderDetailQuery = (owner: string, id: number): QueryDef<TraderDetail> => ({
  key: [Q.follow, owner, "trader", id],
  load: () => get<TraderDetail>("/follow/traderDetail", { trader_user_id: id }, { silent: true }),
  staleTime: 5_000,
});

export const HISTORY_KEY = (owner: string, id: number) => [Q.follow, owner, "history", id] as const;

export async function loadHistory(id: number, page: number): Promise<PageResult<HistoryTrade>> {
  const res = await get<{ data: HistoryTrade[] }>("/follow/historyTrade", { trader_user_id: id, page }, { silent: true });
  return { items: res.data, hasMore: res.data.length === PAGE };
}

export type MyCopying = { follows: MyFollow[]; open: MyCopy[]; closed: MyCopy[] };

/** GET /follow/my: the caller's follows, open copies (live P/L) and latest closed copies; the page reads it again every few seconds. */
export const myCopyingQuery = (owner: string): QueryDef<MyCopying> => ({
  key: [Q.follow, owner, "my"],
  load: () => get<MyCopying>("/follow/my", {}, { silent: true, background: true }),
  staleTime: 2_000,
});

export const myTraderQuery = (owner: string): QueryDef<MyTrader> => ({
  key: [Q.follow, owner, "me"],
  load: () => get<MyTrader>("/follow/myTrader", {}, { silent: true }),
  staleTime: 10_000,
});

export const followTrader = mutation(
  (input: { trader_user_id: number; number: string; type: "1" | "2" }) => post<string>("/follow/follow", input, { silent: true }),
  [[Q.follow]],
);

export const cancelFollow = mutation(
  (traderId: number) => post<string>("/follow/cancel", { follow_user_id: traderId }, { silent: true }),
  [[Q.follow]],
);

/** POST /follow/selfHolding: the copy becomes the caller's own position. */
export const selfHold = mutation(
  (positionId: number) => post<string>("/follow/selfHolding", { transaction_id: positionId }, { silent: true }),
  [[Q.follow], [Q.contracts], ...BALANCE_KEYS],
);

export const applyAsTrader = mutation(
  (input: { nickname: string; bio: string }) => post<string>("/follow/apply", input, { silent: true }),
  [[Q.follow]],
);

export const adminTradersQuery = (owner: string, status: string): QueryDef<{ data: AdminTrader[] }> => ({
  key: [Q.admin, owner, "traders", status],
  load: () => get<{ data: AdminTrader[] }>("/admin/follow/traders", status ? { status } : {}, { silent: true }),
  staleTime: 0,
});

export const reviewTrader = mutation(
  (input: { user_id: number; action: "approve" | "reject" | "suspend" }) => post<string>("/admin/follow/review", input, { silent: true }),
  [[Q.admin], [Q.follow]],
);
