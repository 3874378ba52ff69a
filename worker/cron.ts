import { database } from "./domain/db.ts";
import { purgeExpiredCodes } from "./domain/auth/codes.ts";
import { purgeExpiredSessions } from "./domain/auth/sessions.ts";
import { purgeWalletNonces } from "./domain/auth/wallet.ts";
import { type FetchFn, type RefreshResult, refreshFiatRates } from "./domain/fiat/rates.ts";
import { purgeIdempotencyKeys } from "./domain/wallet/maintenance.ts";
import type { Env } from "./domain/env.ts";

type CleanupOutcome = { status: "purged" } | { status: "failed"; error: string };
export type ScheduledOutcome = {
  fiatRates: RefreshResult;
  sessions: CleanupOutcome;
  codes: CleanupOutcome;
  walletNonces: CleanupOutcome;
  idempotencyKeys: CleanupOutcome;
};

/** Runs one clean-up job; a failure is logged and reported, never thrown. */
const cleanup = (job: string, run: () => Promise<unknown>): Promise<CleanupOutcome> =>
  run().then(
    () => ({ status: "purged" as const }),
    (err: unknown) => {
      const error = err instanceof Error ? err.message : String(err);
      console.error(JSON.stringify({ level: "error", job, message: "purge failed", error }));
      return { status: "failed" as const, error };
    },
  );

/**
 * The daily cron (wrangler.toml `[triggers]`): fiat-rate refresh and clean-up of
 * expired sessions, codes, wallet nonces and idempotency keys. The jobs are independent: one failing never stops the other,
 * and each logs its own failure.
 */
export async function runScheduled(env: Env, now: number, deps: { fetch?: FetchFn } = {}): Promise<ScheduledOutcome> {
  const db = database(env.DB);
  const [fiatRates, sessions, codes, walletNonces, idempotencyKeys] = await Promise.all([
    refreshFiatRates(env, { now, fetch: deps.fetch }),
    cleanup("sessions", () => purgeExpiredSessions(db, now)),
    cleanup("codes", () => purgeExpiredCodes(db, now)),
    cleanup("wallet_nonces", () => purgeWalletNonces(db, now)),
    cleanup("idempotency_keys", () => purgeIdempotencyKeys(db, now)),
  ]);
  return { fiatRates, sessions, codes, walletNonces, idempotencyKeys };
}
