import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { NotificationItem, Paginated, UnreadCount } from "../../schema/api/messages.ts";
import { api, createUser } from "./helpers.ts";

let clock = 1_700_000_000_000;

async function notification(userId: number | null, title = "t"): Promise<number> {
  clock += 1000;
  const row = await env.DB.prepare("INSERT INTO notifications (user_id, title, content, created_at) VALUES (?, ?, 'body', ?) RETURNING id")
    .bind(userId, title, clock)
    .first<{ id: number }>();
  return row!.id;
}

const unread = async (token: string) => {
  const res = await api<UnreadCount>("/chat/unread", { token });
  expect(res.status).toBe(200);
  return res.body.message.count;
};

describe("message centre", () => {
  it("counts the user's own and broadcast notifications, never another user's", async () => {
    const me = await createUser();
    const other = await createUser();
    const before = await unread(me.token);
    await notification(me.id);
    await notification(me.id);
    await notification(null);
    await notification(other.id);
    expect(await unread(me.token)).toBe(before + 3);
  });

  it("lists own and broadcast notifications newest first with is_read, paginated", async () => {
    const me = await createUser();
    const other = await createUser();
    const broadcasts = (await api<Paginated<NotificationItem>>("/chat/getList?limit=50", { token: me.token })).body.message.total;
    const a = await notification(me.id, "first");
    await notification(other.id, "not mine");
    const b = await notification(null, "to all");
    const c = await notification(me.id, "third");
    await api("/chat/markRead", { token: me.token, form: { id: String(a) } });

    const page1 = await api<Paginated<NotificationItem>>("/chat/getList?page=1&limit=2", { token: me.token });
    expect(page1.status).toBe(200);
    expect(page1.body.message).toMatchObject({ page: 1, total: broadcasts + 3, pages: Math.ceil((broadcasts + 3) / 2) });
    expect(page1.body.message.data.map((n) => n.id)).toEqual([c, b]);
    expect(page1.body.message.data[1]).toMatchObject({ title: "to all", broadcast: true, is_read: false });

    const page2 = await api<Paginated<NotificationItem>>("/chat/getList?page=2&limit=2", { token: me.token });
    expect(page2.body.message.data[0]).toMatchObject({ id: a, title: "first", broadcast: false, is_read: true });
    const all = await api<Paginated<NotificationItem>>("/chat/getList?limit=50", { token: me.token });
    expect(all.body.message.data.some((n) => n.title === "not mine")).toBe(false);
  });

  it("marks one notification read, once, and answers the new count", async () => {
    const me = await createUser();
    const id = await notification(me.id);
    const before = await unread(me.token);
    const res = await api<UnreadCount>("/chat/markRead", { token: me.token, form: { id: String(id) } });
    expect(res.status).toBe(200);
    expect(res.body.message.count).toBe(before - 1);
    const again = await api<UnreadCount>("/chat/markRead", { token: me.token, form: { id: String(id) } });
    expect(again.status).toBe(200);
    expect(again.body.message.count).toBe(before - 1);
  });

  it("marking a broadcast read affects only the caller", async () => {
    const me = await createUser();
    const other = await createUser();
    const id = await notification(null);
    const otherBefore = await unread(other.token);
    await api("/chat/markRead", { token: me.token, form: { id: String(id) } });
    expect(await unread(other.token)).toBe(otherBefore);
  });

  it("answers 404 for another user's notification and for a missing one, and marks nothing", async () => {
    const me = await createUser();
    const other = await createUser();
    const theirs = await notification(other.id);
    const res = await api("/chat/markRead", { token: me.token, form: { id: String(theirs) } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
    expect((await api("/chat/markRead", { token: me.token, form: { id: "99999999" } })).status).toBe(404);
    const reads = await env.DB.prepare("SELECT count(*) AS n FROM notification_reads WHERE notification_id = ?")
      .bind(theirs)
      .first<{ n: number }>();
    expect(reads?.n).toBe(0);
  });

  it("marks everything visible read with all=1, leaving other users' notifications alone", async () => {
    const me = await createUser();
    const other = await createUser();
    await notification(me.id);
    await notification(null);
    await notification(other.id);
    const otherBefore = await unread(other.token);
    const res = await api<UnreadCount>("/chat/markRead", { token: me.token, form: { all: "1" } });
    expect(res.status).toBe(200);
    expect(res.body.message.count).toBe(0);
    expect(await unread(me.token)).toBe(0);
    expect(await unread(other.token)).toBe(otherBefore);
    // A notification arriving afterwards is unread again.
    await notification(me.id);
    expect(await unread(me.token)).toBe(1);
  });

  it("refuses markRead without id or all, with both, and with junk", async () => {
    const me = await createUser();
    const id = await notification(me.id);
    const forms: Record<string, string>[] = [
      {},
      { all: "0" },
      { id: String(id), all: "1" },
      { id: "abc" },
      { id: "-1" },
      { all: "yes" },
      { id: String(id), user_id: "1" },
    ];
    for (const form of forms) {
      const res = await api("/chat/markRead", { token: me.token, form });
      expect(res.status, JSON.stringify(form)).toBe(400);
    }
  });

  it("needs a session", async () => {
    expect((await api("/chat/unread")).status).toBe(401);
    expect((await api("/chat/getList")).status).toBe(401);
    expect((await api("/chat/markRead", { form: { all: "1" } })).status).toBe(401);
  });
});
