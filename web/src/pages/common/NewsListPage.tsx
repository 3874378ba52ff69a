import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { CATEGORY, PAGE_SIZE, fetchNews, type ArticleList, type ArticleSummary } from "../../features/content/api.ts";
import { langAtom } from "../../features/preferences/atoms.ts";
import { useQuery } from "../../hooks/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import "../../styles/content.css";

/** /news: the announcements (c_id 4), newest first, ten at a time with "load more". */
export default function NewsListPage() {
  const { t } = useTranslation();
  const lang = useAtomValue(langAtom);
  const first = useQuery(() => fetchNews(CATEGORY.news, 1, PAGE_SIZE), [lang]);
  // Pages after the first belong to the first page they followed: a new first
  // page (language change, retry) starts the list over.
  const [extra, setExtra] = useState<{ base: ArticleList | undefined; items: ArticleSummary[]; page: number; count: number | null }>({
    base: undefined,
    items: [],
    page: 1,
    count: null,
  });
  const more = extra.base === first.data ? extra : { base: first.data, items: [], page: 1, count: null };
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);

  const items = first.data ? dedupe([...first.data.list, ...more.items]) : [];
  const total = more.count ?? first.data?.count ?? 0;
  const hasMore = items.length < total;

  const loadMore = async () => {
    if (loadingMore) return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const next = await fetchNews(CATEGORY.news, more.page + 1, PAGE_SIZE);
      setExtra({
        base: more.base,
        items: [...more.items, ...next.list],
        page: next.page,
        count: next.list.length ? next.count : items.length,
      });
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  let body;
  if (first.error && !first.data) body = <ErrorView message={first.error.message} onRetry={first.reload} />;
  else if (!first.data) body = <DelayedSpinner />;
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
          {moreFailed ? (
            <button type="button" className="btn btn-ghost btn-small" onClick={loadMore}>
              {t("common.retry")}
            </button>
          ) : hasMore ? (
            <button type="button" className="btn btn-ghost btn-small" onClick={loadMore} disabled={loadingMore} data-testid="load-more">
              {loadingMore ? t("common.loading") : t("content.news.loadMore")}
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
