import type { Db } from "../db.ts";
import { type TrailReader, settleDualChunk } from "./dual.ts";
import { distributeIeoChunk } from "./ieo.ts";
import { accrueMiningChunk, type ChunkResult } from "./mining.ts";
import { cancelExpiredChunk } from "../onramp/orders.ts";
import { recomputeVipChunk } from "../activity/vip.ts";
import { accrueLoansChunk, liquidateLoansChunk } from "../loans/jobs.ts";
import { payRebatesChunk } from "../invite/rebates.ts";
import { type CopyDeps, syncCopiesChunk } from "../copy/sync.ts";
import { traderStatsChunk } from "../copy/traders.ts";

/**
 * The earn products' scheduled work, as chunked jobs: each `chunk` does at most one bounded batch (a few hundred
 * rows, a fixed number of statements) and says whether more is due, so one Worker invocation never meets its limits
 * however many positions are open. The EarnJobs Durable Object (durable/earn/) runs them on chained alarms.
 * Every chunk is idempotent (unique journal keys), so an alarm that fires twice, or late, pays nothing twice.
 * Loans add their accrual here. Jobs that settle on a market's price trail read it through `deps.trailAt` (the Market
 * object's RPC, given by the EarnJobs object); without it no price is in effect and they wait.
 */
/** `copy`: reference prices and the contract objects, for the copy hook (the EarnJobs object gives them). */
export type JobDeps = TrailReader & { copy?: CopyDeps };
export type ChunkJob = { name: string; chunk(db: Db, now: number, deps: JobDeps): Promise<ChunkResult> };

/** No trail at hand (tests of other jobs, benches): settlement on the trail waits, never guesses. */
export const NO_TRAIL: JobDeps = { trailAt: async () => null };

export const EARN_JOBS: ChunkJob[] = [
  { name: "mining_accrual", chunk: (db, now) => accrueMiningChunk(db, now) },
  { name: "ieo_distribution", chunk: (db, now) => distributeIeoChunk(db, now) },
  { name: "onramp_expiry", chunk: (db, now) => cancelExpiredChunk(db, now) },
  // Due once per UTC day: the VIP tiers of every user, a keyset page per chunk.
  { name: "vip_levels", chunk: (db, now) => recomputeVipChunk(db, now) },
  { name: "dual_settlement", chunk: (db, now, deps) => settleDualChunk(db, now, deps) },
  { name: "loan_accrual", chunk: (db, now) => accrueLoansChunk(db, now) },
  { name: "loan_liquidation", chunk: (db, now) => liquidateLoansChunk(db, now) },
  { name: "invite_rebates", chunk: (db, now) => payRebatesChunk(db, now) },
  // Copy trading: copies follow their traders (also right after a trader's own open or close), and traders' hourly figures.
  { name: "copy_sync", chunk: (db, now, deps) => syncCopiesChunk(db, deps.copy, now) },
  { name: "trader_stats", chunk: (db, now) => traderStatsChunk(db, now) },
];

export type RunResult = { processed: Record<string, number>; more: boolean; failed: { job: string; error: string }[] };

/**
 * Runs chunks of every job, round robin, until none has more or `budgetMs` is spent; `more` says another run is due
 * at once. A failing job is reported and skipped for this run; the others go on.
 */
export async function runEarnJobs(
  db: Db,
  now: () => number,
  budgetMs = 5_000,
  jobs: ChunkJob[] = EARN_JOBS,
  deps: JobDeps = NO_TRAIL,
): Promise<RunResult> {
  const started = now();
  const processed: Record<string, number> = {};
  const failed: RunResult["failed"] = [];
  let pending = [...jobs];
  while (pending.length > 0 && now() - started < budgetMs) {
    const next: ChunkJob[] = [];
    for (const job of pending) {
      try {
        const r = await job.chunk(db, now(), deps);
        processed[job.name] = (processed[job.name] ?? 0) + r.processed;
        if (r.more) next.push(job);
      } catch (err) {
        failed.push({ job: job.name, error: err instanceof Error ? err.message : String(err) });
      }
    }
    pending = next;
  }
  return { processed, more: pending.length > 0, failed };
}
