import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_MS, SESSION_CACHE_MS, SESSION_IDLE_MS, findSession } from "../../worker/domain/auth/sessions.ts";
import { newToken, sha256Hex } from "../../worker/domain/auth/tokens.ts";
import { api, createUser } from "./helpers.ts";
import { db } from "./money-helpers.ts";

/**
 * Session expiry as HTTP requests see it: idle 3 days, absolute 30 days after log-in. Every session here is written
 * straight to D1 with the timestamps under test and a token no request used before, so no isolate holds it in its
 * 5-second cache.
 */

const MINUTE = 60_000;
const PLEASE_LOG_IN = { type: "999", code: "PLEASE_LOG_IN", message: "Please log in first" };

/** A session of a new user with these timestamps; returns its raw token and hash. */
async function sessionAt(times: { createdAt: number; lastSeenAt: number; expiresAt?: number }) {
  const user = await createUser();
  const token = newToken();
  const tokenHash = await sha256Hex(token);
  const expiresAt = times.expiresAt ?? times.createdAt + SESSION_ABSOLUTE_MS;
  await env.DB.prepare("INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)")
    .bind(tokenHash, user.id, times.createdAt, times.lastSeenAt, expiresAt)
    .run();
  return { token, tokenHash, userId: user.id };
}

const sessionRow = (tokenHash: string) =>
  env.DB.prepare("SELECT last_seen_at AS lastSeenAt, expires_at AS expiresAt FROM sessions WHERE token_hash = ?")
    .bind(tokenHash)
    .first<{ lastSeenAt: number; expiresAt: number }>();

describe("idle expiry (3 days unused)", () => {
  it("a session unused for 3 days and a second answers 401 with type 999, and its row is deleted", async () => {
    const now = Date.now();
    const s = await sessionAt({ createdAt: now - 4 * 24 * 3600_000, lastSeenAt: now - SESSION_IDLE_MS - 1_000 });
    const res = await api("/user/info", { token: s.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(PLEASE_LOG_IN);
    expect(await sessionRow(s.tokenHash)).toBeNull();
  });

  it("a session unused for a minute less than 3 days still works, and the request moves its last use to now", async () => {
    const now = Date.now();
    const s = await sessionAt({ createdAt: now - 4 * 24 * 3600_000, lastSeenAt: now - SESSION_IDLE_MS + MINUTE });
    const before = Date.now();
    const res = await api<{ id: number }>("/user/info", { token: s.token });
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(res.body.message.id).toBe(s.userId);
    const row = (await sessionRow(s.tokenHash))!;
    expect(row.lastSeenAt).toBeGreaterThanOrEqual(before);
    expect(row.lastSeenAt).toBeLessThanOrEqual(after);
  });
});

describe("absolute expiry (30 days after log-in)", () => {
  it("a session 30 days old answers 401 with type 999 although it was used a minute ago, and its row is deleted", async () => {
    const now = Date.now();
    const s = await sessionAt({ createdAt: now - SESSION_ABSOLUTE_MS - 1_000, lastSeenAt: now - MINUTE });
    expect((await sessionRow(s.tokenHash))!.expiresAt).toBe(now - 1_000);
    const res = await api("/user/info?lang=zh", { token: s.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ...PLEASE_LOG_IN, message: "请先登录" });
    expect(await sessionRow(s.tokenHash)).toBeNull();
  });

  it("a session a minute short of 30 days old still works", async () => {
    const now = Date.now();
    const s = await sessionAt({ createdAt: now - SESSION_ABSOLUTE_MS + MINUTE, lastSeenAt: now - MINUTE });
    const res = await api<{ id: number }>("/user/info", { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.message.id).toBe(s.userId);
  });
});

describe("expiry and the isolate's session cache", () => {
  it("a session this isolate trusts ends at its absolute expiry, not SESSION_CACHE_MS later", async () => {
    const t0 = Date.now();
    const s = await sessionAt({ createdAt: t0 - SESSION_ABSOLUTE_MS + 2_000, lastSeenAt: t0 - MINUTE });
    expect(SESSION_CACHE_MS).toBeGreaterThan(2_000);
    expect(await findSession(db(), s.token, t0)).toMatchObject({ id: s.userId });
    expect(await findSession(db(), s.token, t0 + 1_999)).toMatchObject({ id: s.userId });
    expect(await findSession(db(), s.token, t0 + 2_000)).toBeNull();
  });

  it("a use inside the cache window still counts as a use: the idle clock restarts from it", async () => {
    const t0 = Date.now();
    const s = await sessionAt({ createdAt: t0 - 4 * 24 * 3600_000, lastSeenAt: t0 - SESSION_IDLE_MS + 2_000 });
    expect(await findSession(db(), s.token, t0)).toMatchObject({ id: s.userId });
    expect((await sessionRow(s.tokenHash))!.lastSeenAt).toBe(t0);
    expect(await findSession(db(), s.token, t0 + 2_000)).toMatchObject({ id: s.userId });
    expect(await findSession(db(), s.token, t0 + SESSION_IDLE_MS - 1)).toMatchObject({ id: s.userId });
    // Last used at t0 + IDLE - 1, so it ends exactly 3 days after that.
    expect((await sessionRow(s.tokenHash))!.lastSeenAt).toBe(t0 + SESSION_IDLE_MS - 1);
    expect(await findSession(db(), s.token, t0 + 2 * SESSION_IDLE_MS - 1)).toBeNull();
  });

  it("over HTTP, a session that expires while cached is refused from the moment it expires", async () => {
    const now = Date.now();
    const s = await sessionAt({ createdAt: now - SESSION_ABSOLUTE_MS + 300, lastSeenAt: now - MINUTE });
    expect((await api("/user/info", { token: s.token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const res = await api("/user/info", { token: s.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(PLEASE_LOG_IN);
  });
});
