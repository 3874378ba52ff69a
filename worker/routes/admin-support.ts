import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { noInput } from "../../schema/api/fields.ts";
import {
  adminSupportAgentSchema,
  adminSupportConversationSchema,
  adminSupportIdSchema,
  adminSupportQueueSchema,
  adminSupportReplySchema,
  adminSupportTransferSchema,
  adminSupportWaitSchema,
  type SupportQueue,
} from "../../schema/api/support.ts";
import { notFound } from "../domain/errors.ts";
import { storeUpload } from "../domain/files/uploads.ts";
import {
  claim,
  close,
  holdForReply,
  listAgents,
  queue,
  requireAgent,
  setSupportAgent,
  setWaitAlert,
  transfer,
  waitAlertMs,
} from "../domain/support/desk.ts";
import { conversationById, history, markConversationRead, storeMessage, toConversation } from "../domain/support/thread.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { agentsOnline, publishMessage, publishRead, publishStatus } from "../realtime/support-push.ts";

/** Operators with the support role; runs after requireUser and requireOperator. */
const requireSupport = createMiddleware<AppEnv>(async (c, next) => {
  await requireAgent(c.var.db, c.var.user.id);
  await next();
});

const agent = [requireUser, requireOperator, requireSupport] as const;

/** The console's customer-service desk: queue, conversation, claim, reply, transfer, close; and granting the role. */
export const adminSupportRoutes = new Hono<AppEnv>()
  .get("/admin/support/queue", ...agent, async (c) => {
    const { status } = parse(c, adminSupportQueueSchema);
    const [items, alertAfter, online] = await Promise.all([queue(c.var.db, status), waitAlertMs(c.var.db), agentsOnline(c.env)]);
    return ok(c, { items, alert_after_ms: alertAfter, agents_online: online, me: c.var.user.id } satisfies SupportQueue);
  })
  .get("/admin/support/conversation", ...agent, async (c) => {
    const { id, before, limit } = parse(c, adminSupportConversationSchema);
    const conversation = await conversationById(c.var.db, id);
    if (!conversation) throw notFound();
    const page = await history(c.var.db, id, before, limit);
    return ok(c, {
      conversation: toConversation(conversation),
      user_id: conversation.userId,
      agent_id: conversation.agentId,
      messages: page.messages,
      has_more: page.hasMore,
    });
  })
  .post("/admin/support/claim", ...agent, async (c) => {
    const { id } = parse(c, adminSupportIdSchema);
    const conversation = await claim(c.var.db, c.var.user.id, id);
    await publishStatus(c.env, conversation);
    return ok(c, toConversation(conversation));
  })
  .post("/admin/support/reply", ...agent, async (c) => {
    const input = parse(c, adminSupportReplySchema);
    const { db, user } = c.var;
    const conversation = await holdForReply(db, user.id, input.id);
    // An agent's image is a public file (unguessable key): the user, not its owner, must be able to read it.
    const body = input.image ? (await storeUpload(c.env, db, user.id, input.image)).url : input.text!;
    const sent = await storeMessage(db, conversation.id, {
      sender: "agent",
      senderId: user.id,
      kind: input.image ? "image" : "text",
      body,
      clientId: input.client_id,
    });
    if (!sent.duplicate) await publishMessage(c.env, db, conversation, sent.message);
    return ok(c, sent);
  })
  .post("/admin/support/transfer", ...agent, async (c) => {
    const { id, agent_id } = parse(c, adminSupportTransferSchema);
    const conversation = await transfer(c.var.db, c.var.user.id, id, agent_id);
    await publishStatus(c.env, conversation);
    return ok(c, toConversation(conversation));
  })
  .post("/admin/support/close", ...agent, async (c) => {
    const { id } = parse(c, adminSupportIdSchema);
    const conversation = await close(c.var.db, c.var.user.id, id);
    await publishStatus(c.env, conversation);
    return ok(c, toConversation(conversation));
  })
  .post("/admin/support/read", ...agent, async (c) => {
    const { id } = parse(c, adminSupportIdSchema);
    if (!(await conversationById(c.var.db, id))) throw notFound();
    const upTo = await markConversationRead(c.var.db, id, "agent");
    await publishRead(c.env, id, "agent", upTo);
    return ok(c, { up_to: upTo });
  })
  // Every operator may read who has the role (the user page shows it where the role is granted).
  .get("/admin/support/agents", requireUser, requireOperator, async (c) => {
    parse(c, noInput());
    return ok(c, await listAgents(c.var.db));
  })
  .post("/admin/support/wait", ...agent, async (c) => {
    const { seconds } = parse(c, adminSupportWaitSchema);
    return ok(c, { alert_after_ms: await setWaitAlert(c.var.db, c.var.user.id, seconds) });
  })
  .post("/admin/support/agent", requireUser, requireOperator, async (c) => {
    const { user_id, enabled } = parse(c, adminSupportAgentSchema);
    await setSupportAgent(c.var.db, c.var.user.id, user_id, enabled === "1");
    return ok(c, { user_id, enabled: enabled === "1" });
  });
