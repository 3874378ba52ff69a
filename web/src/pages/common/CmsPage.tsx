import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { ArticleBody } from "../../features/content/ArticleBody.tsx";
import { fetchCmsPage, type CmsPageKind } from "../../features/content/api.ts";
import { langAtom } from "../../features/preferences/atoms.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { useTexts } from "../../lib/i18n.ts";

/** The single-article pages, by route: FAQ, contact, about, operational compliance. */
const PAGES: Record<string, { kind: CmsPageKind; title: "content.faq" | "content.contactus" | "content.aboutus" | "content.compliance" }> =
  {
    "/faq": { kind: "faq", title: "content.faq" },
    "/contactus": { kind: "contactus", title: "content.contactus" },
    "/aboutus": { kind: "aboutus", title: "content.aboutus" },
    "/setting/operational_compliance": { kind: "operational_compliance", title: "content.compliance" },
  };

export default function CmsPage() {
  useTexts("content");
  const { t } = useTranslation();
  const lang = useAtomValue(langAtom);
  const page = PAGES[useLocation().pathname] ?? PAGES["/faq"]!;
  const query = useQuery({
    key: [Q.content, "cms", page.kind, lang],
    load: async () => ({ kind: page.kind, article: await fetchCmsPage(page.kind) }),
  });
  // The pages share this component: never show one page's answer on another's route.
  const data = query.data?.kind === page.kind ? query.data.article : undefined;

  let body;
  if (data) {
    body = (
      <article className="article" data-testid={`cms-${page.kind}`}>
        <h2 className="article-title cms-title">{data.title}</h2>
        <ArticleBody content={data.content} qa={page.kind === "faq"} />
      </article>
    );
  } else if (query.error?.status === 404) {
    body = <EmptyState />;
  } else if (query.error) {
    body = <ErrorView message={query.error.message} onRetry={query.reload} />;
  } else {
    body = <DelayedSpinner />;
  }
  return (
    <>
      <NavBar title={t(page.title)} />
      {body}
    </>
  );
}
