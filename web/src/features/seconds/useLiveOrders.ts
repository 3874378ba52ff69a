import { useEffect, useRef, useState } from "react";
import type { SecondsOrder } from "../../../../schema/api/seconds.ts";
import { queryClient } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { fetchResult, fetchSecondsPage } from "./api.ts";
import { useSecondsResults } from "./results.ts";

/** Settled orders stay on the trade page this long, so the result can be read. */
const KEEP_SETTLED_MS = 120_000;
const POLL_MS = 1_000;

/**
 * The caller's running seconds orders of one market, with a clock for their countdowns: read through the cache, joined
 * by orders just placed, and replaced by their result when it is pushed on the user room, or, polling get_result once a
 * second after handled_at, when the push is late. A result reads the balances again.
 */
export function useLiveOrders(token: string | null, matchId: number) {
  const [now, setNow] = useState(() => Date.now());
  const [placed, setPlaced] = useState<SecondsOrder[]>([]);
  const [settled, setSettled] = useState<Map<number, SecondsOrder>>(new Map());
  const open = useQuery(
    {
      key: [Q.seconds, token, "running", matchId],
      load: async () => {
        const [a, b] = await Promise.all([
          fetchSecondsPage({ status: 1, page: 1, limit: 50, matchId }),
          fetchSecondsPage({ status: 2, page: 1, limit: 50, matchId }),
        ]);
        return [...a.data, ...b.data];
      },
    },
    { enabled: !!token && matchId > 0 },
  );

  const settle = (order: SecondsOrder) => {
    if (order.match_id !== matchId || order.status !== 3) return;
    setSettled((cur) => (cur.has(order.id) ? cur : new Map(cur).set(order.id, order)));
    for (const key of BALANCE_KEYS) void queryClient.invalidate(key);
    void queryClient.invalidate([Q.seconds, token, "payable"]);
  };
  useSecondsResults(settle);

  const byId = new Map<number, SecondsOrder>();
  for (const o of [...(open.data ?? []), ...placed]) byId.set(o.id, o);
  for (const o of settled.values()) byId.set(o.id, o);
  const orders = [...byId.values()]
    .filter((o) => o.status !== 3 || now - o.handled_at < KEEP_SETTLED_MS)
    .sort((a, b) => b.created_at - a.created_at);
  const running = orders.some((o) => o.status !== 3);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);

  // Past handled_at without a pushed result: ask once a second.
  const lastPoll = useRef(0);
  const due = orders.filter((o) => o.status !== 3 && now >= o.handled_at);
  useEffect(() => {
    if (due.length === 0 || now - lastPoll.current < POLL_MS) return;
    lastPoll.current = now;
    for (const o of due) void fetchResult(o.id).then(settle, () => undefined);
  });

  return {
    orders,
    now,
    loading: open.loading && !open.data,
    error: open.data ? undefined : open.error,
    reload: open.reload,
    add: (o: SecondsOrder) => setPlaced((cur) => [o, ...cur]),
  };
}
