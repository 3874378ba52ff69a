import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { NotificationList, UnreadCount } from "../../schema/api/messages.ts";
import type { SupportQueue, SupportSent, SupportThread } from "../../schema/api/support.ts";
import { api, createUser, heldLimiterClock } from "./helpers.ts";

/** Customer-service chat: live both ways, idempotent sends, who may open what, unread counts, the console's actions. */

type Frame = { type: string; [k: string]: unknown };
type Socket = {
  ws: WebSocket;
  next: (type: string, ms?: number) => Promise<Frame>;
  none: (type: string, ms?: number) => Promise<void>;
  closed: Promise<number>;
};
const open: WebSocket[] = [];

afterEach(() => {
  for (const ws of open.splice(0)) ws.close();
});

const upgrade = (path: string) => exports.default.fetch(new Request(`http://localhost${path}`, { headers: { Upgrade: "websocket" } }));

/** Connects and queues every frame; `next(type)` waits for the next frame of that type (skipping others). */
async function connect(path: string): Promise<Socket> {
  const res = await upgrade(path);
  expect(res.status, path).toBe(101);
  const ws = res.webSocket!;
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener("message", (e) => {
    frames.push(JSON.parse(e.data as string) as Frame);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  ws.accept();
  open.push(ws);
  const take = (type: string) => {
    const i = frames.findIndex((f) => f.type === type);
    return i < 0 ? null : frames.splice(i, 1)[0]!;
  };
  const next = (type: string, ms = 3000) =>
    new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} frame within ${ms} ms`)), ms);
      const check = () => {
        const f = take(type);
        if (f) {
          clearTimeout(timer);
          resolve(f);
        } else waiters.push(check);
      };
      check();
    });
  const none = async (type: string, ms = 300) => {
    await new Promise((r) => setTimeout(r, ms));
    expect(take(type), `no ${type} frame`).toBeNull();
  };
  return { ws, next, none, closed };
}

let seq = 0;
const clientId = () => `c${Date.now().toString(36)}x${++seq}xxxxxx`;

async function supportAgent(): Promise<{ id: number; token: string }> {
  const boss = await createUser({ role: "operator" });
  const agent = await createUser({ role: "operator" });
  const res = await api("/admin/support/agent", { token: boss.token, form: { user_id: String(agent.id), enabled: "1" } });
  expect(res.status).toBe(200);
  return agent;
}

const thread = async (token: string) => {
  const res = await api<SupportThread>("/chat/support", { token });
  expect(res.status).toBe(200);
  return res.body.message;
};
const send = (token: string, text: string, id = clientId()) =>
  api<SupportSent>("/chat/support/send", { token, form: { client_id: id, text } });
const reply = (token: string, conversation: number, text: string, id = clientId()) =>
  api<SupportSent>("/admin/support/reply", { token, form: { id: String(conversation), client_id: id, text } });
const unread = async (token: string) => (await api<UnreadCount>("/chat/unread", { token })).body.message;

describe("support chat: live both ways", () => {
  it("two sockets of one user and one agent exchange messages live; typing reaches only the other side", async () => {
    const user = await createUser();
    const agent = await supportAgent();
    const { conversation } = await thread(user.token);
    const phone = await connect(`/parties/support-room/${conversation.id}?token=${user.token}`);
    const laptop = await connect(`/parties/support-room/${conversation.id}?token=${user.token}`);
    const console = await connect(`/parties/support-room/${conversation.id}?token=${agent.token}`);
    const desk = await connect(`/parties/support-desk/main?token=${agent.token}`);

    const sent = await send(user.token, "My deposit has not arrived\n<b>tx</b> 0xabc");
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ duplicate: false, agents_online: 1 });
    const message = sent.body.message.message;
    expect(message).toMatchObject({ sender: "user", kind: "text", body: "My deposit has not arrived\n<b>tx</b> 0xabc" });
    for (const s of [phone, laptop, console]) expect((await s.next("message")).message).toEqual(message);
    expect(await phone.next("status")).toEqual({ type: "status", status: "open", claimed: false });
    expect((await desk.next("message")).message).toEqual(message);
    expect(await desk.next("queue")).toEqual({ type: "queue", conversation_id: conversation.id });

    const answer = await reply(agent.token, conversation.id, "Looking into it now");
    expect(answer.status).toBe(200);
    const replyMessage = answer.body.message.message;
    expect(replyMessage).toMatchObject({ sender: "agent", body: "Looking into it now", conversation_id: conversation.id });
    expect((await phone.next("message")).message).toEqual(replyMessage);
    expect((await laptop.next("message")).message).toEqual(replyMessage);
    expect(await phone.next("status")).toEqual({ type: "status", status: "open", claimed: true });

    phone.ws.send(JSON.stringify({ type: "typing" }));
    expect(await console.next("typing")).toEqual({ type: "typing", from: "user" });
    await laptop.none("typing");
    console.ws.send(JSON.stringify({ type: "typing" }));
    expect(await phone.next("typing")).toEqual({ type: "typing", from: "agent" });
    // A burst of typing frames passes on one per second at most (none when the last one passed less than a second ago).
    for (let i = 0; i < 5; i++) phone.ws.send(JSON.stringify({ type: "typing" }));
    await console.next("typing", 300).catch(() => null);
    await console.none("typing");

    phone.ws.send("not json");
    expect(await phone.next("error")).toEqual({ type: "error", code: "BAD_FRAME" });
  });

  it("tells the user whether an agent is online: none without a desk socket", async () => {
    const user = await createUser();
    expect((await thread(user.token)).agents_online).toBe(0);
    const sent = await send(user.token, "hello?");
    expect(sent.body.message.agents_online).toBe(0);
    // The message waits in the queue all the same.
    const agent = await supportAgent();
    const queue = await api<SupportQueue>("/admin/support/queue", { token: agent.token });
    const row = queue.body.message.items.find((i) => i.id === sent.body.message.message.conversation_id);
    expect(row).toMatchObject({ status: "open", agent_id: null, last_message: "hello?", unread: 1 });
    expect(row!.waiting_since).toBe(sent.body.message.message.created_at);
  });
});

describe("support chat: idempotent sends", () => {
  it("a resend with the same client id (after a reconnect) stores one message and answers it", async () => {
    const user = await createUser();
    const id = clientId();
    const first = await send(user.token, "once", id);
    const again = await send(user.token, "once", id);
    const racing = await Promise.all([send(user.token, "twice", clientId()), send(user.token, "twice", id)]);
    expect(again.body.message).toMatchObject({ duplicate: true, message: first.body.message.message });
    expect(racing[1].body.message.message.id).toBe(first.body.message.message.id);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM support_messages WHERE client_id = ?").bind(id).first<{ n: number }>();
    expect(rows!.n).toBe(1);
    const history = await thread(user.token);
    expect(history.messages.map((m) => m.body)).toEqual(["once", "twice"]);
  });

  it("pages history oldest first within a page, with has_more", async () => {
    const user = await createUser();
    for (let i = 1; i <= 5; i++) expect((await send(user.token, `m${i}`)).status).toBe(200);
    const latest = await api<SupportThread>("/chat/support?limit=2", { token: user.token });
    expect(latest.body.message.messages.map((m) => m.body)).toEqual(["m4", "m5"]);
    expect(latest.body.message.has_more).toBe(true);
    const before = latest.body.message.messages[0]!.id;
    const older = await api<SupportThread>(`/chat/support?limit=3&before=${before}`, { token: user.token });
    expect(older.body.message.messages.map((m) => m.body)).toEqual(["m1", "m2", "m3"]);
    expect(older.body.message.has_more).toBe(false);
  });

  it("limits sends per user: the eleventh in ten seconds is 429 with Retry-After", async () => {
    const user = await createUser();
    heldLimiterClock.hold();
    try {
      for (let i = 0; i < 10; i++) expect((await send(user.token, `n${i}`)).status).toBe(200);
      const refused = await send(user.token, "too many");
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("TOO_MANY_REQUESTS");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      heldLimiterClock.release();
    }
  });
});

describe("support chat: who may open what", () => {
  it("refuses a socket without a session (401), another user's or a missing conversation (404), the desk to non-agents (403)", async () => {
    const owner = await createUser();
    const other = await createUser();
    const operator = await createUser({ role: "operator" });
    const { conversation } = await thread(owner.token);
    for (const path of [`/parties/support-room/${conversation.id}`, `/parties/support-room/${conversation.id}?token=nonsense`]) {
      const res = await upgrade(path);
      expect(res.status, path).toBe(401);
      expect(res.webSocket).toBeNull();
    }
    for (const path of [
      `/parties/support-room/${conversation.id}?token=${other.token}`,
      `/parties/support-room/${conversation.id}?token=${operator.token}`,
      `/parties/support-room/999999999?token=${owner.token}`,
      `/parties/support-room/abc?token=${owner.token}`,
    ]) {
      const res = await upgrade(path);
      expect(res.status, path).toBe(404);
      expect(res.webSocket).toBeNull();
    }
    expect((await upgrade(`/parties/support-desk/main?token=${operator.token}`)).status).toBe(403);
    expect((await upgrade(`/parties/support-desk/main?token=${other.token}`)).status).toBe(403);
    expect((await upgrade(`/parties/support-desk/main`)).status).toBe(401);
    expect((await upgrade(`/parties/support-desk/other?token=${other.token}`)).status).toBe(404);
  });

  it("a socket whose session ended is closed at the room's next check, in a conversation room and on the desk", async () => {
    const user = await createUser();
    const agent = await supportAgent();
    const { conversation } = await thread(user.token);
    const userSocket = await connect(`/parties/support-room/${conversation.id}?token=${user.token}`);
    const agentSocket = await connect(`/parties/support-room/${conversation.id}?token=${agent.token}`);
    const desk = await connect(`/parties/support-desk/main?token=${agent.token}`);
    expect((await api("/user/logout", { token: user.token })).status).toBe(200);
    expect(await runDurableObjectAlarm(env.SupportRoom.getByName(String(conversation.id)))).toBe(true);
    expect(await userSocket.closed).toBe(4001);
    // The agent's session is live: their socket stays and still hears the room.
    agentSocket.ws.send(JSON.stringify({ type: "ping" }));
    expect(await agentSocket.next("pong")).toEqual({ type: "pong" });
    expect((await api("/user/logout", { token: agent.token })).status).toBe(200);
    expect(await runDurableObjectAlarm(env.SupportDesk.getByName("main"))).toBe(true);
    expect(await desk.closed).toBe(4001);
  });

  it("another user cannot read or mark a conversation, and the console needs the support role", async () => {
    const owner = await createUser();
    const other = await createUser();
    const operator = await createUser({ role: "operator" });
    const sent = await send(owner.token, "private");
    const id = sent.body.message.message.conversation_id;
    expect((await api("/chat/markRead", { token: other.token, form: { chat_id: String(id) } })).status).toBe(404);
    const theirs = await thread(other.token);
    expect(theirs.conversation.id).not.toBe(id);
    expect(theirs.messages).toEqual([]);
    const fresh = await createUser();
    expect((await api<NotificationList>("/chat/getList", { token: fresh.token })).body.message.chat).toEqual({ chat_id: null, unread: 0 });
    expect((await api(`/admin/support/conversation?id=${id}`, { token: other.token })).status).toBe(403);
    const notAgent = await api(`/admin/support/conversation?id=${id}`, { token: operator.token });
    expect(notAgent.status).toBe(403);
    expect(notAgent.body.code).toBe("SUPPORT_ROLE_REQUIRED");
    expect((await api("/chat/support")).status).toBe(401);
    // Only operators can hold the role.
    const refused = await api("/admin/support/agent", { token: operator.token, form: { user_id: String(other.id), enabled: "1" } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("SUPPORT_AGENT_NOT_OPERATOR");
  });
});

describe("support chat: unread counts and read state", () => {
  it("agent replies count in /chat/unread and the badge until the user marks them read; the agent sees the receipt", async () => {
    const user = await createUser();
    const agent = await supportAgent();
    const sent = await send(user.token, "hi");
    const id = sent.body.message.message.conversation_id;
    const before = await unread(user.token);
    expect(before.support).toBe(0);
    const agentSide = await connect(`/parties/support-room/${id}?token=${agent.token}`);
    await reply(agent.token, id, "one");
    const last = (await reply(agent.token, id, "two")).body.message.message;
    const after = await unread(user.token);
    expect(after).toEqual({ ...before, support: 2, count: before.count + 2 });
    const listed = await api<NotificationList>("/chat/getList", { token: user.token });
    expect(listed.body.message.chat).toEqual({ chat_id: id, unread: 2 });

    const marked = await api<UnreadCount>("/chat/markRead", { token: user.token, form: { chat_id: String(id) } });
    expect(marked.status).toBe(200);
    expect(marked.body.message).toEqual(before);
    expect(await agentSide.next("read")).toEqual({ type: "read", by: "user", up_to: last.id });
    expect((await thread(user.token)).conversation.user_read_id).toBe(last.id);

    const queue = await api<SupportQueue>("/admin/support/queue", { token: agent.token });
    expect(queue.body.message.items.find((i) => i.id === id)).toMatchObject({ unread: 1, agent_id: agent.id, waiting_since: null });
    const read = await api<{ up_to: number }>("/admin/support/read", { token: agent.token, form: { id: String(id) } });
    expect(read.body.message.up_to).toBe(last.id);
    const queue2 = await api<SupportQueue>("/admin/support/queue", { token: agent.token });
    expect(queue2.body.message.items.find((i) => i.id === id)!.unread).toBe(0);
  });
});

describe("support chat: the support role", () => {
  it("an operator grants and revokes it, each audited; the agents list shows it to every operator; revoked means refused", async () => {
    const boss = await createUser({ role: "operator" });
    const agent = await createUser({ role: "operator" });
    const grant = (enabled: "0" | "1") => api("/admin/support/agent", { token: boss.token, form: { user_id: String(agent.id), enabled } });
    const listed = async () =>
      (await api<{ user_id: number }[]>("/admin/support/agents", { token: boss.token })).body.message.some((a) => a.user_id === agent.id);
    expect(await listed()).toBe(false);
    expect((await grant("1")).status).toBe(200);
    expect(await listed()).toBe(true);
    expect((await api("/admin/support/queue", { token: agent.token })).status).toBe(200);
    expect((await grant("0")).status).toBe(200);
    expect(await listed()).toBe(false);
    expect((await api("/admin/support/queue", { token: agent.token })).status).toBe(403);
    const audit = await env.DB.prepare("SELECT actor_id, action FROM audit_log WHERE subject_type = 'user' AND subject_id = ? ORDER BY id")
      .bind(String(agent.id))
      .all<{ actor_id: number; action: string }>();
    expect(audit.results).toEqual([
      { actor_id: boss.id, action: "support.grant" },
      { actor_id: boss.id, action: "support.revoke" },
    ]);
    const plain = await createUser();
    expect((await api("/admin/support/agents", { token: plain.token })).status).toBe(403);
  });
});

describe("support chat: the badge and the queue", () => {
  it("an agent's reply pushes the new unread count to the user's own room (the bell's badge)", async () => {
    const user = await createUser();
    const agent = await supportAgent();
    const id = (await send(user.token, "badge?")).body.message.message.conversation_id;
    const uid = (await env.DB.prepare("SELECT uid FROM users WHERE id = ?").bind(user.id).first<{ uid: string }>())!.uid;
    const room = await connect(`/parties/user-room/${uid}?token=${user.token}`);
    const first = (await room.next("unread")).count as number;
    await reply(agent.token, id, "here");
    expect((await room.next("unread")).count).toBe(first + 1);
  });

  it("lists open conversations longest wait first; the highlight wait defaults to 120 s and an agent sets it (audited)", async () => {
    const agent = await supportAgent();
    const early = await createUser();
    const late = await createUser();
    const a = (await send(early.token, "first")).body.message.message.conversation_id;
    const b = (await send(late.token, "second")).body.message.message.conversation_id;
    const queue = await api<SupportQueue>("/admin/support/queue", { token: agent.token });
    expect(queue.body.message.alert_after_ms).toBe(120_000);
    const ids = queue.body.message.items.map((i) => i.id);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    const set = await api<{ alert_after_ms: number }>("/admin/support/wait", { token: agent.token, form: { seconds: "300" } });
    expect(set.body.message).toEqual({ alert_after_ms: 300_000 });
    const configured = await api<SupportQueue>("/admin/support/queue", { token: agent.token });
    expect(configured.body.message.alert_after_ms).toBe(300_000);
    for (const seconds of ["9", "86401", "abc", ""]) {
      const refused = await api("/admin/support/wait", { token: agent.token, form: { seconds } });
      expect(refused.status, seconds).toBe(400);
    }
    expect((await api("/admin/support/wait", { token: agent.token, form: { seconds: "9" } })).body.code).toBe("SUPPORT_WAIT_OUT_OF_RANGE");
    const audit = await env.DB.prepare(
      "SELECT actor_id, detail FROM audit_log WHERE subject_type = 'setting' AND subject_id = ? ORDER BY id DESC",
    )
      .bind("support_wait_alert_seconds")
      .first<{ actor_id: number; detail: string }>();
    expect(audit!.actor_id).toBe(agent.id);
    expect(JSON.parse(audit!.detail)).toEqual({ from: null, to: "300" });
    await env.DB.prepare("DELETE FROM settings WHERE key = 'support_wait_alert_seconds'").run();
  });
});

describe("support chat: claim, transfer, close", () => {
  it("one agent claims, another's claim or reply is 409; transfer only to a support agent; close, reopen; all audited", async () => {
    const user = await createUser();
    const a = await supportAgent();
    const b = await supportAgent();
    const plainOperator = await createUser({ role: "operator" });
    const id = (await send(user.token, "help")).body.message.message.conversation_id;
    const form = { id: String(id) };

    const claims = await Promise.all([
      api("/admin/support/claim", { token: a.token, form }),
      api("/admin/support/claim", { token: b.token, form }),
    ]);
    expect(claims.map((r) => r.status).sort()).toEqual([200, 409]);
    const [holder, loser] = claims[0]!.status === 200 ? [a, b] : [b, a];
    expect((await reply(loser.token, id, "me too")).body.code).toBe("SUPPORT_ALREADY_CLAIMED");
    expect((await api("/admin/support/claim", { token: holder.token, form })).status).toBe(200);

    const bad = await api("/admin/support/transfer", { token: holder.token, form: { id: String(id), agent_id: String(plainOperator.id) } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("SUPPORT_AGENT_UNKNOWN");
    const moved = await api("/admin/support/transfer", { token: holder.token, form: { id: String(id), agent_id: String(loser.id) } });
    expect(moved.status).toBe(200);
    expect((await reply(loser.token, id, "taking over")).status).toBe(200);
    expect((await reply(holder.token, id, "not mine now")).status).toBe(409);

    const closed = await api("/admin/support/close", { token: loser.token, form });
    expect(closed.body.message).toMatchObject({ status: "closed", claimed: false });
    expect((await reply(loser.token, id, "after close")).body.code).toBe("SUPPORT_CONVERSATION_CLOSED");
    const closedQueue = await api<SupportQueue>("/admin/support/queue?status=closed", { token: loser.token });
    expect(closedQueue.body.message.items.some((i) => i.id === id)).toBe(true);

    await send(user.token, "one more thing");
    const reopened = await thread(user.token);
    expect(reopened.conversation).toMatchObject({ id, status: "open", claimed: false });

    const audit = await env.DB.prepare(
      "SELECT actor_id, action FROM audit_log WHERE subject_type = 'support_conversation' AND subject_id = ? ORDER BY id",
    )
      .bind(String(id))
      .all<{ actor_id: number; action: string }>();
    expect(audit.results).toEqual([
      { actor_id: holder.id, action: "support.claim" },
      { actor_id: holder.id, action: "support.transfer" },
      { actor_id: loser.id, action: "support.close" },
    ]);
  });
});

describe("support chat: images and bad input", () => {
  const PNG = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  const multipart = (token: string, fields: Record<string, string | File>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return api<SupportSent>("/chat/support/send", { token, body });
  };

  it("stores an image checked by content as a private file, and refuses a file that is not one", async () => {
    const user = await createUser();
    const ok = await multipart(user.token, { client_id: clientId(), image: new File([PNG], "shot.png", { type: "image/png" }) });
    expect(ok.status).toBe(200);
    expect(ok.body.message.message).toMatchObject({ kind: "image" });
    expect(ok.body.message.message.body).toMatch(new RegExp(`^/api/files/u/${user.id}/[\\w-]{22}\\.png$`));
    const other = await createUser();
    expect((await api(ok.body.message.message.body.replace("/api", ""), { token: other.token })).status).toBe(404);
    const fake = await multipart(user.token, { client_id: clientId(), image: new File(["<svg/>"], "x.png", { type: "image/png" }) });
    expect(fake.status).toBe(400);
    expect(fake.body.code).toBe("UPLOAD_NOT_IMAGE");
  });

  it("an agent's image reply reaches the user, who can open it", async () => {
    const user = await createUser();
    const agent = await supportAgent();
    const id = (await send(user.token, "screenshot please")).body.message.message.conversation_id;
    const body = new FormData();
    body.set("id", String(id));
    body.set("client_id", clientId());
    body.set("image", new File([PNG], "steps.png", { type: "image/png" }));
    const res = await api<SupportSent>("/admin/support/reply", { token: agent.token, body });
    expect(res.status).toBe(200);
    expect(res.body.message.message).toMatchObject({ sender: "agent", kind: "image" });
    const history = await thread(user.token);
    expect(history.messages.at(-1)).toEqual(res.body.message.message);
    const file = await exports.default.fetch(
      new Request(`http://localhost${res.body.message.message.body}`, { headers: { authorization: user.token } }),
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    await file.arrayBuffer();
  });

  it("refuses malformed sends and console calls with 400 and stores nothing", async () => {
    const user = await createUser();
    const agent = await supportAgent();
    const cases: [Record<string, string>, string][] = [
      [{ client_id: clientId() }, "PARAMETER_ERROR"],
      [{ client_id: clientId(), text: "   " }, "PARAMETER_ERROR"],
      [{ client_id: "short", text: "hi" }, "PARAMETER_ERROR"],
      [{ client_id: clientId(), text: "x".repeat(2001) }, "CHAT_TEXT_TOO_LONG"],
      [{ client_id: clientId(), text: "bell\u0007" }, "TEXT_INVALID_CHARACTERS"],
      [{ client_id: clientId(), text: "hi", stray: "1" }, "UNKNOWN_FIELD"],
    ];
    for (const [form, code] of cases) {
      const res = await api("/chat/support/send", { token: user.token, form });
      expect(res.status, JSON.stringify(form).slice(0, 60)).toBe(400);
      expect(res.body.code).toBe(code);
    }
    expect((await thread(user.token)).messages).toEqual([]);
    for (const [path, form] of [
      ["/admin/support/claim", { id: "abc" }],
      ["/admin/support/reply", { id: "1", client_id: clientId() }],
      ["/admin/support/transfer", { id: "1" }],
      ["/admin/support/agent", { user_id: "1", enabled: "yes" }],
      ["/chat/markRead", { chat_id: "1", id: "2" }],
    ] as const) {
      expect((await api(path, { token: agent.token, form })).status, path).toBe(400);
    }
    expect((await api("/admin/support/queue?status=all", { token: agent.token })).status).toBe(400);
    expect((await api("/admin/support/claim", { token: agent.token, form: { id: "999999999" } })).status).toBe(404);
  });
});
