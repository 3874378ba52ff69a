import type { LeverDeal, LeverPosition } from "../../../../schema/api/contracts.ts";
import { post } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import type { PageResult } from "../../lib/query/usePagedQuery.ts";

export type { LeverDeal, LeverPosition };

/** Contract (lever) trading: the spec's /lever/* endpoints. */

export type PairIds = { currencyId: number; legalId: number };
const pairParams = (p: PairIds) => ({ currency_id: p.currencyId, legal_id: p.legalId });

/** Anything that moves lever money changes the wallet and every contract list. */
const CONTRACT_KEYS = [...BALANCE_KEYS, [Q.contracts]];

/** The pair's published terms and the caller's lever balance (POST /lever/deal). */
export const dealQuery = (owner: string, pair: PairIds): QueryDef<LeverDeal> => ({
  key: [Q.contracts, owner, "deal", pair.currencyId, pair.legalId],
  load: () => post<LeverDeal>("/lever/deal", pairParams(pair), { silent: true, background: true }),
  staleTime: 10_000,
});

/** 1 holding, 0 entrusted, 3 history (closed and cancelled). */
export type PositionStatus = 1 | 0 | 3;
type MyTrade = { rate_profits_total: { profits_total: string; caution_money_total: string }; message: LeverPosition[] };

const PAGE = 10;

/** One page of the caller's positions of a pair in one state (POST /lever/my_trade). */
export async function fetchPositions(pair: PairIds | null, status: PositionStatus, page: number): Promise<PageResult<LeverPosition>> {
  const answer = await post<MyTrade>(
    "/lever/my_trade",
    { ...(pair ? pairParams(pair) : {}), status, page },
    { silent: true, background: true },
  );
  return { items: answer.message, hasMore: answer.message.length >= PAGE };
}

export const positionsKey = (owner: string, pair: PairIds | null, status: PositionStatus) =>
  [Q.contracts, owner, "positions", pair?.currencyId ?? 0, pair?.legalId ?? 0, status] as const;

export type OpenInput = PairIds & {
  side: 1 | 2;
  lots: string;
  multiple: number;
  /** Null: market entry. */
  target: string | null;
  takeProfit: string | null;
  stopLoss: string | null;
  password: string;
};

/** Opens a position or records a limit entry; one Idempotency-Key per user action. */
export const openPosition = mutation(
  (input: OpenInput, idempotencyKey: string) =>
    post<{ message: string; id: number }>(
      "/lever/submit",
      {
        ...pairParams(input),
        share: input.lots,
        multiple: input.multiple,
        type: input.side,
        status: input.target === null ? 1 : 0,
        target_price: input.target ?? undefined,
        target_profit_price: input.takeProfit ?? undefined,
        stop_loss_price: input.stopLoss ?? undefined,
        password: input.password,
      },
      { idempotencyKey, silent: true },
    ),
  CONTRACT_KEYS,
);

export const closePosition = mutation((id: number) => post<string>("/lever/close", { id }), CONTRACT_KEYS);
export const cancelEntry = mutation((id: number) => post<string>("/lever/cancel", { id }), CONTRACT_KEYS);
export const setStops = mutation(
  (id: number, takeProfit: string | null, stopLoss: string | null) =>
    post<string>(
      "/lever/setstop",
      { id, target_profit_price: takeProfit ?? undefined, stop_loss_price: stopLoss ?? undefined },
      { silent: true },
    ),
  [[Q.contracts]],
);
/** 0 all, 1 longs, 2 shorts: all of them close together or none does. */
export const batchClose = mutation(
  (pair: PairIds, side: 0 | 1 | 2) =>
    post<{ message: string; closed: number; ids: number[] }>("/lever/batch_close", { ...pairParams(pair), type: side }),
  CONTRACT_KEYS,
);
