import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index.ts";
import { runScheduled } from "../../worker/cron.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../worker/domain/auth/sessions.ts";
import { createUser } from "./helpers.ts";

const PROVIDER = "https://rates.example/daily.json";
const NOW = Date.UTC(2026, 6, 1, 0, 5);

async function sessionHashes(): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT token_hash FROM sessions ORDER BY token_hash").all<{ token_hash: string }>();
  return results.map((r) => r.token_hash);
}

/** One live session, one past its absolute expiry and one idle too long, all relative to NOW. */
async function threeSessions() {
  await env.DB.prepare("DELETE FROM sessions").run();
  const user = await createUser();
  await env.DB.batch([
    env.DB.prepare("DELETE FROM sessions"),
    env.DB.prepare("INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES ('live', ?, ?, ?, ?)").bind(
      user.id,
      NOW - 1000,
      NOW - 1000,
      NOW + SESSION_ABSOLUTE_MS,
    ),
    env.DB.prepare("INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES ('expired', ?, ?, ?, ?)").bind(
      user.id,
      NOW - SESSION_ABSOLUTE_MS - 10,
      NOW - 1000,
      NOW - 10,
    ),
    env.DB.prepare("INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES ('idle', ?, ?, ?, ?)").bind(
      user.id,
      NOW - SESSION_IDLE_MS - 10,
      NOW - SESSION_IDLE_MS - 10,
      NOW + 1000,
    ),
  ]);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("scheduled handler", () => {
  it("refreshes fiat rates from the provider and purges expired sessions", async () => {
    await threeSessions();
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      expect(String(input instanceof Request ? input.url : input)).toBe(PROVIDER);
      return Response.json({ base: "USD", rates: { EUR: 0.91, SGD: 1.34 } });
    });
    const controller = createScheduledController({ scheduledTime: NOW, cron: "5 0 * * *" });
    await worker.scheduled(controller, { ...env, FIAT_RATES_URL: PROVIDER });

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const { results } = await env.DB.prepare("SELECT currency_code, rate, updated_at FROM fiat_rates ORDER BY currency_code").all();
    expect(results).toEqual([
      { currency_code: "EUR", rate: "0.91", updated_at: NOW },
      { currency_code: "SGD", rate: "1.34", updated_at: NOW },
      { currency_code: "USD", rate: "1", updated_at: NOW },
    ]);
    expect(await sessionHashes()).toEqual(["live"]);
  });

  it("still purges sessions when the rate provider is down, and keeps the stored rates", async () => {
    await threeSessions();
    await env.DB.prepare("INSERT OR REPLACE INTO fiat_rates (currency_code, rate, updated_at) VALUES ('EUR', '0.9', 1)").run();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost"));
    const outcome = await runScheduled({ ...env, FIAT_RATES_URL: PROVIDER }, NOW);

    expect(outcome.fiatRates.status).toBe("failed");
    expect(outcome.sessions).toEqual({ status: "purged" });
    expect(error).toHaveBeenCalledWith(expect.stringContaining("fiat-rates"));
    expect(await sessionHashes()).toEqual(["live"]);
    const eur = await env.DB.prepare("SELECT rate, updated_at FROM fiat_rates WHERE currency_code = 'EUR'").first();
    expect(eur).toEqual({ rate: "0.9", updated_at: 1 });
  });

  it("runs with no provider configured: rates skipped, sessions purged", async () => {
    await threeSessions();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const outcome = await runScheduled(env, NOW);
    expect(outcome).toEqual({
      fiatRates: { status: "skipped", reason: "no provider configured" },
      sessions: { status: "purged" },
      codes: { status: "purged" },
      walletNonces: { status: "purged" },
      idempotencyKeys: { status: "purged" },
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
    expect(await sessionHashes()).toEqual(["live"]);
  });
});
