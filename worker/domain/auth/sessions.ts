import { and, eq, lt, ne, or } from "drizzle-orm";
import { sessions, users } from "../../../schema/db/index.ts";
import type { Db } from "../../http/context.ts";
import { newToken, sha256Hex } from "./tokens.ts";

/** A session ends after this long unused, or this long after log-in, whichever comes first. */
export const SESSION_IDLE_MS = 3 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60_000;

export type SessionMeta = { ip: string; userAgent: string };

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

/** The live session for a raw token, with its user; null when missing, expired or the user is locked. */
export async function findSession(db: Db, token: string, now = Date.now()) {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const tokenHash = await sha256Hex(token);
  const row = await db
    .select({ userId: sessions.userId, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, role: users.role, status: users.status })
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
  return { id: row.userId, role: row.role, tokenHash };
}

export const endSession = (db: Db, tokenHash: string) => db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));

/** After a password change: every session of the user but the one that made the change. */
export const endOtherSessions = (db: Db, userId: number, keepTokenHash: string) =>
  db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));

export const endAllSessions = (db: Db, userId: number) => db.delete(sessions).where(eq(sessions.userId, userId));

/** Cron clean-up of sessions past either expiry. */
export const purgeExpiredSessions = (db: Db, now = Date.now()) =>
  db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, now - SESSION_IDLE_MS)));
