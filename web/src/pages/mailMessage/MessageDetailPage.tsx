import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { ArticleBody } from "../../features/content/ArticleBody.tsx";
import { markRead, notificationQuery } from "../../features/messages/api.ts";
import { langAtom } from "../../features/preferences/atoms.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import "../../styles/content.css";
import { useTexts } from "../../lib/i18n.ts";

/** /mailMessage/ggDetail/:id: one message or announcement; opening it marks it read. */
export default function MessageDetailPage() {
  useTexts("messages");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const lang = useAtomValue(langAtom);
  const raw = useParams().id ?? "";
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
  const message = useQuery(notificationQuery(token, id, lang), { enabled: id > 0 });
  const shown = message.data && message.data.id === id ? message.data : null;
  const unread = shown !== null && !shown.is_read;

  useEffect(() => {
    if (unread) markRead(id).catch(() => undefined);
  }, [unread, id]);

  let body;
  if (shown) {
    body = (
      <article className="article" data-testid="message-detail">
        <h2 className="article-title">{shown.title}</h2>
        <p className="article-date num">{formatDate(shown.created_at, true)}</p>
        <ArticleBody content={shown.content} />
      </article>
    );
  } else if (id === 0 || message.error?.status === 404) {
    body = <EmptyState text={t("messages.missing")} />;
  } else if (message.error) {
    body = <ErrorView message={message.error.message} onRetry={message.reload} />;
  } else {
    body = <DelayedSpinner />;
  }
  return (
    <>
      <NavBar title={t("messages.detail")} />
      {body}
    </>
  );
}
