import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView, ListPending } from "../../components/States.tsx";
import type { PagedList } from "../../lib/query/usePagedQuery.ts";
import type { ApiFailure } from "../../lib/api.ts";
import { useTexts } from "../../lib/i18n.ts";

/** A paged record list with its loading, error, empty and "load more" states. */
export function RecordList<T>({
  list,
  render,
  empty,
  testId,
}: {
  list: PagedList<T>;
  render: (item: T) => ReactNode;
  empty?: string;
  testId?: string;
}) {
  useTexts("fund");
  const { t } = useTranslation();
  if (list.error) return <ErrorView message={list.error.message} onRetry={list.reload} />;
  if (list.loading && list.items.length === 0) return <ListPending />;
  if (list.items.length === 0) return <EmptyState text={empty} />;
  return (
    <>
      <ul className="record-list" data-testid={testId}>
        {list.items.map(render)}
      </ul>
      {list.hasMore && (
        <button type="button" className="btn btn-ghost btn-block load-more" disabled={list.loading} onClick={list.loadMore}>
          {list.loading ? t("common.loading") : t("fund.common.loadMore")}
        </button>
      )}
    </>
  );
}

/** Segmented tabs of a page. */
export function Tabs<T extends string>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  useTexts("fund");
  return (
    <div className="segmented" role="tablist">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={value === o.value}
          className={value === o.value ? "active" : ""}
          onClick={() => onChange(o.value)}
          data-testid={`tab-${o.value}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A page about one coin (deposit, withdrawal) before its data is there: no coin in
 * the address (a button to choose one), the load failed (retry), or still loading.
 */
export function CoinPageState({
  title,
  purpose,
  valid,
  error,
  onRetry,
}: {
  title: string;
  purpose: "receive" | "withdraw";
  valid: boolean;
  error?: ApiFailure;
  onRetry: () => void;
}) {
  useTexts("fund");
  const { t } = useTranslation();
  const navigate = useNavigate();
  let body: ReactNode;
  if (!valid) {
    body = (
      <EmptyState text={t("fund.common.pickCoin")}>
        <button type="button" className="btn btn-primary" onClick={() => navigate(`/fund/select?for=${purpose}`, { replace: true })}>
          {t("fund.common.chooseCoin")}
        </button>
      </EmptyState>
    );
  } else if (error) {
    body = <ErrorView message={error.message} onRetry={onRetry} />;
  } else {
    body = <DelayedSpinner />;
  }
  return (
    <>
      <NavBar title={title} />
      {body}
    </>
  );
}
