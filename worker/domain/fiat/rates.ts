import { Decimal } from "decimal.js";
import { database } from "../db.ts";
import { sql } from "drizzle-orm";
import * as z from "zod/mini";
import { FIAT_CODES, type FiatCode, type FiatRate, isFiatCode } from "../../../schema/api/content.ts";
import { fiatRates } from "../../../schema/db/index.ts";
import type { Env } from "../env.ts";
import type { Db } from "../db.ts";
import { log } from "../log.ts";

/**
 * Fiat display rates: units of each supported fiat per 1 USD, refreshed once a
 * day by cron from a JSON provider (env.FIAT_RATES_URL). Rates are display
 * conversions only, never used to move money. Everything from the provider is
 * untrusted: it is validated, rebased to USD and rounded with decimal.js, and a
 * refresh that fails in any way leaves the stored rates as they were.
 */

/** 20 significant digits, half-up (README, "Design": Money). */
const D = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP });

/** Stored rates keep this many significant digits. */
const STORED_DIGITS = 12;
/** No supported fiat is anywhere near these per 1 USD (VND is about 26,000). */
const MIN_RATE = new D("0.000001");
const MAX_RATE = new D("10000000");
/** A rate that more than doubles or halves since the stored one is held back as suspect. */
const MAX_MOVE = new D(2);
const FETCH_TIMEOUT_MS = 15_000;
const MAX_BODY_CHARS = 2_000_000;

export type FiatRateMap = Partial<Record<FiatCode, string>>;
export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

/** A source of USD-based rates for the supported fiats, as canonical decimal strings. */
export interface RateProvider {
  fetchRates(fetch: FetchFn, url: string): Promise<FiatRateMap>;
}

export class FiatProviderError extends Error {}

/** A plain decimal: digits with an optional fraction and exponent; no sign, no NaN or Infinity. */
const DECIMAL_TEXT = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?$/;

/** A provider value: a JSON number or numeric text, finite and strictly positive. */
const rateValue = z.pipe(
  z.union([z.number(), z.string()]),
  z.transform((value, ctx) => {
    const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
    if (text.length > 40 || !DECIMAL_TEXT.test(text) || !new D(text).gt(0)) {
      ctx.issues.push({ code: "custom", input: value, message: "not a positive decimal" });
      return z.NEVER;
    }
    return new D(text);
  }),
);

/** `{base?: "USD", rates: {EUR: 0.92, ...}}`: the common shape of rate APIs. */
const mapShape = z.object({
  base: z.optional(z.string()),
  rates: z.record(z.string(), z.unknown()),
});

/** `{rates: [{currency_code, rate}]}`: the shape the original client read. */
const listShape = z.object({
  base: z.optional(z.string()),
  baseCurrency: z.optional(z.string()),
  rates: z.array(z.object({ currency_code: z.string(), rate: z.unknown() })),
});

/**
 * Validates a provider answer and returns the supported fiats' rates per 1 USD.
 * Codes outside the supported list are ignored; a supported code with a junk
 * value rejects the whole answer (a provider sending junk is not trusted for
 * the rest either). Rates given against another base are rebased through USD.
 */
export function parseProviderRates(json: unknown): FiatRateMap {
  let base: string | undefined;
  let entries: [string, unknown][];
  const asList = z.safeParse(listShape, json);
  const asMap = asList.success ? undefined : z.safeParse(mapShape, json);
  if (asList.success) {
    base = asList.data.base ?? asList.data.baseCurrency;
    entries = asList.data.rates.map((entry) => [entry.currency_code, entry.rate]);
  } else if (asMap?.success) {
    base = asMap.data.base;
    entries = Object.entries(asMap.data.rates);
  } else {
    throw new FiatProviderError("provider answer has neither {rates: {CODE: rate}} nor {rates: [{currency_code, rate}]}");
  }
  const raw = new Map<FiatCode, unknown>();
  for (const [key, value] of entries) {
    const code = key.trim().toUpperCase();
    if (isFiatCode(code)) raw.set(code, value);
  }

  const values = new Map<FiatCode, Decimal>();
  for (const [code, value] of raw) {
    const parsed = z.safeParse(rateValue, value);
    if (!parsed.success) throw new FiatProviderError(`provider rate for ${code} is not a positive decimal`);
    values.set(code, parsed.data);
  }

  // Rebase to USD: with USD in the answer, divide by it; without it the base must be USD.
  const usd = values.get("USD");
  if (!usd && base !== undefined && base.trim().toUpperCase() !== "USD") {
    throw new FiatProviderError(`provider base ${base.slice(0, 8)} cannot be converted to USD`);
  }
  const out: FiatRateMap = { USD: "1" };
  for (const [code, value] of values) {
    if (code === "USD") continue;
    const rate = (usd ? value.div(usd) : value).toSignificantDigits(STORED_DIGITS, D.ROUND_HALF_UP);
    if (rate.lt(MIN_RATE) || rate.gt(MAX_RATE)) throw new FiatProviderError(`provider rate for ${code} is out of range`);
    out[code] = rate.toFixed();
  }
  if (Object.keys(out).length < 2) throw new FiatProviderError("provider answer has no supported fiat");
  return out;
}

/** Reads a JSON provider. Network errors, non-200 answers and non-JSON bodies throw. */
export async function fetchRates(fetch: FetchFn, url: string): Promise<FiatRateMap> {
  const res = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!res.ok) throw new FiatProviderError(`provider answered HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > MAX_BODY_CHARS) throw new FiatProviderError("provider answer is too large");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FiatProviderError("provider answer is not JSON");
  }
  return parseProviderRates(json);
}

export const jsonRateProvider: RateProvider = { fetchRates };

export type RefreshResult =
  | { status: "updated"; updated: FiatCode[]; heldBack: FiatCode[] }
  | { status: "skipped"; reason: string }
  | { status: "failed"; error: string };

/**
 * The daily refresh. Writes the accepted rates in one statement; on any
 * failure the stored rates stay and the error is logged (never the URL, which
 * may carry an API key).
 */
export async function refreshFiatRates(
  env: Env,
  deps: { fetch?: FetchFn; provider?: RateProvider; now?: number } = {},
): Promise<RefreshResult> {
  const url = (env.FIAT_RATES_URL ?? "").trim();
  if (!url) {
    log("info", { job: "fiat-rates", message: "FIAT_RATES_URL is empty; stored rates kept" });
    return { status: "skipped", reason: "no provider configured" };
  }
  const db = database(env.DB);
  const now = deps.now ?? Date.now();
  const fetchFn: FetchFn = deps.fetch ?? ((input, init) => fetch(input, init));
  try {
    if (!/^https?:\/\//i.test(url)) throw new FiatProviderError("FIAT_RATES_URL is not an http(s) URL");
    const fresh = await (deps.provider ?? jsonRateProvider).fetchRates(fetchFn, url);
    const stored = await storedRates(db);
    const accepted: [FiatCode, string][] = [];
    const heldBack: FiatCode[] = [];
    for (const code of FIAT_CODES) {
      const rate = fresh[code];
      if (rate === undefined) continue;
      const previous = stored.get(code);
      if (previous && code !== "USD" && movedTooFar(previous.rate, rate)) heldBack.push(code);
      else accepted.push([code, rate]);
    }
    await db
      .insert(fiatRates)
      .values(accepted.map(([currencyCode, rate]) => ({ currencyCode, rate, updatedAt: now })))
      .onConflictDoUpdate({ target: fiatRates.currencyCode, set: { rate: sql`excluded.rate`, updatedAt: sql`excluded.updated_at` } });
    if (heldBack.length > 0) {
      log("warn", { job: "fiat-rates", message: "rates moved more than 2x; stored rates kept", codes: heldBack });
    }
    return { status: "updated", updated: accepted.map(([code]) => code), heldBack };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log("error", { job: "fiat-rates", message: "refresh failed; stored rates kept", error });
    return { status: "failed", error };
  }
}

function movedTooFar(previous: string, next: string): boolean {
  let before: Decimal;
  try {
    before = new D(previous);
  } catch {
    return false;
  }
  if (!before.gt(0)) return false;
  const ratio = new D(next).div(before);
  return ratio.gt(MAX_MOVE) || ratio.lt(new D(1).div(MAX_MOVE));
}

async function storedRates(db: Db) {
  const rows = await db.select().from(fiatRates);
  return new Map(rows.map((r) => [r.currencyCode, r]));
}

/** GET /fiat/rates: the supported fiats in the spec's order; USD is always 1; fiats never fetched are left out. */
export async function listFiatRates(db: Db): Promise<FiatRate[]> {
  const stored = await storedRates(db);
  const newest = Math.max(0, ...[...stored.values()].map((r) => r.updatedAt));
  const out: FiatRate[] = [];
  for (const code of FIAT_CODES) {
    if (code === "USD") {
      out.push({ currency_code: "USD", rate: "1", updated_at: stored.get("USD")?.updatedAt ?? newest });
      continue;
    }
    const row = stored.get(code);
    if (row) out.push({ currency_code: code, rate: row.rate, updated_at: row.updatedAt });
  }
  return out;
}
