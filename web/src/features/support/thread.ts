import type { SupportMessage } from "../../../../schema/api/support.ts";

/**
 * The chat as the page shows it: stored messages by id, oldest first, and the user's own messages on their way
 * (by client id) until the server's copy arrives, by the POST's answer or the room's frame, whichever is first.
 */
export type Outgoing = {
  clientId: string;
  text?: string;
  imageName?: string;
  failed: boolean;
  content: { text: string } | { image: File };
};

export type ChatState = { messages: SupportMessage[]; outgoing: Outgoing[] };

export const emptyChat: ChatState = { messages: [], outgoing: [] };

/** Adds stored messages (a page, a frame, a POST's answer), each once, in id order; settles their outgoing copies. */
export function mergeMessages(state: ChatState, incoming: SupportMessage[]): ChatState {
  if (incoming.length === 0) return state;
  const byId = new Map(state.messages.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  const settled = new Set(incoming.filter((m) => m.sender === "user").map((m) => m.client_id));
  return {
    messages: [...byId.values()].sort((a, b) => a.id - b.id),
    outgoing: state.outgoing.filter((o) => !settled.has(o.clientId)),
  };
}

export const addOutgoing = (state: ChatState, o: Outgoing): ChatState => ({ ...state, outgoing: [...state.outgoing, o] });

export const setFailed = (state: ChatState, clientId: string, failed: boolean): ChatState => ({
  ...state,
  outgoing: state.outgoing.map((o) => (o.clientId === clientId ? { ...o, failed } : o)),
});
