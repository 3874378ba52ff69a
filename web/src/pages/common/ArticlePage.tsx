import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { ArticleBody } from "../../features/content/ArticleBody.tsx";
import { fetchArticle } from "../../features/content/api.ts";
import { langAtom } from "../../features/preferences/atoms.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate, toMs } from "../../lib/time.ts";
import { useTexts } from "../../lib/i18n.ts";

/** /article/:id: one news article (POST /news/detail). */
export default function ArticlePage() {
  useTexts("content");
  const { t } = useTranslation();
  const lang = useAtomValue(langAtom);
  const raw = useParams().id ?? "";
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
  const article = useQuery({ key: [Q.content, "article", id, lang], load: () => (id > 0 ? fetchArticle(id) : Promise.resolve(null)) });

  // The query keeps its last answer while another id loads or fails: show only this id's article.
  const a = article.data && article.data.id === id ? article.data : null;
  let body;
  if (a) {
    body = (
      <article className="article">
        <h2 className="article-title" data-testid="article-title">
          {a.title}
        </h2>
        <p className="article-date">
          <time dateTime={new Date(toMs(a.create_time)).toISOString()}>{formatDate(a.create_time, true)}</time>
        </p>
        {a.cover && <img className="article-cover" src={a.cover} alt="" />}
        <ArticleBody content={a.content} />
      </article>
    );
  } else if (id === 0 || article.error?.status === 404) {
    body = <EmptyState text={t("content.article.missing")} />;
  } else if (article.error) {
    body = <ErrorView message={article.error.message} onRetry={article.reload} />;
  } else {
    body = <DelayedSpinner />;
  }
  return (
    <>
      <NavBar title={t("content.article.title")} />
      {body}
    </>
  );
}
