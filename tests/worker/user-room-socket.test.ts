import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, describe, expect, it } from "vitest";
import { SESSION_HASH_HEADER, type UserRoomOutbound } from "../../schema/api/realtime.ts";
import * as tables from "../../schema/db/index.ts";
import { notify } from "../../worker/realtime/push.ts";
import { sha256Hex } from "../../worker/domain/auth/tokens.ts";
import { roomRouting } from "../../worker/realtime/guards.ts";
import { SESSION_ENDED } from "../../durable/rooms/user-room.ts";
import { emailCode, freshIp } from "./auth-support.ts";
import { api, createUser } from "./helpers.ts";

type Socket = { ws: WebSocket; next: (ms?: number) => Promise<UserRoomOutbound>; closed: Promise<{ code: number; reason: string }> };
const open: WebSocket[] = [];

afterEach(() => {
  for (const ws of open.splice(0)) ws.close();
});

const uidOf = async (userId: number) =>
  (await env.DB.prepare("SELECT uid FROM users WHERE id = ?").bind(userId).first<{ uid: string }>())!.uid;

const upgrade = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(new Request(`http://localhost${path}`, { headers: { Upgrade: "websocket", ...headers } }));

/** Connects and queues every frame, so none is lost between awaits. */
async function connect(path: string): Promise<Socket> {
  const res = await upgrade(path);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const frames: UserRoomOutbound[] = [];
  const waiters: ((f: UserRoomOutbound) => void)[] = [];
  ws.addEventListener("message", (e) => {
    const frame = JSON.parse(e.data as string) as UserRoomOutbound;
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  ws.accept();
  open.push(ws);
  const next = (ms = 3000) =>
    new Promise<UserRoomOutbound>((resolve, reject) => {
      const queued = frames.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => reject(new Error("no frame within timeout")), ms);
      waiters.push((f) => {
        clearTimeout(timer);
        resolve(f);
      });
    });
  return { ws, next, closed };
}

async function notification(userId: number | null) {
  await env.DB.prepare("INSERT INTO notifications (user_id, title, content, created_at) VALUES (?, 't', 'c', ?)")
    .bind(userId, Date.now())
    .run();
}

describe("user room: authentication before upgrade", () => {
  it("refuses a missing or bad token with 401 and no socket", async () => {
    const user = await createUser();
    const uid = await uidOf(user.id);
    for (const query of ["", "?token=", "?token=nonsense", `?token=${user.token}x`]) {
      const res = await upgrade(`/parties/user-room/${uid}${query}`);
      expect(res.status, query).toBe(401);
      expect(res.webSocket).toBeNull();
      expect(((await res.json()) as { type: string }).type).toBe("999");
    }
  });

  it("refuses another user's room with a valid token", async () => {
    const me = await createUser();
    const other = await createUser();
    const res = await upgrade(`/parties/user-room/${await uidOf(other.id)}?token=${me.token}`);
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
  });

  it("refuses a room name that is no user's uid, and a session that has ended", async () => {
    const me = await createUser();
    expect((await upgrade(`/parties/user-room/${me.id}?token=${me.token}`)).status).toBe(401);
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(me.id).run();
    expect((await upgrade(`/parties/user-room/${await uidOf(me.id)}?token=${me.token}`)).status).toBe(401);
  });

  it("answers plain HTTP to a private room with 404", async () => {
    const me = await createUser();
    const res = await exports.default.fetch(new Request(`http://localhost/parties/user-room/${await uidOf(me.id)}?token=${me.token}`));
    expect(res.status).toBe(404);
  });

  it("checks Origin against SITE_ORIGIN when set: the site and the request's own host pass, others get 403", async () => {
    const me = await createUser();
    const uid = await uidOf(me.id);
    const routing = roomRouting({ ...env, SITE_ORIGIN: "https://app.example" });
    const lobby = { party: "user-room", className: "UserRoom" as const, name: uid };
    const attempt = (origin: string | null) => {
      const headers: Record<string, string> = { Upgrade: "websocket" };
      if (origin) headers.Origin = origin;
      return routing.onBeforeConnect!(
        new Request(`https://api.example/parties/user-room/${uid}?token=${me.token}&lang=en`, { headers }),
        lobby,
      );
    };
    const evil = await attempt("https://evil.example");
    expect(evil).toBeInstanceOf(Response);
    expect((evil as Response).status).toBe(403);
    expect(await attempt("https://app.example")).toBeInstanceOf(Request);
    expect(await attempt("https://api.example")).toBeInstanceOf(Request);
    expect(await attempt(null)).toBeInstanceOf(Request);
    expect(((await attempt("null")) as Response).status).toBe(403);

    const unset = roomRouting({ ...env, SITE_ORIGIN: "" });
    const anyOrigin = await unset.onBeforeConnect!(
      new Request(`https://api.example/parties/user-room/${uid}?token=${me.token}`, {
        headers: { Upgrade: "websocket", Origin: "https://evil.example" },
      }),
      lobby,
    );
    expect(anyOrigin).toBeInstanceOf(Request);
  });

  it("takes the token off the URL before the request reaches the room", async () => {
    const me = await createUser();
    const uid = await uidOf(me.id);
    const forwarded = await roomRouting(env).onBeforeConnect!(
      new Request(`http://localhost/parties/user-room/${uid}?token=${me.token}&_pk=abc`, { headers: { Upgrade: "websocket" } }),
      { party: "user-room", className: "UserRoom", name: uid },
    );
    expect(forwarded).toBeInstanceOf(Request);
    const url = new URL((forwarded as Request).url);
    expect(url.searchParams.has("token")).toBe(false);
    expect(url.searchParams.get("_pk")).toBe("abc");
    expect((forwarded as Request).headers.get("Upgrade")).toBe("websocket");
  });

  it("tags the forwarded upgrade with the session's own hash, whatever the client sent", async () => {
    const me = await createUser();
    const uid = await uidOf(me.id);
    const forwarded = await roomRouting(env).onBeforeConnect!(
      new Request(`http://localhost/parties/user-room/${uid}?token=${me.token}`, {
        headers: { Upgrade: "websocket", [SESSION_HASH_HEADER]: "forged" },
      }),
      { party: "user-room", className: "UserRoom", name: uid },
    );
    expect(forwarded).toBeInstanceOf(Request);
    const session = await env.DB.prepare("SELECT token_hash FROM sessions WHERE user_id = ?").bind(me.id).first<{ token_hash: string }>();
    expect((forwarded as Request).headers.get(SESSION_HASH_HEADER)).toBe(session!.token_hash);
  });

  it("refuses rooms of a class that has no guard", async () => {
    const res = await roomRouting(env).onBeforeConnect!(
      new Request("http://localhost/parties/other/x", { headers: { Upgrade: "websocket" } }),
      {
        party: "other",
        className: "Other" as "UserRoom",
        name: "x",
      },
    );
    expect((res as Response).status).toBe(404);
  });
});

describe("user room: unread pushes", () => {
  it("accepts the owner with 101 and sends the unread count first", async () => {
    const me = await createUser();
    await notification(me.id);
    await notification(me.id);
    const expected = (await api<{ count: number }>("/chat/unread", { token: me.token })).body.message.count;
    expect(expected).toBeGreaterThanOrEqual(2);
    const socket = await connect(`/parties/user-room/${await uidOf(me.id)}?token=${me.token}`);
    expect(await socket.next()).toEqual({ type: "unread", count: expected });
  });

  it("pushes the new count to every socket of the user after markRead, and nothing to others", async () => {
    const me = await createUser();
    const other = await createUser();
    await notification(me.id);
    const a = await connect(`/parties/user-room/${await uidOf(me.id)}?token=${me.token}`);
    const b = await connect(`/parties/user-room/${await uidOf(me.id)}?token=${me.token}`);
    const o = await connect(`/parties/user-room/${await uidOf(other.id)}?token=${other.token}`);
    const start = (await a.next()) as { count: number };
    await b.next();
    await o.next();

    const res = await api<{ count: number }>("/chat/markRead", { token: me.token, form: { all: "1" } });
    expect(res.body.message.count).toBe(0);
    expect(start.count).toBeGreaterThan(0);
    expect(await a.next()).toEqual({ type: "unread", count: 0 });
    expect(await b.next()).toEqual({ type: "unread", count: 0 });
    await expect(o.next(300)).rejects.toThrow("no frame");
  });

  it("pushes the new count when a notification is created for the user", async () => {
    const me = await createUser();
    const socket = await connect(`/parties/user-room/${await uidOf(me.id)}?token=${me.token}`);
    const { count } = (await socket.next()) as { count: number };
    const db = drizzle(env.DB, { schema: tables });
    await notify(env, db, { userId: me.id, title: "Deposit credited", content: "100 USDT" });
    expect(await socket.next()).toEqual({ type: "unread", count: count + 1 });
  });

  it("after a burst of concurrent changes the last frame carries the true count", async () => {
    const me = await createUser();
    const socket = await connect(`/parties/user-room/${await uidOf(me.id)}?token=${me.token}`);
    await socket.next();
    const db = drizzle(env.DB, { schema: tables });
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => notify(env, db, { userId: me.id, title: `n${i}`, content: "c" })),
      api("/chat/markRead", { token: me.token, form: { all: "1" } }),
    ]);
    await notify(env, db, { userId: me.id, title: "last", content: "c" });
    const truth = (await api<{ count: number }>("/chat/unread", { token: me.token })).body.message.count;
    let last: UserRoomOutbound | undefined;
    for (;;) {
      try {
        last = await socket.next(400);
      } catch {
        break;
      }
    }
    expect(last).toEqual({ type: "unread", count: truth });
  });

  it("answers a malformed frame with BAD_FRAME and keeps serving, and ping with pong", async () => {
    const me = await createUser();
    const socket = await connect(`/parties/user-room/${await uidOf(me.id)}?token=${me.token}`);
    await socket.next();
    for (const bad of ["not json", "{}", '{"type":"pong"}', '{"type":"ping","extra":1}', "[]", "x".repeat(5000)]) {
      socket.ws.send(bad);
      expect(await socket.next(), bad.slice(0, 20)).toEqual({ type: "error", code: "BAD_FRAME" });
    }
    socket.ws.send(new Uint8Array([1, 2, 3]));
    expect(await socket.next()).toEqual({ type: "error", code: "BAD_FRAME" });
    socket.ws.send(JSON.stringify({ type: "ping" }));
    expect(await socket.next()).toEqual({ type: "pong" });
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe("user room: sockets end with their session", () => {
  /** Resolves with the close code, or "open" when the socket is still serving after `ms`. */
  const outcome = (socket: Socket, ms = 3000) =>
    Promise.race([socket.closed.then((c) => c.code), new Promise<"open">((resolve) => setTimeout(() => resolve("open"), ms))]);

  /** A user with two live sessions (two devices), each with its socket open and greeted. */
  async function twoDevices() {
    const me = await createUser();
    const login = await api<string>("/user/login", {
      form: { user_string: me.email, password: me.password },
      headers: { "cf-connecting-ip": freshIp() },
    });
    expect(login.status).toBe(200);
    const other = login.body.message;
    const uid = await uidOf(me.id);
    const a = await connect(`/parties/user-room/${uid}?token=${me.token}`);
    const b = await connect(`/parties/user-room/${uid}?token=${other}`);
    await a.next();
    await b.next();
    return { me, tokens: { a: me.token, b: other }, a, b, uid };
  }

  async function stillServing(socket: Socket) {
    socket.ws.send(JSON.stringify({ type: "ping" }));
    expect(await socket.next()).toEqual({ type: "pong" });
  }

  it("log-out closes the sockets that session opened, and no other", async () => {
    const { tokens, a, b, uid } = await twoDevices();
    const again = await connect(`/parties/user-room/${uid}?token=${tokens.a}`);
    await again.next();
    expect((await api("/user/logout", { token: tokens.a })).status).toBe(200);
    expect(await outcome(a)).toBe(SESSION_ENDED);
    expect(await outcome(again)).toBe(SESSION_ENDED);
    await stillServing(b);
    // The ended session cannot open a new one.
    expect((await upgrade(`/parties/user-room/${uid}?token=${tokens.a}`)).status).toBe(401);
  });

  it("a session that expires, or an account that is locked, loses its sockets at the room's next check", async () => {
    const { tokens, a, b, uid } = await twoDevices();
    const room = env.UserRoom.getByName(uid);
    // Session a runs past its absolute expiry (as time would do it); b stays live.
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE token_hash = ?")
      .bind(Date.now() - 1, await sha256Hex(tokens.a))
      .run();
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect(await outcome(a)).toBe(SESSION_ENDED);
    await stillServing(b);
    // The account is locked: b goes too.
    const me = (await env.DB.prepare("SELECT user_id AS id FROM sessions WHERE token_hash = ?")
      .bind(await sha256Hex(tokens.b))
      .first<{ id: number }>())!;
    await env.DB.prepare("UPDATE users SET status = 'locked' WHERE id = ?").bind(me.id).run();
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect(await outcome(b)).toBe(SESSION_ENDED);
  });

  it("a password change closes the other sessions' sockets and keeps the caller's", async () => {
    const { me, tokens, a, b } = await twoDevices();
    const res = await api("/safe/login_password", {
      token: tokens.b,
      form: { oldPassword: me.password, password: "changed-password-1", re_password: "changed-password-1" },
    });
    expect(res.status).toBe(200);
    expect(await outcome(a)).toBe(SESSION_ENDED);
    await stillServing(b);
  });

  it("a wrong current password changes nothing and closes nothing", async () => {
    const { tokens, a, b } = await twoDevices();
    const res = await api("/safe/login_password", {
      token: tokens.b,
      form: { oldPassword: "not-the-password", password: "changed-password-1", re_password: "changed-password-1" },
    });
    expect(res.status).toBe(400);
    expect(await outcome(a, 300)).toBe("open");
    await stillServing(a);
    await stillServing(b);
  });

  it("a password reset closes every socket of the account, and no other user's", async () => {
    const { me, a, b } = await twoDevices();
    const stranger = await createUser();
    const s = await connect(`/parties/user-room/${await uidOf(stranger.id)}?token=${stranger.token}`);
    await s.next();
    const client = { ip: freshIp() };
    const code = await emailCode(me.email, "forget", client);
    const res = await api("/user/forget", {
      form: { user_string: me.email, code, password: "reset-password-1", re_password: "reset-password-1" },
      headers: { "cf-connecting-ip": client.ip },
    });
    expect(res.status).toBe(200);
    expect(await outcome(a)).toBe(SESSION_ENDED);
    expect(await outcome(b)).toBe(SESSION_ENDED);
    await stillServing(s);
  });
});
