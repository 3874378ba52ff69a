import type { OnrampConfigView, OnrampCountryCode, OnrampOrderView } from "../../../../schema/api/onramp.ts";
import { get, post } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import type { PageResult } from "../../lib/query/usePagedQuery.ts";

export type { OnrampConfigView, OnrampCountryCode, OnrampOrderView };
export { onrampOrderSchema, usdtUnits } from "../../../../schema/api/onramp.ts";

export const ONRAMP_PAGE_SIZE = 10;

/** GET /onramp/config: countries, the fiats with today's rate and limits, banks. */
export const onrampConfigQuery: QueryDef<OnrampConfigView> = {
  key: [Q.onramp, "config"],
  load: () => get<OnrampConfigView>("/onramp/config", {}, { silent: true }),
  staleTime: 60_000,
};

/** GET /onramp/order: one of the caller's orders. */
export const onrampOrderQuery = (owner: string, id: number): QueryDef<OnrampOrderView> => ({
  key: [Q.onramp, owner, "order", id],
  load: () => get<OnrampOrderView>("/onramp/order", { id }, { silent: true }),
  staleTime: 5_000,
});

export const ONRAMP_ORDERS_KEY = (owner: string) => [Q.onramp, owner, "orders"] as const;

/** GET /onramp/orders, one page. */
export async function loadOnrampOrders(page: number): Promise<PageResult<OnrampOrderView>> {
  const res = await get<{ list: OnrampOrderView[]; total: number }>("/onramp/orders", { page, limit: ONRAMP_PAGE_SIZE }, { silent: true });
  return { items: res.list, hasMore: page * ONRAMP_PAGE_SIZE < res.total };
}

export type OnrampOrderForm = {
  country: string;
  fiat: string;
  method: string;
  bank: string;
  amount: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  tax_id: string;
};

/** POST /onramp/order: the order to be paid (no money moves until the transfer is confirmed). */
export const createOnrampOrder = mutation(
  (input: OnrampOrderForm) => post<OnrampOrderView>("/onramp/order", input, { silent: true }),
  [[Q.onramp]],
);

/** POST /onramp/order/cancel (Idempotency-Key). */
export const cancelOnrampOrder = mutation(
  (id: number, idempotencyKey: string) => post<string>("/onramp/order/cancel", { id }, { idempotencyKey, silent: true }),
  [[Q.onramp]],
);

// Console ------------------------------------------------------------------------

export type AdminOnrampStatus = "1" | "2" | "3" | "all";

/** GET /admin/onramp/orders in the console's paged shape. */
export async function fetchAdminOnramp(status: AdminOnrampStatus, page: number, limit = 20) {
  const res = await get<{ list: OnrampOrderView[]; total: number }>(
    "/admin/onramp/orders",
    { page, limit, status: status === "all" ? undefined : status },
    { silent: true },
  );
  return { data: res.list, page, pages: Math.max(1, Math.ceil(res.total / limit)), total: res.total };
}

/** POST /admin/onramp/confirm (Idempotency-Key): credits the order's USDT, or records a first approval (four eyes). */
export const confirmOnramp = mutation(
  (id: number, idempotencyKey: string) => post<string>("/admin/onramp/confirm", { id }, { idempotencyKey, silent: true }),
  [[Q.admin], [Q.onramp], ...BALANCE_KEYS],
);

/** POST /admin/onramp/cancel (Idempotency-Key): no money arrived. */
export const cancelOnrampByOperator = mutation(
  (id: number, reason: string, idempotencyKey: string) =>
    post<string>("/admin/onramp/cancel", { id, reason }, { idempotencyKey, silent: true }),
  [[Q.admin], [Q.onramp]],
);
