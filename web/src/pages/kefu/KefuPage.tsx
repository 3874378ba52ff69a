import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { PrivateImage } from "../../components/PrivateImage.tsx";
import { ErrorView } from "../../components/States.tsx";
import type { SupportMessage } from "../../features/support/api.ts";
import { useSupportChat } from "../../features/support/useSupportChat.ts";
import { formatDate } from "../../lib/time.ts";
import "../../styles/content.css";
import "../../styles/messages.css";
import { useTexts } from "../../lib/i18n.ts";

/** Longest text the server takes (SUPPORT_TEXT_MAX), repeated here so the page does not load the schema module. */
const TEXT_MAX = 2000;

/**
 * /kefu: the user's live chat with customer service. Messages are plain text (never markup) or images; the user's
 * own messages show while they are on their way, and a failed one can be sent again with the same client id.
 */
export default function KefuPage() {
  useTexts("support");
  const { t } = useTranslation();
  const s = useSupportChat();
  const [text, setText] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const count = s.chat.messages.length + s.chat.outgoing.length;

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "end" });
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- scrolls down whenever a message or the typing line appears
  }, [count, s.agentTyping]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value || [...value].length > TEXT_MAX) return;
    s.send({ text: value });
    setText("");
  };

  // Every state fills the space above the composer, so the composer stays at the bottom while the log loads. Each
  // state is its own element (key): the log replaces the spinner's box instead of moving it down under the notices.
  let body;
  if (s.error)
    body = (
      <div className="chat-scroll" key="error">
        <ErrorView message={s.error.message} onRetry={s.reload} />
      </div>
    );
  else if (s.loading)
    body = (
      <div className="chat-scroll" key="loading">
        <DelayedSpinner />
      </div>
    );
  else
    body = (
      <div className="chat-scroll" key="log" data-testid="chat-log">
        {s.hasMore && (
          <div className="list-footer">
            <button type="button" className="btn btn-ghost btn-small" onClick={s.loadEarlier}>
              {t("support.earlier")}
            </button>
          </div>
        )}
        {count === 0 && <p className="chat-hint">{t("support.welcome")}</p>}
        {s.chat.messages.map((m) => (
          <Bubble key={m.id} message={m} read={m.sender === "user" && m.id <= s.agentReadId} />
        ))}
        {s.chat.outgoing.map((o) => (
          <div key={o.clientId} className="chat-row mine">
            <div className="chat-bubble pending">{o.text ?? o.imageName}</div>
            <div className="chat-meta">
              {o.failed ? (
                <button type="button" className="chat-retry" onClick={() => s.retry(o.clientId)}>
                  {t("support.failedRetry")}
                </button>
              ) : (
                t("support.sending")
              )}
            </div>
          </div>
        ))}
        {s.agentTyping && (
          <p className="chat-typing" data-testid="agent-typing">
            {t("support.agentTyping")}
          </p>
        )}
        <div ref={endRef} />
      </div>
    );

  const offline = !s.loading && !s.error && s.agentsOnline === 0;
  const tooLong = [...text.trim()].length > TEXT_MAX;
  return (
    <div className="chat-page">
      <NavBar title={t("support.title")} />
      {offline && (
        <p className="chat-notice" role="status" data-testid="no-agent">
          {t("support.noAgent")}
        </p>
      )}
      {s.conversation?.status === "closed" && <p className="chat-notice">{t("support.closed")}</p>}
      {body}
      <form className="chat-composer" onSubmit={submit}>
        <button
          type="button"
          className="btn btn-ghost btn-small chat-attach"
          onClick={() => fileRef.current?.click()}
          aria-label={t("support.attach")}
          disabled={s.loading || !!s.error}
        >
          +
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          data-testid="chat-image"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) s.send({ image: file });
            e.target.value = "";
          }}
        />
        <textarea
          className="chat-input"
          rows={1}
          value={text}
          placeholder={t("support.placeholder")}
          aria-label={t("support.placeholder")}
          aria-invalid={tooLong}
          aria-describedby={tooLong ? "chat-too-long" : undefined}
          data-testid="chat-input"
          onChange={(e) => {
            setText(e.target.value);
            s.typing();
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) submit(e);
          }}
        />
        <button type="submit" className="btn btn-primary btn-small" disabled={!text.trim() || tooLong || s.loading} data-testid="chat-send">
          {t("support.send")}
        </button>
      </form>
      {tooLong && (
        <p id="chat-too-long" className="chat-notice error">
          {t("support.tooLong", { max: TEXT_MAX })}
        </p>
      )}
    </div>
  );
}

function Bubble({ message, read }: { message: SupportMessage; read: boolean }) {
  useTexts("support");
  const { t } = useTranslation();
  const mine = message.sender === "user";
  return (
    <div className={mine ? "chat-row mine" : "chat-row"} data-testid={mine ? "my-message" : "agent-message"}>
      {message.kind === "image" ? (
        <PrivateImage src={message.body} alt={t("support.image")} className="chat-image" />
      ) : (
        <div className="chat-bubble">{message.body}</div>
      )}
      <div className="chat-meta num">
        {formatDate(message.created_at, true)}
        {mine && read && <span className="chat-read"> · {t("support.read")}</span>}
      </div>
    </div>
  );
}
