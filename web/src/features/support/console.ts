import { useEffect, useRef } from "react";
import { parseFrame } from "../../../../schema/api/frame-text.ts";
import {
  SUPPORT_DESK,
  type SupportAgent,
  type SupportConversation,
  type SupportMessage,
  type SupportQueue,
  type SupportQueueItem,
  type SupportSent,
  supportDeskOutbound,
} from "../../../../schema/api/support.ts";
import { openPartySocket } from "../../lib/party-socket.ts";
import { get, post } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";

export type { SupportAgent, SupportQueue, SupportQueueItem } from "../../../../schema/api/support.ts";

/** How long the user has waited for an answer at `now`, and whether that is past the configured alert (open conversations only). */
export function waitState(
  item: Pick<SupportQueueItem, "status" | "waiting_since">,
  alertAfterMs: number,
  now: number,
): { waitedMs: number; late: boolean } {
  const waitedMs = item.status === "open" && item.waiting_since !== null ? Math.max(0, now - item.waiting_since) : 0;
  return { waitedMs, late: item.status === "open" && item.waiting_since !== null && waitedMs > alertAfterMs };
}

/** The console's customer-service calls (support role; the worker audits claim, transfer and close). */

export type ConsoleThread = {
  conversation: SupportConversation;
  user_id: number;
  agent_id: number | null;
  messages: SupportMessage[];
  has_more: boolean;
};

const KEYS = [[Q.admin, "support"]];

export const queueQuery = (status: "open" | "closed"): QueryDef<SupportQueue> => ({
  key: [Q.admin, "support", "queue", status],
  load: () => get<SupportQueue>("/admin/support/queue", { status }, { silent: true, background: true }),
});

export const agentsQuery: QueryDef<SupportAgent[]> = {
  key: [Q.admin, "support", "agents"],
  load: () => get<SupportAgent[]>("/admin/support/agents", undefined, { silent: true }),
  staleTime: 60_000,
};

export const fetchConsoleThread = (id: number, before?: number) =>
  get<ConsoleThread>("/admin/support/conversation", { id, before, limit: 30 }, { silent: true, background: true });

export const claimConversation = mutation((id: number) => post<SupportConversation>("/admin/support/claim", { id }), KEYS);
export const closeConversation = mutation((id: number) => post<SupportConversation>("/admin/support/close", { id }), KEYS);
export const transferConversation = mutation(
  (id: number, agentId: number) => post<SupportConversation>("/admin/support/transfer", { id, agent_id: agentId }),
  KEYS,
);
export function replyTo(id: number, clientId: string, content: { text: string } | { image: File }): Promise<SupportSent> {
  if ("text" in content)
    return post<SupportSent>("/admin/support/reply", { id, client_id: clientId, text: content.text }, { background: true });
  const form = new FormData();
  form.set("id", String(id));
  form.set("client_id", clientId);
  form.set("image", content.image);
  return post<SupportSent>("/admin/support/reply", form, { background: true });
}
/** Sets after how many seconds of waiting the queue highlights a conversation (audited). */
export const setWaitAlert = mutation((seconds: string) => post<{ alert_after_ms: number }>("/admin/support/wait", { seconds }), KEYS);

/** Grants or revokes an operator's support role (audited). */
export const setSupportRole = mutation(
  (userId: number, enabled: boolean) => post<unknown>("/admin/support/agent", { user_id: userId, enabled: enabled ? 1 : 0 }),
  KEYS,
);
export const markAgentRead = (id: number) => post<{ up_to: number }>("/admin/support/read", { id }, { silent: true, background: true });

/**
 * Keeps the agents' desk socket open while a console page is shown: an open desk socket is what tells users an agent
 * is online. `onChange` runs when a conversation changes or a message arrives.
 */
export function useSupportDesk(token: string, onChange: () => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!token) return;
    const socket = openPartySocket("support-desk", SUPPORT_DESK, { token });
    socket.addEventListener("message", (event: MessageEvent) => {
      const frame = parseFrame(supportDeskOutbound, event.data);
      if (frame && (frame.type === "queue" || frame.type === "message")) latest.current();
    });
    return () => socket.close();
  }, [token]);
}
