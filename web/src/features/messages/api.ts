import type { NotificationItem, Paginated, UnreadCount } from "../../../../schema/api/messages.ts";
import { get, post } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";

export type { NotificationItem, UnreadCount } from "../../../../schema/api/messages.ts";

/** Personal messages (mailMessageList) or announcements (ggList). */
export type NotificationKind = "personal" | "announcement";

export const MESSAGE_PAGE_SIZE = 10;

export const fetchNotifications = (kind: NotificationKind, page: number) =>
  get<Paginated<NotificationItem>>("/chat/getList", { kind, page, limit: MESSAGE_PAGE_SIZE }, { silent: true });

/** The unread split for the message centre's rows; read again whenever the live badge count changes. */
export const unreadQuery = (token: string, badge: number): QueryDef<UnreadCount> => ({
  key: [Q.messages, token, "unread", badge],
  load: () => get<UnreadCount>("/chat/unread", undefined, { silent: true, background: true }),
});

export const notificationQuery = (token: string, id: number, lang: string): QueryDef<NotificationItem> => ({
  key: [Q.messages, token, "detail", id, lang],
  load: () => get<NotificationItem>("/chat/detail", { id }, { silent: true }),
});

/** Marks one message read; lists and counts are read again. */
export const markRead = mutation((id: number) => post<UnreadCount>("/chat/markRead", { id }, { background: true }), [[Q.messages]]);

/** Marks every message of one kind read. */
export const markAllRead = mutation(
  (kind: NotificationKind) => post<UnreadCount>("/chat/markRead", { all: 1, kind }, { background: true }),
  [[Q.messages]],
);
