import type { Lobby } from "partyserver";
import { SESSION_HASH_HEADER } from "../../schema/api/realtime.ts";
import { SUPPORT_DESK, SUPPORT_SIDE_HEADER } from "../../schema/api/support.ts";
import { findSession, type SessionUser } from "../domain/auth/sessions.ts";
import { database } from "../domain/db.ts";
import type { Env } from "../domain/env.ts";
import { isSupportAgent } from "../domain/support/desk.ts";
import { conversationById } from "../domain/support/thread.ts";

/**
 * Guards of the customer-service rooms, checked in the Worker before the upgrade reaches a room (as the user room's):
 * a live session from the `token` query (or Authorization), read fresh from D1, and an allowed Origin.
 */

type Refuse = (req: Request, status: 401 | 403 | 404, code: "PLEASE_LOG_IN" | "FORBIDDEN" | "NOT_FOUND") => Promise<Response>;

async function sessionOf(req: Request, env: Env): Promise<SessionUser | null> {
  const url = new URL(req.url);
  const token = url.searchParams.get("token") ?? (req.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "").trim();
  return findSession(database(env.DB), token, Date.now(), { fresh: true });
}

/** The upgrade as forwarded: no token in the URL or headers; the session's hash and the side the guard decided. */
function forward(req: Request, session: SessionUser, side: "user" | "agent" | null): Request {
  const url = new URL(req.url);
  url.searchParams.delete("token");
  const forwarded = new Request(url, req);
  forwarded.headers.delete("authorization");
  forwarded.headers.delete(SUPPORT_SIDE_HEADER);
  forwarded.headers.set(SESSION_HASH_HEADER, session.tokenHash);
  if (side) forwarded.headers.set(SUPPORT_SIDE_HEADER, side);
  return forwarded;
}

/**
 * `/parties/support-room/<conversation id>`: the conversation's user, or a support agent. Anyone else with a session
 * learns nothing (404, as for a conversation that does not exist); no session is 401.
 */
export function supportRoomGuard(refuse: Refuse, originAllowed: (req: Request, siteOrigin: string) => boolean) {
  return async (req: Request, lobby: Lobby<Env>, env: Env): Promise<Response | Request> => {
    if (!originAllowed(req, env.SITE_ORIGIN)) return refuse(req, 403, "FORBIDDEN");
    const session = await sessionOf(req, env);
    if (!session) return refuse(req, 401, "PLEASE_LOG_IN");
    if (!/^[1-9]\d{0,14}$/.test(lobby.name)) return refuse(req, 404, "NOT_FOUND");
    const db = database(env.DB);
    const conversation = await conversationById(db, Number(lobby.name));
    if (!conversation) return refuse(req, 404, "NOT_FOUND");
    if (conversation.userId === session.id) return forward(req, session, "user");
    if (session.role === "operator" && (await isSupportAgent(db, session.id))) return forward(req, session, "agent");
    return refuse(req, 404, "NOT_FOUND");
  };
}

/** `/parties/support-desk/main`: support agents only. */
export function supportDeskGuard(refuse: Refuse, originAllowed: (req: Request, siteOrigin: string) => boolean) {
  return async (req: Request, lobby: Lobby<Env>, env: Env): Promise<Response | Request> => {
    if (!originAllowed(req, env.SITE_ORIGIN)) return refuse(req, 403, "FORBIDDEN");
    if (lobby.name !== SUPPORT_DESK) return refuse(req, 404, "NOT_FOUND");
    const session = await sessionOf(req, env);
    if (!session) return refuse(req, 401, "PLEASE_LOG_IN");
    if (session.role !== "operator" || !(await isSupportAgent(database(env.DB), session.id))) return refuse(req, 403, "FORBIDDEN");
    return forward(req, session, null);
  };
}
