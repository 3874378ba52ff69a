import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { useTexts } from "../../lib/i18n.ts";
import type { PagedList } from "../../lib/query/usePagedQuery.ts";
import type { NftItemView } from "./api.ts";
import { NftCard } from "./NftCard.tsx";

/** A paged grid of items with its loading, error, empty and "load more" states. */
export function NftGrid({ list, empty, testId = "nft-grid" }: { list: PagedList<NftItemView>; empty: string; testId?: string }) {
  useTexts("nft");
  const { t } = useTranslation();
  if (list.error) return <ErrorView message={list.error.message} onRetry={list.reload} />;
  if (list.loading && list.items.length === 0) return <DelayedSpinner />;
  if (list.items.length === 0) return <EmptyState text={empty} />;
  return (
    <>
      <ul className="nft-grid" data-testid={testId}>
        {list.items.map((item) => (
          <NftCard key={item.code} item={item} />
        ))}
      </ul>
      {list.hasMore && (
        <button type="button" className="btn btn-ghost btn-block load-more" disabled={list.loading} onClick={list.loadMore}>
          {list.loading ? t("common.loading") : t("nft.loadMore")}
        </button>
      )}
    </>
  );
}
