import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { MESSAGE_PAGE_SIZE, fetchNotifications, markAllRead, type NotificationKind } from "../../features/messages/api.ts";
import { langAtom } from "../../features/preferences/atoms.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import "../../styles/content.css";
import "../../styles/messages.css";
import { useTexts } from "../../lib/i18n.ts";

/** /mailMessage/mailMessageList (personal messages) and /mailMessage/ggList (announcements), newest first. */
export default function MessageListPage() {
  useTexts("messages");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const lang = useAtomValue(langAtom);
  const kind: NotificationKind = useLocation().pathname.endsWith("/ggList") ? "announcement" : "personal";
  const list = usePagedQuery([Q.messages, token, "list", kind, lang], async (page) => {
    const answer = await fetchNotifications(kind, page);
    return { items: answer.data, hasMore: page * MESSAGE_PAGE_SIZE < answer.total };
  });
  const seen = new Set<number>();
  const items = list.items.filter((n) => !seen.has(n.id) && seen.add(n.id));
  const anyUnread = items.some((n) => !n.is_read);

  let body;
  if (list.error) body = <ErrorView message={list.error.message} onRetry={list.reload} />;
  else if (list.loading && items.length === 0) body = <DelayedSpinner />;
  else if (items.length === 0) body = <EmptyState text={t(kind === "personal" ? "messages.noPersonal" : "messages.noAnnouncements")} />;
  else
    body = (
      <>
        {anyUnread && (
          <div className="message-toolbar">
            <button type="button" className="btn btn-ghost btn-small" onClick={() => void markAllRead(kind)} data-testid="mark-all-read">
              {t("messages.markAllRead")}
            </button>
          </div>
        )}
        <ul className="message-list" data-testid="message-list">
          {items.map((n) => (
            <li key={n.id}>
              <Link to={`/mailMessage/ggDetail/${n.id}`} className={n.is_read ? "message-item" : "message-item unread"}>
                <div className="message-item-head">
                  {!n.is_read && <span className="unread-dot" aria-label={t("messages.unread")} />}
                  <span className="message-item-title">{n.title}</span>
                </div>
                <div className="message-item-excerpt">{n.content}</div>
                <div className="message-item-date num">{formatDate(n.created_at, true)}</div>
              </Link>
            </li>
          ))}
        </ul>
        <div className="list-footer">
          {list.hasMore ? (
            <button type="button" className="btn btn-ghost btn-small" onClick={list.loadMore} disabled={list.loading}>
              {list.loading ? t("common.loading") : t("messages.loadMore")}
            </button>
          ) : (
            <span>{t("messages.noMore")}</span>
          )}
        </div>
      </>
    );
  return (
    <>
      <NavBar title={t(kind === "personal" ? "messages.personal" : "messages.announcements")} />
      {body}
    </>
  );
}
