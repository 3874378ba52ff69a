import { useAtomValue } from "jotai";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { parseFrame } from "../../../../schema/api/frame-text.ts";
import { type SupportConversation, supportRoomOutbound } from "../../../../schema/api/support.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { PrivateImage } from "../../components/PrivateImage.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { newClientId } from "../../features/support/api.ts";
import {
  agentsQuery,
  type ConsoleThread,
  claimConversation,
  closeConversation,
  fetchConsoleThread,
  markAgentRead,
  replyTo,
  transferConversation,
  useSupportDesk,
} from "../../features/support/console.ts";
import { type ChatState, emptyChat, mergeMessages } from "../../features/support/thread.ts";
import type { ApiFailure } from "../../lib/api.ts";
import { openPartySocket } from "../../lib/party-socket.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
import "../../styles/messages.css";
import { useTexts } from "../../lib/i18n.ts";

/** /admin/support/:id: one conversation for an agent: history, live messages and typing, claim, reply, transfer, close. */
export default function AdminSupportChatPage() {
  useTexts("support");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const raw = useParams().id ?? "";
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
  const [chat, setChat] = useState<ChatState>(emptyChat);
  const [conversation, setConversation] = useState<SupportConversation | null>(null);
  const [agentId, setAgentId] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [userTyping, setUserTyping] = useState(false);
  const [text, setText] = useState("");
  const [target, setTarget] = useState("");
  const [attempt, setAttempt] = useState(0);
  const agents = useQuery(agentsQuery);
  // Open here too: an agent reading a conversation is online.
  useSupportDesk(token, noop);

  const apply = useCallback(
    (thread: ConsoleThread) => {
      setConversation(thread.conversation);
      setAgentId(thread.agent_id);
      setUserId(thread.user_id);
      setHasMore((h) => h || thread.has_more);
      setChat((s) => mergeMessages(s, thread.messages));
      void markAgentRead(id);
    },
    [id],
  );
  const read = useCallback(() => fetchConsoleThread(id).then(apply), [id, apply]);

  useEffect(() => {
    if (!id || !token) return;
    let cancelled = false;
    let socket: ReturnType<typeof openPartySocket> | null = null;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    fetchConsoleThread(id)
      .then((thread) => {
        if (cancelled) return;
        apply(thread);
        socket = openPartySocket("support-room", String(id), { token });
        socket.addEventListener("message", (event: MessageEvent) => {
          const frame = parseFrame(supportRoomOutbound, event.data);
          if (!frame) return;
          if (frame.type === "message") {
            setChat((s) => mergeMessages(s, [frame.message]));
            if (frame.message.sender === "user") {
              setUserTyping(false);
              void markAgentRead(id);
            }
          } else if (frame.type === "typing" && frame.from === "user") {
            setUserTyping(true);
            clearTimeout(typingTimer);
            typingTimer = setTimeout(() => setUserTyping(false), 4000);
          } else if (frame.type === "status") {
            // Who holds it may have changed: read it again.
            void read().catch(() => undefined);
          }
        });
      })
      .catch((err: ApiFailure) => !cancelled && setError(err));
    return () => {
      cancelled = true;
      clearTimeout(typingTimer);
      socket?.close();
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is the retry button's trigger
  }, [id, token, attempt, read, apply]);

  const loadEarlier = () => {
    const oldest = chat.messages[0];
    if (!oldest) return;
    fetchConsoleThread(id, oldest.id)
      .then((thread) => {
        setChat((s) => mergeMessages(s, thread.messages));
        setHasMore(thread.has_more);
      })
      .catch(() => undefined);
  };

  const act = (run: () => Promise<unknown>) => {
    run()
      .then(() => read())
      .catch(() => undefined);
  };

  const deliver = (content: { text: string } | { image: File }) =>
    replyTo(id, newClientId(), content).then((sent) => {
      setChat((s) => mergeMessages(s, [sent.message]));
      void read();
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value) return;
    deliver({ text: value })
      .then(() => setText(""))
      .catch(() => undefined);
  };

  const close = async () => {
    if (!(await confirmDialog({ title: t("support.console.closeTitle"), message: t("support.console.closeMessage") }))) return;
    act(async () => {
      await closeConversation(id);
      toast(t("support.console.closedToast"));
    });
  };

  const others = (agents.data ?? []).filter((a) => a.user_id !== agentId);
  let body;
  if (id === 0 || error?.status === 404) body = <EmptyState text={t("support.console.missing")} />;
  else if (error) body = <ErrorView message={error.message} onRetry={() => setAttempt((a) => a + 1)} />;
  else if (!conversation) body = <DelayedSpinner />;
  else
    body = (
      <div className="support-console">
        <div className="support-actions">
          {userId !== null && (
            <Link to={`/admin/users/${userId}`} className="btn btn-ghost btn-small">
              {t("support.console.userPage")}
            </Link>
          )}
          <span className="faint">
            {conversation.status === "closed"
              ? t("support.console.closed")
              : agentId === null
                ? t("support.console.unclaimed")
                : t("support.console.claimed")}
          </span>
          {conversation.status === "open" && agentId === null && (
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={() => act(() => claimConversation(id))}
              data-testid="claim"
            >
              {t("support.console.claim")}
            </button>
          )}
          {conversation.status === "open" && (
            <>
              <select
                value={target}
                onChange={(e) => setTarget(e.target.value)}
                aria-label={t("support.console.transferTo")}
                className="support-select"
              >
                <option value="">{t("support.console.transferTo")}</option>
                {others.map((a) => (
                  <option key={a.user_id} value={a.user_id}>
                    {a.label}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={!target}
                onClick={() => act(() => transferConversation(id, Number(target)))}
              >
                {t("support.console.transfer")}
              </button>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => void close()} data-testid="close">
                {t("support.console.close")}
              </button>
            </>
          )}
        </div>
        <div className="chat-scroll support-log" data-testid="console-log">
          {hasMore && (
            <button type="button" className="btn btn-ghost btn-small support-earlier" onClick={loadEarlier}>
              {t("support.earlier")}
            </button>
          )}
          {chat.messages.map((m) => (
            <div key={m.id} className={m.sender === "user" ? "chat-row" : "chat-row mine"}>
              {m.kind === "image" ? (
                <PrivateImage src={m.body} alt={t("support.image")} className="chat-image" />
              ) : (
                <div className="chat-bubble">{m.body}</div>
              )}
              <div className="chat-meta num">{formatDate(m.created_at, true)}</div>
            </div>
          ))}
          {userTyping && <p className="chat-typing">{t("support.console.userTyping")}</p>}
        </div>
        {conversation.status === "open" && (
          <form className="chat-composer" onSubmit={submit}>
            <label className="btn btn-ghost btn-small chat-attach" aria-label={t("support.attach")}>
              +
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                hidden
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) deliver({ image: file }).catch(() => undefined);
                  e.target.value = "";
                }}
              />
            </label>
            <textarea
              className="chat-input"
              rows={2}
              value={text}
              placeholder={t("support.placeholder")}
              aria-label={t("support.placeholder")}
              data-testid="reply-input"
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="btn btn-primary btn-small" disabled={!text.trim()} data-testid="reply-send">
              {t("support.send")}
            </button>
          </form>
        )}
      </div>
    );
  return <AdminShell title={t("support.console.conversation")}>{body}</AdminShell>;
}

const noop = () => undefined;
