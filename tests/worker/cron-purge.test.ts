import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index.ts";
import { runScheduled } from "../../worker/cron.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../worker/domain/auth/sessions.ts";
import { IDEMPOTENCY_TTL_MS } from "../../worker/domain/wallet/maintenance.ts";
import { createUser } from "./helpers.ts";

/**
 * The daily cron's clean-up (worker/cron.ts): what is past its time goes, what is not stays. Each table gets rows on
 * both sides of its cut-off, relative to the cron's scheduled time:
 *   sessions          past the absolute expiry, or unused for SESSION_IDLE_MS
 *   verification codes   expired more than a day ago (kept a day for the per-address limits and support)
 *   wallet nonces     expired more than an hour ago
 *   idempotency keys  stored more than IDEMPOTENCY_TTL_MS ago
 */

const NOW = Date.UTC(2026, 6, 1, 0, 5);
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let userId = 0;

async function column(query: string, name: string): Promise<string[]> {
  const { results } = await env.DB.prepare(query).all<Record<string, string>>();
  return results.map((r) => String(r[name])).sort();
}
const sessionsLeft = () => column("SELECT token_hash FROM sessions", "token_hash");
const codesLeft = () => column("SELECT target FROM verification_codes", "target");
const noncesLeft = () => column("SELECT nonce FROM wallet_nonces", "nonce");
const keysLeft = () => column("SELECT key FROM idempotency_keys", "key");

function session(name: string, t: { createdAt: number; lastSeenAt: number; expiresAt: number }) {
  return env.DB.prepare("INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)").bind(
    name,
    userId,
    t.createdAt,
    t.lastSeenAt,
    t.expiresAt,
  );
}
const code = (target: string, expiresAt: number) =>
  env.DB.prepare(
    "INSERT INTO verification_codes (target, purpose, code_hash, attempts, sent_at, expires_at) VALUES (?, 'register', 'x', 0, ?, ?)",
  ).bind(target, expiresAt - 10 * 60_000, expiresAt);
const nonce = (name: string, expiresAt: number) =>
  env.DB.prepare("INSERT INTO wallet_nonces (nonce, address, message, expires_at) VALUES (?, '0xabc', 'm', ?)").bind(name, expiresAt);
const idemKey = (key: string, createdAt: number) =>
  env.DB.prepare("INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at) VALUES (?, ?, 'h', '{}', ?)").bind(
    userId,
    key,
    createdAt,
  );

beforeEach(async () => {
  userId ||= (await createUser()).id;
  await env.DB.batch([
    env.DB.prepare("DELETE FROM sessions"),
    env.DB.prepare("DELETE FROM verification_codes"),
    env.DB.prepare("DELETE FROM wallet_nonces"),
    env.DB.prepare("DELETE FROM idempotency_keys"),
    // Sessions: one on each side of both expiries.
    session("live", { createdAt: NOW - HOUR, lastSeenAt: NOW - HOUR, expiresAt: NOW - HOUR + SESSION_ABSOLUTE_MS }),
    session("expires-now", { createdAt: NOW - SESSION_ABSOLUTE_MS, lastSeenAt: NOW - HOUR, expiresAt: NOW }),
    session("expired", { createdAt: NOW - SESSION_ABSOLUTE_MS - 1, lastSeenAt: NOW - HOUR, expiresAt: NOW - 1 }),
    session("idle-to-the-ms", { createdAt: NOW - 5 * DAY, lastSeenAt: NOW - SESSION_IDLE_MS, expiresAt: NOW + 25 * DAY }),
    session("idle", { createdAt: NOW - 5 * DAY, lastSeenAt: NOW - SESSION_IDLE_MS - 1, expiresAt: NOW + 25 * DAY }),
    // Codes: still valid, expired within the day, expired a day and a millisecond ago.
    code("valid@test.dev", NOW + 5 * 60_000),
    code("expired-today@test.dev", NOW - DAY),
    code("expired-yesterday@test.dev", NOW - DAY - 1),
    // Wallet nonces: still valid, expired within the hour, expired an hour and a millisecond ago.
    nonce("valid", NOW + 60_000),
    nonce("expired-this-hour", NOW - HOUR),
    nonce("expired-an-hour-ago", NOW - HOUR - 1),
    // Idempotency keys: stored just now, a day ago to the millisecond, a day and a millisecond ago.
    idemKey("fresh", NOW - 1),
    idemKey("day-old", NOW - IDEMPOTENCY_TTL_MS),
    idemKey("older", NOW - IDEMPOTENCY_TTL_MS - 1),
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("cron purge", () => {
  it("the scheduled handler purges old sessions, codes, wallet nonces and idempotency keys, and keeps fresh ones", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await worker.scheduled(createScheduledController({ scheduledTime: NOW, cron: "5 0 * * *" }), { ...env, FIAT_RATES_URL: "" });
    expect(await sessionsLeft()).toEqual(["expires-now", "idle-to-the-ms", "live"]);
    expect(await codesLeft()).toEqual(["expired-today@test.dev", "valid@test.dev"]);
    expect(await noncesLeft()).toEqual(["expired-this-hour", "valid"]);
    expect(await keysLeft()).toEqual(["day-old", "fresh"]);
  });

  it("a second run the same day removes nothing more", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const first = await runScheduled({ ...env, FIAT_RATES_URL: "" }, NOW);
    const second = await runScheduled({ ...env, FIAT_RATES_URL: "" }, NOW);
    const purged = { status: "purged" };
    const outcome = {
      fiatRates: { status: "skipped", reason: "no provider configured" },
      sessions: purged,
      codes: purged,
      walletNonces: purged,
      idempotencyKeys: purged,
    };
    expect([first, second]).toEqual([outcome, outcome]);
    expect(await sessionsLeft()).toEqual(["expires-now", "idle-to-the-ms", "live"]);
    expect(await codesLeft()).toEqual(["expired-today@test.dev", "valid@test.dev"]);
    expect(await noncesLeft()).toEqual(["expired-this-hour", "valid"]);
    expect(await keysLeft()).toEqual(["day-old", "fresh"]);
  });

  it("a day later, what was kept at the cut-off goes too; only the live session and the code valid then stay", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await runScheduled({ ...env, FIAT_RATES_URL: "" }, NOW + DAY);
    expect(await sessionsLeft()).toEqual(["live"]);
    expect(await codesLeft()).toEqual(["valid@test.dev"]);
    expect(await noncesLeft()).toEqual([]);
    expect(await keysLeft()).toEqual([]);
  });
});
