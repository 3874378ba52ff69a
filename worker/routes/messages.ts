import { Hono } from "hono";
import { noInput } from "../../schema/api/fields.ts";
import {
  markReadSchema,
  notificationDetailSchema,
  notificationListSchema,
  type NotificationList,
  type UnreadCount,
} from "../../schema/api/messages.ts";
import type { Db } from "../domain/db.ts";
import { listNotifications, markAllRead, markRead, notificationDetail, unreadByKind } from "../domain/messages/notifications.ts";
import { pushUnread } from "../realtime/push.ts";
import { markSupportRead } from "../realtime/support-push.ts";
import { existingConversationOf, userUnread } from "../domain/support/thread.ts";
import { requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** Message centre: the caller's own and broadcast notifications. */
export const messageRoutes = new Hono<AppEnv>()
  .get("/chat/unread", requireUser, async (c) => {
    parse(c, noInput());
    return ok(c, await unread(c.var.db, c.var.user.id));
  })
  .get("/chat/getList", requireUser, async (c) => {
    const { page, limit, kind } = parse(c, notificationListSchema);
    const { db, user } = c.var;
    const [list, conversation, supportUnread] = await Promise.all([
      listNotifications(db, user.id, page, limit, { kind, lang: c.var.lang }),
      existingConversationOf(db, user.id),
      userUnread(db, user.id),
    ]);
    return ok(c, { ...list, chat: { chat_id: conversation?.id ?? null, unread: supportUnread } } satisfies NotificationList);
  })
  .get("/chat/detail", requireUser, async (c) => {
    const { id } = parse(c, notificationDetailSchema);
    return ok(c, await notificationDetail(c.var.db, c.var.user.id, id, c.var.lang));
  })
  .post("/chat/markRead", requireUser, async (c) => {
    const input = parse(c, markReadSchema);
    const { db, user } = c.var;
    if (input.id !== undefined) await markRead(db, user.id, input.id);
    else if (input.chat_id !== undefined) await markSupportRead(c.env, db, user.id, input.chat_id);
    else await markAllRead(db, user.id, Date.now(), input.kind);
    c.executionCtx.waitUntil(pushUnread(c.env, db, user.id));
    return ok(c, await unread(db, user.id));
  });

async function unread(db: Db, userId: number): Promise<UnreadCount> {
  const [byKind, support] = await Promise.all([unreadByKind(db, userId), userUnread(db, userId)]);
  return { count: byKind.personal + byKind.announcement + support, ...byKind, support };
}
