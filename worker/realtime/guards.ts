import { eq } from "drizzle-orm";
import { database } from "../domain/db.ts";
import type { Lobby, PartyServerOptions } from "partyserver";
import type { ErrorEnvelope } from "../../schema/api/envelope.ts";
import { DEFAULT_LANG, isLang } from "../../schema/api/lang.ts";
import { SESSION_HASH_HEADER } from "../../schema/api/realtime.ts";
import * as tables from "../../schema/db/index.ts";
import { findSession } from "../domain/auth/sessions.ts";
import { cachedMarkets } from "../domain/markets/markets.ts";
import type { Env } from "../domain/env.ts";
import { translate, type MessageCode } from "../domain/i18n/translate.ts";
import { supportDeskGuard, supportRoomGuard } from "./support-guards.ts";
import { auctionRoomKnown } from "./auction-guards.ts";

/**
 * Who may open which room, checked in the Worker before a request reaches a
 * Durable Object (partyserver's onBeforeConnect / onBeforeRequest).
 * A guard answers a Response to refuse, or the Request to forward.
 * Rooms without a guard are refused: add one line per room class below.
 */
type Guard = (req: Request, lobby: Lobby<Env>, env: Env) => Promise<Response | Request>;

const guards: Partial<Record<string, { connect: Guard; request?: Guard }>> = {
  UserRoom: { connect: ownUserRoom },
  MarketRoom: { connect: publicMarketRoom },
  SupportRoom: { connect: (req, lobby, env) => supportRoomGuard(refuse, originAllowed)(req, lobby, env) },
  SupportDesk: { connect: (req, lobby, env) => supportDeskGuard(refuse, originAllowed)(req, lobby, env) },
  AuctionRoom: {
    connect: async (req, lobby, env) =>
      !originAllowed(req, env.SITE_ORIGIN)
        ? refuse(req, 403, "FORBIDDEN")
        : (await auctionRoomKnown(lobby, env))
          ? req
          : refuse(req, 404, "NOT_FOUND"),
  },
};

export function roomRouting(env: Env): PartyServerOptions<Env> {
  return {
    onBeforeConnect: (req, lobby) => guards[lobby.className]?.connect(req, lobby, env) ?? refuse(req, 404, "NOT_FOUND"),
    onBeforeRequest: (req, lobby) => guards[lobby.className]?.request?.(req, lobby, env) ?? refuse(req, 404, "NOT_FOUND"),
  };
}

/**
 * The per-user room `/parties/user-room/<uid>?token=<session token>`: a live
 * session whose user has that uid, from an allowed Origin. The token is taken
 * off the URL before it reaches the room (the room keeps the URL per socket);
 * its hash goes along instead, so the room can close the socket when the session ends.
 */
async function ownUserRoom(req: Request, lobby: Lobby<Env>, env: Env): Promise<Response | Request> {
  if (!originAllowed(req, env.SITE_ORIGIN)) return refuse(req, 403, "FORBIDDEN");
  const url = new URL(req.url);
  const token = url.searchParams.get("token") ?? (req.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "").trim();
  const db = database(env.DB);
  const session = await findSession(db, token, Date.now(), { fresh: true });
  if (!session) return refuse(req, 401, "PLEASE_LOG_IN");
  const user = await db.select({ uid: tables.users.uid }).from(tables.users).where(eq(tables.users.id, session.id)).get();
  if (!user || user.uid !== lobby.name) return refuse(req, 401, "PLEASE_LOG_IN");
  url.searchParams.delete("token");
  const forwarded = new Request(url, req);
  forwarded.headers.delete("authorization");
  forwarded.headers.set(SESSION_HASH_HEADER, session.tokenHash);
  return forwarded;
}

/**
 * A market room `/parties/market-room/<BASE-QUOTE>` (an enabled market) or
 * `/parties/market-room/ALL`: public and read-only, so no token, but the same
 * Origin check as the user room. Unknown names are refused before an object exists.
 */
async function publicMarketRoom(req: Request, lobby: Lobby<Env>, env: Env): Promise<Response | Request> {
  if (!originAllowed(req, env.SITE_ORIGIN)) return refuse(req, 403, "FORBIDDEN");
  if (lobby.name === "ALL") return req;
  const db = database(env.DB);
  const symbol = lobby.name.replace("-", "/");
  const known = (await cachedMarkets(db)).some((m) => m.enabled && m.symbol === symbol && lobby.name.includes("-"));
  return known ? req : refuse(req, 404, "NOT_FOUND");
}

/**
 * With SITE_ORIGIN set, a browser's Origin must be that origin or the host the
 * request came to. A request without Origin is not from a browser page (the
 * token, not a cookie, is what authenticates it), so it passes.
 */
export function originAllowed(req: Request, siteOrigin: string): boolean {
  const origin = req.headers.get("origin");
  if (!siteOrigin || origin === null) return true;
  try {
    return new URL(origin).origin === new URL(siteOrigin).origin || new URL(origin).host === new URL(req.url).host;
  } catch {
    return false;
  }
}

function refuse(req: Request, status: 401 | 403 | 404, code: MessageCode): Promise<Response> {
  const langParam = new URL(req.url).searchParams.get("lang");
  const lang = isLang(langParam) ? langParam : DEFAULT_LANG;
  const body: ErrorEnvelope = { type: status === 401 ? "999" : "error", code, message: translate(code, lang) };
  return Promise.resolve(Response.json(body, { status, headers: { "Cache-Control": "no-store" } }));
}
