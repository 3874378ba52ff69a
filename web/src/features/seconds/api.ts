import type { PayableCurrency, SecondsConfig, SecondsList, SecondsOrder } from "../../../../schema/api/seconds.ts";
import type { PriceTrail } from "../../../../schema/api/trail.ts";
import { get, post } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";

export type { PayableCurrency, PriceTrail, SecondsConfig, SecondsList, SecondsOrder };

/** Seconds contracts: configuration, pay coins, submit, lists, one order's result, and the public price trail. */

export const secondsConfigQuery = (): QueryDef<SecondsConfig> => ({
  key: [Q.seconds, "config"],
  load: () => get<SecondsConfig>("/microtrade/config", undefined, { silent: true, background: true }),
  staleTime: 60_000,
});

export const payableQuery = (token: string | null): QueryDef<PayableCurrency[]> => ({
  key: [Q.seconds, token, "payable"],
  load: () => get<PayableCurrency[]>("/microtrade/payable_currencies", undefined, { silent: true, background: true }),
  staleTime: 30_000,
});

export type SubmitInput = { matchId: number; currencyId: number; type: 1 | 2; seconds: number; number: string };

/** An order moves the micro balance and changes the seconds lists. */
export const SECONDS_KEYS = [...BALANCE_KEYS, [Q.seconds]];

/** Places an order; the Idempotency-Key is one per confirmed action, so a retry never places a second one. */
export const submitSeconds = mutation(
  (input: SubmitInput, idempotencyKey: string) =>
    post<SecondsOrder>(
      "/microtrade/submit",
      { match_id: input.matchId, currency_id: input.currencyId, type: input.type, seconds: input.seconds, number: input.number },
      { idempotencyKey },
    ),
  SECONDS_KEYS,
);

/** 1 open, 2 closing, 3 closed. */
export const fetchSecondsPage = (q: { status: 1 | 2 | 3; page: number; limit?: number; matchId?: number }) =>
  get<SecondsList>(
    "/microtrade/lists",
    { status: q.status, page: q.page, limit: q.limit ?? 5, match_id: q.matchId },
    { silent: true, background: true },
  );

export const fetchResult = (id: number) => get<SecondsOrder>("/microtrade/get_result", { id }, { silent: true, background: true });

export const trailQuery = (symbol: string, from: number, to: number): QueryDef<PriceTrail> => ({
  key: [Q.trail, symbol, from, to],
  load: () => get<PriceTrail>("/currency/price_trail", { symbol, from, to }, { silent: true }),
  staleTime: 60_000,
});
