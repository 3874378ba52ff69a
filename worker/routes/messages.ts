import { Hono } from "hono";
import { noInput } from "../../schema/api/fields.ts";
import { markReadSchema, notificationListSchema } from "../../schema/api/messages.ts";
import { listNotifications, markAllRead, markRead, unreadCount } from "../domain/messages/notifications.ts";
import { pushUnread } from "../realtime/push.ts";
import { requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** Message centre: the caller's own and broadcast notifications. */
export const messageRoutes = new Hono<AppEnv>()
  .get("/chat/unread", requireUser, async (c) => {
    parse(c, noInput());
    return ok(c, { count: await unreadCount(c.var.db, c.var.user.id) });
  })
  .get("/chat/getList", requireUser, async (c) => {
    const { page, limit } = parse(c, notificationListSchema);
    return ok(c, await listNotifications(c.var.db, c.var.user.id, page, limit));
  })
  .post("/chat/markRead", requireUser, async (c) => {
    const input = parse(c, markReadSchema);
    const { db, user } = c.var;
    if (input.id !== undefined) await markRead(db, user.id, input.id);
    else await markAllRead(db, user.id);
    c.executionCtx.waitUntil(pushUnread(c.env, db, user.id));
    return ok(c, { count: await unreadCount(db, user.id) });
  });
