import type { CoinCancelResponse, CoinTradeResponse, SpotOrder } from "../../../../schema/api/market.ts";
import { get, post } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import { DEFAULT_DISPLAY_DECIMALS } from "../../lib/format.ts";

export type { SpotOrder };

/** Spot orders: place, list, cancel (POST /coin/trade, GET /coin/list, POST /coin/cancel). */

export type OrderInput = {
  /** The pair's base and quote coin ids. */
  currencyId: number;
  legalId: number;
  side: "buy" | "sell";
  orderType: "limit" | "market";
  /** Limit price (quote per base); left out for a market order. */
  price?: string;
  /** Base quantity. */
  amount: string;
};

/** An order holds or moves balances and changes the order lists. */
const ORDER_KEYS = [...BALANCE_KEYS, [Q.orders]];

/** Places an order; `idempotencyKey` is one per user action (a retry reuses it, so nothing is placed twice). */
export const placeOrder = mutation(
  (input: OrderInput, idempotencyKey: string) =>
    post<CoinTradeResponse>(
      "/coin/trade",
      {
        currency_id: input.currencyId,
        legal_id: input.legalId,
        type: input.side === "buy" ? 1 : 2,
        order_type: input.orderType,
        amount: input.amount,
        target_price: input.orderType === "limit" ? input.price : undefined,
      },
      { idempotencyKey, silent: true },
    ),
  ORDER_KEYS,
);

export const cancelOrder = mutation((id: number) => post<CoinCancelResponse>("/coin/cancel", { id }), ORDER_KEYS);

/** 1 open (doing), 2 complete (filled or cancelled). */
export type OrderListStatus = 1 | 2;
export type OrderPage = { items: SpotOrder[]; hasMore: boolean };

type ListAnswer =
  SpotOrder[] | { data: SpotOrder[]; page?: number; pages?: number; total?: number; current_page?: number; last_page?: number };

/** GET /coin/list: one page of the caller's orders, optionally of one pair. */
export async function fetchOrders(query: {
  status: OrderListStatus;
  page: number;
  limit?: number;
  currencyId?: number;
  legalId?: number;
}): Promise<OrderPage> {
  const limit = query.limit ?? 10;
  const answer = await get<ListAnswer>(
    "/coin/list",
    { status: query.status, page: query.page, limit, currency_id: query.currencyId, legal_id: query.legalId },
    { silent: true, background: true },
  );
  if (Array.isArray(answer)) return { items: answer, hasMore: answer.length >= limit };
  const pages = answer.pages ?? answer.last_page;
  const page = answer.page ?? answer.current_page ?? query.page;
  return { items: answer.data, hasMore: pages !== undefined ? page < pages : answer.data.length >= limit };
}

/** An order still on the book (shown under "open orders"). */
export const isOpen = (order: SpotOrder) => order.state === "open" || order.state === "partial";

/** POST /wallet/detail for the spot (change) account: what an order may use of one coin. */
/** `decimals`: the digits the coin's balances show (the same on every page). */
export type SpotBalance = { available: string; locked: string; decimals: number };
async function fetchSpotBalance(coin: string | number): Promise<SpotBalance> {
  const row = await post<Record<string, string | number | null>>(
    "/wallet/detail",
    { currency: coin, type: "change" },
    { silent: true, background: true },
  );
  return {
    available: String(row.change_balance ?? "0"),
    locked: String(row.lock_change_balance ?? "0"),
    decimals: typeof row.display_decimals === "number" ? row.display_decimals : DEFAULT_DISPLAY_DECIMALS,
  };
}

/** The spot balances of a pair's two coins (base, quote), read again after every order change. */
export const spotBalancesQuery = (owner: string, base: string, quote: string): QueryDef<{ base: SpotBalance; quote: SpotBalance }> => ({
  key: [Q.spotBalance, owner, base, quote],
  load: async () => {
    const [b, q] = await Promise.all([fetchSpotBalance(base), fetchSpotBalance(quote)]);
    return { base: b, quote: q };
  },
});

/** The caller's open orders of one pair (the trade page's list; user-room frames are laid over it). */
export const openOrdersQuery = (owner: string, currencyId: number, legalId: number): QueryDef<SpotOrder[]> => ({
  key: [Q.orders, owner, "open", currencyId, legalId],
  load: async () => (await fetchOrders({ status: 1, page: 1, limit: 50, currencyId, legalId })).items,
});
