import * as z from "zod/mini";
import { id, limit } from "./fields.ts";

/**
 * Customer-service chat: the user's side under /chat/support, the operators' under /admin/support, and the frames of
 * the conversation room (/parties/support-room/<conversation id>) and the agents' desk (/parties/support-desk/main).
 */

/** Set by the Worker's guard on the upgrade it forwards to a conversation room: `user` or `agent`. */
export const SUPPORT_SIDE_HEADER = "x-support-side";

/** The agents' desk room's one name. */
export const SUPPORT_DESK = "main";

/** Longest message text, in characters. */
export const SUPPORT_TEXT_MAX = 2000;

/** The sender's own id for a message: a resend with the same id stores nothing new. */
export const clientMessageId = () => z.string().check(z.regex(/^[\w-]{8,64}$/, { error: "PARAMETER_ERROR" }));

/** Chat text: 1 to SUPPORT_TEXT_MAX characters after trimming; line breaks and tabs are kept, other control characters refused. */
export const chatText = () =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((s) => s.trim()),
    ),
    z.string().check(
      z.refine((s) => s.length > 0, { error: "PARAMETER_ERROR" }),
      z.refine((s) => [...s].length <= SUPPORT_TEXT_MAX, { error: "CHAT_TEXT_TOO_LONG" }),
      z.refine((s) => ![...s].some((ch) => (ch.charCodeAt(0) < 0x20 && ch !== "\n" && ch !== "\t") || ch.charCodeAt(0) === 0x7f), {
        error: "TEXT_INVALID_CHARACTERS",
      }),
    ),
  );

const imageFile = () => z.custom<File>((v) => typeof File !== "undefined" && v instanceof File);

/** GET /chat/support: the caller's conversation (created on first open) and a page of history before `before`. */
export const supportOpenSchema = z.strictObject({ before: z.optional(id()), limit: limit(50, 20) });

/** POST /chat/support/send: `text`, or an `image` (multipart), never both. */
export const supportSendSchema = z
  .strictObject({ client_id: clientMessageId(), text: z.optional(chatText()), image: z.optional(imageFile()) })
  .check(z.refine((v) => (v.text !== undefined) !== (v.image !== undefined), { error: "PARAMETER_ERROR", path: ["text"] }));

/** GET /admin/support/queue. */
export const adminSupportQueueSchema = z.strictObject({ status: z._default(z.optional(z.enum(["open", "closed"])), "open") });

/** GET /admin/support/conversation: one conversation and a page of its history. */
export const adminSupportConversationSchema = z.strictObject({ id: id(), before: z.optional(id()), limit: limit(50, 20) });

/** POST /admin/support/claim, /close, /read. */
export const adminSupportIdSchema = z.strictObject({ id: id() });

/** POST /admin/support/reply: `text`, or an `image` (multipart), never both. */
export const adminSupportReplySchema = z
  .strictObject({ id: id(), client_id: clientMessageId(), text: z.optional(chatText()), image: z.optional(imageFile()) })
  .check(z.refine((v) => (v.text !== undefined) !== (v.image !== undefined), { error: "PARAMETER_ERROR", path: ["text"] }));

export const adminSupportTransferSchema = z.strictObject({ id: id(), agent_id: id() });

/** Shortest and longest wait, in seconds, after which the queue highlights a conversation. */
export const WAIT_ALERT_MIN_SECONDS = 10;
export const WAIT_ALERT_MAX_SECONDS = 86_400;

/** POST /admin/support/wait: after how many seconds of waiting the queue highlights a conversation. */
export const adminSupportWaitSchema = z.strictObject({
  seconds: z.pipe(
    id(),
    z.number().check(z.refine((n) => n >= WAIT_ALERT_MIN_SECONDS && n <= WAIT_ALERT_MAX_SECONDS, { error: "SUPPORT_WAIT_OUT_OF_RANGE" })),
  ),
});

/** POST /admin/support/agent: grant (`enabled=1`) or revoke the support role of an operator. */
export const adminSupportAgentSchema = z.strictObject({ user_id: id(), enabled: z.enum(["0", "1"]) });

export type SupportMessage = {
  id: number;
  conversation_id: number;
  sender: "user" | "agent" | "system";
  kind: "text" | "image";
  /** Text, or an image URL under /api/files/. For `system`, a code the client translates (claimed, transferred, closed). */
  body: string;
  client_id: string;
  created_at: number;
};

export type SupportConversation = {
  id: number;
  status: "open" | "closed";
  /** An agent has claimed it. */
  claimed: boolean;
  /** The last message id each side has read. */
  user_read_id: number;
  agent_read_id: number;
};

/** GET /chat/support: the conversation, a page of messages (oldest first), whether more are older, and agent presence. */
export type SupportThread = {
  conversation: SupportConversation;
  messages: SupportMessage[];
  has_more: boolean;
  agents_online: number;
};

export type SupportSent = { message: SupportMessage; duplicate: boolean; agents_online: number };

/** A queue row in the console. */
export type SupportQueueItem = {
  id: number;
  status: "open" | "closed";
  user_id: number;
  user_uid: string;
  user_label: string;
  agent_id: number | null;
  agent_label: string | null;
  waiting_since: number | null;
  last_message_at: number;
  last_message: string;
  unread: number;
};

export type SupportQueue = { items: SupportQueueItem[]; alert_after_ms: number; agents_online: number; me: number };

export type SupportAgent = { user_id: number; label: string };

/** Client to conversation room, and client to desk. */
export const supportRoomInbound = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("ping") }),
  z.strictObject({ type: z.literal("typing") }),
]);

const messageFrame = z.strictObject({
  id: z.int(),
  conversation_id: z.int(),
  sender: z.enum(["user", "agent", "system"]),
  kind: z.enum(["text", "image"]),
  body: z.string(),
  client_id: z.string(),
  created_at: z.int(),
});

/** Conversation room to client. */
export const supportRoomOutbound = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("message"), message: messageFrame }),
  z.strictObject({ type: z.literal("typing"), from: z.enum(["user", "agent"]) }),
  z.strictObject({ type: z.literal("read"), by: z.enum(["user", "agent"]), up_to: z.int() }),
  z.strictObject({ type: z.literal("status"), status: z.enum(["open", "closed"]), claimed: z.boolean() }),
  z.strictObject({ type: z.literal("pong") }),
  z.strictObject({ type: z.literal("error"), code: z.enum(["BAD_FRAME"]) }),
]);
export type SupportRoomOutbound = z.infer<typeof supportRoomOutbound>;

/** Desk to agents: a conversation changed (re-read the queue), or a message arrived in one. */
export const supportDeskOutbound = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("message"), message: messageFrame }),
  z.strictObject({ type: z.literal("queue"), conversation_id: z.int() }),
  z.strictObject({ type: z.literal("pong") }),
  z.strictObject({ type: z.literal("error"), code: z.enum(["BAD_FRAME"]) }),
]);
export type SupportDeskOutbound = z.infer<typeof supportDeskOutbound>;
