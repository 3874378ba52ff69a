import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { CATEGORY, PAGE_SIZE, fetchNews, type ArticleSummary } from "../../features/content/api.ts";
import { langAtom } from "../../features/preferences/atoms.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import "../../styles/content.css";
import { useTexts } from "../../lib/i18n.ts";

/** /news: the announcements (c_id 4), newest first, ten at a time with "load more". */
export default function NewsListPage() {
  useTexts("content");
  const { t } = useTranslation();
  const lang = useAtomValue(langAtom);
  // A new language starts the list over (its own key).
  const list = usePagedQuery([Q.content, "news-list", CATEGORY.news, lang], async (page) => {
    const answer = await fetchNews(CATEGORY.news, page, PAGE_SIZE);
    return { items: answer.list, hasMore: answer.list.length > 0 && page * PAGE_SIZE < answer.count };
  });
  const items = dedupe(list.items);

  let body;
  if (list.error) body = <ErrorView message={list.error.message} onRetry={list.reload} />;
  else if (list.loading && items.length === 0) body = <DelayedSpinner />;
  else if (items.length === 0) body = <EmptyState />;
  else
    body = (
      <>
        <ul className="news-list" data-testid="news-list">
          {items.map((n) => (
            <li key={n.id}>
              <Link to={`/article/${n.id}`} className="news-item">
                <div className="news-item-title">{n.title}</div>
                {n.abstract && <div className="news-item-abstract">{n.abstract}</div>}
                <div className="news-item-date">{formatDate(n.create_time)}</div>
              </Link>
            </li>
          ))}
        </ul>
        <div className="list-footer">
          {list.hasMore ? (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={list.loadMore}
              disabled={list.loading}
              data-testid="load-more"
            >
              {list.loading ? t("common.loading") : t("content.news.loadMore")}
            </button>
          ) : (
            <span>{t("content.news.noMore")}</span>
          )}
        </div>
      </>
    );
  return (
    <>
      <NavBar title={t("content.news.title")} />
      {body}
    </>
  );
}

/** New articles published while paging shift the pages; an id is listed once. */
function dedupe(list: ArticleSummary[]): ArticleSummary[] {
  const seen = new Set<number>();
  return list.filter((a) => !seen.has(a.id) && seen.add(a.id));
}
