import type { Db } from "../db.ts";
import { loadMarkets } from "./markets.ts";

/**
 * Markets run without a visitor: every enabled market's Durable Object is woken (it boots and arms its alarm, which
 * then keeps it ticking) by the every-minute cron and by each isolate's first request. A switched-off market is left
 * alone: its object stops by itself and the cron wakes it again once it is switched back on.
 */

export type WakeOutcome = { woken: string[]; failed: { symbol: string; error: string }[] };

/** Calls `wake` for every enabled market (straight from D1, no cache); one failing never stops the others. */
export async function wakeMarkets(db: Db, wake: (symbol: string) => Promise<unknown>): Promise<WakeOutcome> {
  const list = (await loadMarkets(db)).filter((m) => m.enabled);
  const results = await Promise.allSettled(list.map((m) => wake(m.symbol)));
  const out: WakeOutcome = { woken: [], failed: [] };
  results.forEach((r, i) => {
    const symbol = list[i]!.symbol;
    if (r.status === "fulfilled") out.woken.push(symbol);
    else out.failed.push({ symbol, error: r.reason instanceof Error ? r.reason.message : String(r.reason) });
  });
  return out;
}
