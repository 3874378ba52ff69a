import type { Db } from "../db.ts";
import { type CopyDeps, syncCopies } from "./sync.ts";
import { runTraderStats } from "./traders.ts";

/**
 * Copy trading's share of the every-minute cron: the copy hook for every trader (it catches closes by take-profit,
 * stop-loss and liquidation, which the routes never see) and the hourly statistics (a trader at most once an hour).
 * Failures are logged, never thrown.
 */
export async function runFollowCron(db: Db, deps: CopyDeps, now = Date.now()): Promise<void> {
  await syncCopies(db, deps).catch((err: unknown) =>
    console.error(JSON.stringify({ level: "error", job: "copy_sync", error: String(err) })),
  );
  await runTraderStats(db, now).catch((err: unknown) =>
    console.error(JSON.stringify({ level: "error", job: "trader_stats", error: String(err) })),
  );
}
