import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { NotificationItem, Paginated, UnreadCount } from "../../schema/api/messages.ts";
import { api, createUser } from "./helpers.ts";

let clock = 1_800_000_000_000;

async function notification(userId: number | null, title: string, texts: Record<string, string> = {}): Promise<number> {
  clock += 1000;
  const row = await env.DB.prepare("INSERT INTO notifications (user_id, title, content, created_at) VALUES (?, ?, ?, ?) RETURNING id")
    .bind(userId, title, `${title} body`, clock)
    .first<{ id: number }>();
  for (const [lang, text] of Object.entries(texts)) {
    await env.DB.prepare("INSERT INTO notification_texts (notification_id, lang, title, content) VALUES (?, ?, ?, ?)")
      .bind(row!.id, lang, text, `${text} corps`)
      .run();
  }
  return row!.id;
}

const list = (token: string, query: string) => api<Paginated<NotificationItem>>(`/chat/getList?${query}`, { token });

describe("message centre: personal messages and announcements", () => {
  it("lists personal messages only with kind=personal and announcements only with kind=announcement", async () => {
    const me = await createUser();
    const other = await createUser();
    const mine = await notification(me.id, "mine");
    await notification(other.id, "theirs");
    const everyone = await notification(null, "everyone");

    const personal = await list(me.token, "kind=personal&limit=50");
    expect(personal.status).toBe(200);
    expect(personal.body.message.data.map((n) => n.id)).toEqual([mine]);
    expect(personal.body.message.total).toBe(1);

    const announcements = await list(me.token, "kind=announcement&limit=50");
    expect(announcements.body.message.data[0]).toMatchObject({ id: everyone, title: "everyone", broadcast: true });
    expect(announcements.body.message.data.every((n) => n.broadcast)).toBe(true);
  });

  it("shows an announcement in the reader's language where a translation exists, else its own text", async () => {
    const me = await createUser();
    const id = await notification(null, "Maintenance tonight", { fra: "Maintenance ce soir" });
    const fra = await api<NotificationItem>(`/chat/detail?id=${id}&lang=fra`, { token: me.token });
    expect(fra.status).toBe(200);
    expect(fra.body.message).toMatchObject({ id, title: "Maintenance ce soir", content: "Maintenance ce soir corps", is_read: false });
    const spa = await api<NotificationItem>(`/chat/detail?id=${id}&lang=spa`, { token: me.token });
    expect(spa.body.message).toMatchObject({ title: "Maintenance tonight", content: "Maintenance tonight body" });
    const listed = await list(me.token, "kind=announcement&limit=1&lang=fra");
    expect(listed.body.message.data[0]).toMatchObject({ id, title: "Maintenance ce soir" });
  });

  it("answers 404 for another user's message and for a missing one, and 401 without a session", async () => {
    const me = await createUser();
    const other = await createUser();
    const theirs = await notification(other.id, "private");
    const res = await api(`/chat/detail?id=${theirs}`, { token: me.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
    expect((await api(`/chat/detail?id=999999999`, { token: me.token })).status).toBe(404);
    expect((await api(`/chat/detail?id=${theirs}`)).status).toBe(401);
  });

  it("splits the unread count into personal and announcement, and marking one read lowers its own part", async () => {
    const me = await createUser();
    const before = (await api<UnreadCount>("/chat/unread", { token: me.token })).body.message;
    const a = await notification(me.id, "a");
    await notification(me.id, "b");
    await notification(null, "c");
    const after = (await api<UnreadCount>("/chat/unread", { token: me.token })).body.message;
    expect(after).toEqual({
      count: before.count + 3,
      personal: before.personal + 2,
      announcement: before.announcement + 1,
      support: 0,
    });
    const marked = await api<UnreadCount>("/chat/markRead", { token: me.token, form: { id: String(a) } });
    expect(marked.body.message).toEqual({
      count: before.count + 2,
      personal: before.personal + 1,
      announcement: before.announcement + 1,
      support: 0,
    });
    expect((await api<NotificationItem>(`/chat/detail?id=${a}`, { token: me.token })).body.message.is_read).toBe(true);
  });

  it("marks all of one kind read with all=1 and kind, leaving the other kind unread", async () => {
    const me = await createUser();
    await notification(me.id, "p1");
    await notification(null, "a1");
    const before = (await api<UnreadCount>("/chat/unread", { token: me.token })).body.message;
    expect(before.personal).toBe(1);
    expect(before.announcement).toBeGreaterThan(0);
    const res = await api<UnreadCount>("/chat/markRead", { token: me.token, form: { all: "1", kind: "announcement" } });
    expect(res.body.message).toEqual({ count: 1, personal: 1, announcement: 0, support: 0 });
    expect((await api("/chat/markRead", { token: me.token, form: { id: "1", kind: "personal" } })).status).toBe(400);
  });

  it("refuses bad input with 400", async () => {
    const me = await createUser();
    for (const query of ["kind=all", "kind=", "page=0", "limit=51", "stray=1"]) {
      const res = await list(me.token, query);
      expect(res.status, query).toBe(400);
    }
    for (const query of ["", "id=abc", "id=0", "id=1&extra=2"]) {
      const res = await api(`/chat/detail?${query}`, { token: me.token });
      expect(res.status, query).toBe(400);
    }
  });
});
