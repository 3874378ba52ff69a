import { and, eq, inArray, lt, ne, or } from "drizzle-orm";
import { sessions, users } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { newToken, sha256Hex } from "./tokens.ts";

/** The signed-in user as the session middleware loads it. */
export type SessionUser = {
  id: number;
  role: "user" | "operator" | "system";
  tokenHash: string;
};

/** A session ends after this long unused, or this long after log-in, whichever comes first. */
export const SESSION_IDLE_MS = 3 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60_000;

export type SessionMeta = { ip: string; userAgent: string };

/**
 * A session read from D1 is trusted by this isolate for this long without
 * reading it again: a trader's burst of orders checks its session once, not per
 * order. Logging out, a password change and a reset forget the user's sessions in
 * the isolate that handles them at once; another isolate may accept a session
 * ended elsewhere for at most this long.
 */
export const SESSION_CACHE_MS = 5_000;
const CACHE_MAX = 10_000;
const verified = new Map<string, { session: SessionUser; until: number }>();

function remember(session: SessionUser, until: number): void {
  if (verified.size >= CACHE_MAX) verified.delete(verified.keys().next().value!);
  verified.set(session.tokenHash, { session, until });
}

/** Forgets cached sessions: one by token hash, or every one of a user. */
export function forgetSessions(by: { tokenHash: string } | { userId: number }): void {
  if ("tokenHash" in by) {
    verified.delete(by.tokenHash);
    return;
  }
  for (const [hash, entry] of verified) if (entry.session.id === by.userId) verified.delete(hash);
}

/** Starts a session; returns the raw token (given to the client once) and the statement to run. */
export async function startSession(db: Db, userId: number, meta: SessionMeta, now = Date.now()) {
  const token = newToken();
  const tokenHash = await sha256Hex(token);
  const insert = db.insert(sessions).values({
    tokenHash,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + SESSION_ABSOLUTE_MS,
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 256),
  });
  return { token, tokenHash, insert };
}

/**
 * The live session for a raw token, with its user; null when missing, expired or
 * the user is locked. `fresh` skips the isolate's cache (a socket lives for
 * hours, so opening one is checked against D1 itself).
 */
export async function findSession(db: Db, token: string, now = Date.now(), opts: { fresh?: boolean } = {}): Promise<SessionUser | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const tokenHash = await sha256Hex(token);
  const cached = verified.get(tokenHash);
  if (cached && cached.until > now && !opts.fresh) return cached.session;
  verified.delete(tokenHash);
  const row = await db
    .select({
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      role: users.role,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .get();
  if (!row || row.status !== "active") return null;
  if (row.expiresAt <= now || row.lastSeenAt + SESSION_IDLE_MS <= now) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now - row.lastSeenAt > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  const session: SessionUser = { id: row.userId, role: row.role, tokenHash };
  remember(session, Math.min(now + SESSION_CACHE_MS, row.expiresAt, row.lastSeenAt + SESSION_IDLE_MS));
  return session;
}

export const endSession = (db: Db, tokenHash: string) => {
  forgetSessions({ tokenHash });
  return db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
};

/** After a password change: every session of the user but the one that made the change. */
export const endOtherSessions = (db: Db, userId: number, keepTokenHash: string) => {
  forgetSessions({ userId });
  return db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
};

export const endAllSessions = (db: Db, userId: number) => {
  forgetSessions({ userId });
  return db.delete(sessions).where(eq(sessions.userId, userId));
};

/** Which of these sessions (by token hash) are still live: not ended, within both expiries, the user not locked. */
export async function liveSessions(db: Db, tokenHashes: string[], now = Date.now()): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.tokenHash, tokenHashes));
  return new Set(
    rows.filter((r) => r.status === "active" && r.expiresAt > now && r.lastSeenAt + SESSION_IDLE_MS > now).map((r) => r.tokenHash),
  );
}

/** Cron clean-up of sessions past either expiry. */
export const purgeExpiredSessions = (db: Db, now = Date.now()) =>
  db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, now - SESSION_IDLE_MS)));
