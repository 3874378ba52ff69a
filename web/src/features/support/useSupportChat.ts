import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import type { SupportConversation } from "../../../../schema/api/support.ts";
import type { ApiFailure } from "../../lib/api.ts";
import { openPartySocket } from "../../lib/party-socket.ts";
import { tokenAtom } from "../session/atoms.ts";
import { type SupportThread, fetchThread, markChatRead, newClientId, sendMessage } from "./api.ts";
import { parseSupportRoomFrame } from "./room-frames.ts";
import { type ChatState, addOutgoing, emptyChat, mergeMessages, setFailed } from "./thread.ts";

/** How long "typing" shows after the agent's last typing frame. */
const TYPING_SHOWN_MS = 4000;
/** At most one typing frame per this long. */
const TYPING_EVERY_MS = 2000;

export type SupportChat = {
  chat: ChatState;
  conversation: SupportConversation | null;
  loading: boolean;
  error: ApiFailure | null;
  hasMore: boolean;
  agentsOnline: number;
  agentTyping: boolean;
  /** The last message id the agents have read (read receipts). */
  agentReadId: number;
  reload: () => void;
  loadEarlier: () => void;
  send: (content: { text: string } | { image: File }) => void;
  retry: (clientId: string) => void;
  typing: () => void;
};

/**
 * The user's customer-service conversation: the newest page of history, then the conversation room's frames. Every
 * (re)connect reads the newest page again, so nothing sent while a socket was down is missed; replies are marked read
 * while the page is open.
 */
export function useSupportChat(): SupportChat {
  const token = useAtomValue(tokenAtom);
  const [chat, setChat] = useState<ChatState>(emptyChat);
  const [conversation, setConversation] = useState<SupportConversation | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [agentsOnline, setAgentsOnline] = useState(0);
  const [agentTyping, setAgentTyping] = useState(false);
  const [agentReadId, setAgentReadId] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const socketRef = useRef<ReturnType<typeof openPartySocket> | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSent = useRef(0);

  const apply = useCallback((thread: SupportThread) => {
    setConversation(thread.conversation);
    setAgentReadId(thread.conversation.agent_read_id);
    setAgentsOnline(thread.agents_online);
    setChat((s) => mergeMessages(s, thread.messages));
    setHasMore((h) => (h ? h : thread.has_more));
    const newest = thread.messages.at(-1);
    if (newest && newest.id > thread.conversation.user_read_id && newest.sender !== "user") void markChatRead(thread.conversation.id);
  }, []);
  const readNewest = useCallback(() => fetchThread().then(apply), [apply]);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let socket: ReturnType<typeof openPartySocket> | null = null;
    fetchThread()
      .then((thread) => {
        if (cancelled) return;
        apply(thread);
        setHasMore(thread.has_more);
        setLoading(false);
        socket = openPartySocket("support-room", String(thread.conversation.id), { token });
        socketRef.current = socket;
        // Every open reads the newest messages, the first one too: one written between the thread's read and the
        // socket's handshake (or while it was down) was sent to no one.
        socket.addEventListener("open", () => void readNewest().catch(() => undefined));
        socket.addEventListener("message", async (event: MessageEvent) => {
          const frame = await parseSupportRoomFrame(event.data);
          if (!frame || cancelled) return;
          if (frame.type === "message") {
            setChat((s) => mergeMessages(s, [frame.message]));
            if (frame.message.sender !== "user") {
              // An agent just wrote: one is online, whatever the last read said.
              setAgentsOnline((n) => Math.max(n, 1));
              setAgentTyping(false);
              void markChatRead(frame.message.conversation_id);
            }
          } else if (frame.type === "typing" && frame.from === "agent") {
            setAgentTyping(true);
            clearTimeout(typingTimer.current);
            typingTimer.current = setTimeout(() => setAgentTyping(false), TYPING_SHOWN_MS);
          } else if (frame.type === "read" && frame.by === "agent") {
            setAgentReadId((r) => Math.max(r, frame.up_to));
          } else if (frame.type === "status") {
            setConversation((c) => (c ? { ...c, status: frame.status, claimed: frame.claimed } : c));
          }
        });
      })
      .catch((err: ApiFailure) => {
        if (cancelled) return;
        setError(err);
        setLoading(false);
      });
    return () => {
      cancelled = true;
      clearTimeout(typingTimer.current);
      socket?.close();
      socketRef.current = null;
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is the retry button's trigger
  }, [token, attempt, readNewest, apply]);

  const loadEarlier = useCallback(() => {
    const oldest = chat.messages[0];
    if (!oldest) return;
    fetchThread(oldest.id)
      .then((thread) => {
        setChat((s) => mergeMessages(s, thread.messages));
        setHasMore(thread.has_more);
      })
      .catch(() => undefined);
  }, [chat.messages]);

  const deliver = useCallback((clientId: string, content: { text: string } | { image: File }) => {
    sendMessage(clientId, content)
      .then((sent) => {
        setChat((s) => mergeMessages(s, [sent.message]));
        setAgentsOnline(sent.agents_online);
      })
      .catch(() => setChat((s) => setFailed(s, clientId, true)));
  }, []);

  const send = useCallback(
    (content: { text: string } | { image: File }) => {
      const clientId = newClientId();
      setChat((s) =>
        addOutgoing(s, {
          clientId,
          content,
          failed: false,
          ...("text" in content ? { text: content.text } : { imageName: content.image.name }),
        }),
      );
      deliver(clientId, content);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const pending = chat.outgoing.find((o) => o.clientId === clientId);
      if (!pending) return;
      setChat((s) => setFailed(s, clientId, false));
      deliver(clientId, pending.content);
    },
    [chat.outgoing, deliver],
  );

  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_EVERY_MS) return;
    lastTypingSent.current = now;
    socketRef.current?.send(JSON.stringify({ type: "typing" }));
  }, []);

  return {
    chat,
    conversation,
    loading,
    error,
    hasMore,
    agentsOnline,
    agentTyping,
    agentReadId,
    reload: () => {
      setLoading(true);
      setError(null);
      setAttempt((a) => a + 1);
    },
    loadEarlier,
    send,
    retry,
    typing,
  };
}
