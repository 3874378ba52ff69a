import type { Connection, ConnectionContext } from "partyserver";
import { SESSION_HASH_HEADER } from "../../schema/api/realtime.ts";
import { liveSessions } from "../../worker/domain/auth/sessions.ts";
import type { Db } from "../../worker/domain/db.ts";

/**
 * Sockets of private rooms carry the session that opened them (its token hash, which the Worker's guard puts on the
 * upgrade) as a tag, which survives hibernation; a periodic check closes those whose session has ended.
 */

const SESSION_TAG = "session:";

/** How often a room checks its open sockets' sessions against D1. */
export const SESSION_RECHECK_MS = 5 * 60_000;

/** Close code for a socket whose session ended (4000-4999 are the application's). */
export const SESSION_ENDED_CODE = 4001;

/** The tag naming the upgrade's session, for getConnectionTags. */
export function sessionTags(ctx: ConnectionContext): string[] {
  const tokenHash = ctx.request.headers.get(SESSION_HASH_HEADER);
  return tokenHash ? [`${SESSION_TAG}${tokenHash}`] : [];
}

/** Closes the sockets whose session has ended (or that carry none); answers how many stay open. */
export async function closeEndedSessions(db: Db, connections: Iterable<Connection>): Promise<number> {
  const open = [...connections];
  if (open.length === 0) return 0;
  const hashOf = (c: Connection) => c.tags.find((t) => t.startsWith(SESSION_TAG))?.slice(SESSION_TAG.length);
  const live = await liveSessions(db, [...new Set(open.map(hashOf).filter((h): h is string => h !== undefined))]);
  let kept = 0;
  for (const c of open) {
    const hash = hashOf(c);
    if (hash && live.has(hash)) kept++;
    else c.close(SESSION_ENDED_CODE, "session ended");
  }
  return kept;
}
