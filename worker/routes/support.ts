import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { type SupportSent, type SupportThread, supportOpenSchema, supportSendSchema } from "../../schema/api/support.ts";
import { supportMessages } from "../../schema/db/index.ts";
import { storeUpload } from "../domain/files/uploads.ts";
import { enforce } from "../domain/limits/rate-limit.ts";
import { conversationOf, history, storeMessage, toConversation, toMessage } from "../domain/support/thread.ts";
import { requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { agentsOnline, publishMessage } from "../realtime/support-push.ts";

/** Messages one user may send to customer service per window (429 with Retry-After beyond). */
export const SUPPORT_SENDS_PER_WINDOW = 10;
export const SUPPORT_SEND_WINDOW_MS = 10_000;

/** The user's side of customer service: their one conversation, its history, and sending (idempotent by client_id). */
export const supportRoutes = new Hono<AppEnv>()
  .get("/chat/support", requireUser, async (c) => {
    const { before, limit } = parse(c, supportOpenSchema);
    const { db, user } = c.var;
    const conversation = await conversationOf(db, user.id);
    const [page, online] = await Promise.all([history(db, conversation.id, before, limit), agentsOnline(c.env)]);
    return ok(c, {
      conversation: toConversation(conversation),
      messages: page.messages,
      has_more: page.hasMore,
      agents_online: online,
    } satisfies SupportThread);
  })
  .post("/chat/support/send", requireUser, async (c) => {
    const input = parse(c, supportSendSchema);
    const { db, user } = c.var;
    const conversation = await conversationOf(db, user.id);
    // A resend after a reconnect answers what was stored, before counting against the limit or storing an image again.
    const stored = await db
      .select()
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.conversationId, conversation.id),
          eq(supportMessages.senderId, user.id),
          eq(supportMessages.clientId, input.client_id),
        ),
      )
      .get();
    if (stored)
      return ok(c, { message: toMessage(stored), duplicate: true, agents_online: await agentsOnline(c.env) } satisfies SupportSent);

    await enforce(db, `support-send:${user.id}`, SUPPORT_SENDS_PER_WINDOW, SUPPORT_SEND_WINDOW_MS);
    const body = input.image ? (await storeUpload(c.env, db, user.id, input.image, { private: true })).url : input.text!;
    const sent = await storeMessage(db, conversation.id, {
      sender: "user",
      senderId: user.id,
      kind: input.image ? "image" : "text",
      body,
      clientId: input.client_id,
    });
    if (!sent.duplicate) await publishMessage(c.env, db, conversation, sent.message);
    return ok(c, { ...sent, agents_online: await agentsOnline(c.env) } satisfies SupportSent);
  });
