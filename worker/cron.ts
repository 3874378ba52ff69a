import { database } from "./domain/db.ts";
import { purgeExpiredCodes } from "./domain/auth/codes.ts";
import { purgeExpiredSessions } from "./domain/auth/sessions.ts";
import { purgeWalletNonces } from "./domain/auth/wallet.ts";
import { type FetchFn, type RefreshResult, refreshFiatRates } from "./domain/fiat/rates.ts";
import { purgeIdempotencyKeys } from "./domain/wallet/maintenance.ts";
import { type WakeOutcome, wakeMarkets } from "./domain/markets/wake.ts";
import type { Env } from "./domain/env.ts";
import { contractSymbols } from "./domain/contracts/pairs.ts";
import { type OvernightResult, chargeOvernight } from "./domain/contracts/overnight.ts";
import { quizSymbols } from "./domain/quiz/rounds.ts";
import { log } from "./domain/log.ts";

/** wrangler.toml `[triggers]`: the daily jobs, and every minute the markets' wake-up. */
export const DAILY_CRON = "5 0 * * *";
export const MARKETS_CRON = "* * * * *";

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
      log("error", { job, message: "purge failed", error });
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

/**
 * The every-minute cron: wakes every enabled market (`wake` reaches its Durable Object; worker/index.ts wires it,
 * being the one worker file that holds the object classes). Failures are logged and reported, never thrown.
 */
export async function runMarketsCron(env: Env, wake: (symbol: string) => Promise<unknown>): Promise<WakeOutcome> {
  try {
    const outcome = await wakeMarkets(database(env.DB), wake);
    for (const f of outcome.failed) log("error", { job: "markets_wake", market: f.symbol, error: f.error });
    return outcome;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log("error", { job: "markets_wake", error });
    return { woken: [], failed: [{ symbol: "*", error }] };
  }
}

/**
 * Also every minute: wakes each contract pair's object, so its triggers run (and its outbox drains) even when no
 * route has reached it since a deploy. Failures are logged, never thrown.
 */
export async function runContractsCron(env: Env, wake: (symbol: string) => Promise<unknown>): Promise<void> {
  try {
    const symbols = await contractSymbols(database(env.DB));
    const results = await Promise.allSettled(symbols.map((s) => wake(s)));
    results.forEach((r, i) => {
      if (r.status === "rejected") log("error", { job: "contracts_wake", market: symbols[i], error: String(r.reason) });
    });
  } catch (err) {
    log("error", { job: "contracts_wake", error: String(err) });
  }
}

/**
 * Also every minute: wakes the Quiz object of each market with automatic or open rounds, so it plans and settles even
 * when nothing else reached it since a deploy. Failures are logged, never thrown.
 */
export async function runQuizCron(env: Env, wake: (symbol: string) => Promise<unknown>): Promise<void> {
  try {
    const symbols = await quizSymbols(database(env.DB));
    const results = await Promise.allSettled(symbols.map((s) => wake(s)));
    results.forEach((r, i) => {
      if (r.status === "rejected") log("error", { job: "quiz_wake", market: symbols[i], error: String(r.reason) });
    });
  } catch (err) {
    log("error", { job: "quiz_wake", error: String(err) });
  }
}

/**
 * Daily, after the cutoff: the contracts' overnight fee (worker/domain/contracts/overnight.ts; once per position and
 * day however often it runs), then each contract object re-reads the charged positions (their liquidation prices
 * moved). A failure is logged and reported, never thrown; the next run charges what this one missed.
 */
export async function runOvernightFees(
  env: Env,
  now: number,
  tell: (symbol: string, ids: number[]) => Promise<unknown>,
): Promise<OvernightResult | { error: string }> {
  try {
    const result = await chargeOvernight(database(env.DB), now);
    for (const [symbol, ids] of result.changed) {
      for (let i = 0; i < ids.length; i += 500) {
        await tell(symbol, ids.slice(i, i + 500)).catch((err: unknown) =>
          log("warn", { job: "overnight_fees", market: symbol, error: String(err) }),
        );
      }
    }
    return result;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log("error", { job: "overnight_fees", error });
    return { error };
  }
}
