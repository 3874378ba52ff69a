import * as z from "zod/mini";
import { id, limit, page } from "./fields.ts";

/** Message centre (GET /chat/unread, GET /chat/getList, POST /chat/markRead); /chat/unread takes no input. */
export const notificationListSchema = z.strictObject({
  page: page(),
  limit: limit(50, 10),
  /** `personal` (mailMessageList), `announcement` (ggList); both when absent. */
  kind: z.optional(z.enum(["personal", "announcement"])),
});

/** GET /chat/detail: one notification the caller can see (ggDetail). */
export const notificationDetailSchema = z.strictObject({ id: id() });

/** One notification (`id`), all of them (`all=1`), or the customer-service conversation (`chat_id`): exactly one. */
export const markReadSchema = z
  .strictObject({
    id: z.optional(id()),
    all: z.optional(z.enum(["0", "1"])),
    chat_id: z.optional(id()),
    /** With `all=1`: only personal messages, or only announcements. */
    kind: z.optional(z.enum(["personal", "announcement"])),
  })
  .check(
    z.refine((v) => [v.id !== undefined, v.all === "1", v.chat_id !== undefined].filter(Boolean).length === 1, {
      error: "PARAMETER_ERROR",
      path: ["id"],
    }),
    z.refine((v) => v.kind === undefined || v.all === "1", { error: "PARAMETER_ERROR", path: ["kind"] }),
  );

/** `count` is the badge (everything unread); the rest split it for the message centre's rows. */
export type UnreadCount = { count: number; personal: number; announcement: number; support: number };

export type NotificationItem = {
  id: number;
  title: string;
  content: string;
  /** True for announcements to everyone, false for messages to this user. */
  broadcast: boolean;
  is_read: boolean;
  created_at: number;
};

export type Paginated<T> = { data: T[]; page: number; pages: number; total: number };

/** GET /chat/getList: a page of notifications, and the customer-service conversation (`chat_id` null before the first). */
export type NotificationList = Paginated<NotificationItem> & { chat: { chat_id: number | null; unread: number } };
