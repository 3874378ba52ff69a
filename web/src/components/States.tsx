import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Query } from "../lib/query/useQuery.ts";
import { DelayedSpinner } from "./Feedback.tsx";

export function EmptyState({ text, children }: { text?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" data-testid="empty">
      <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
        <rect x="10" y="14" width="36" height="28" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M10 22h36" stroke="currentColor" strokeWidth="2" />
      </svg>
      <p>{text ?? t("common.noData")}</p>
      {children}
    </div>
  );
}

export function ErrorView({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="error-view" role="alert">
      <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
        <circle cx="28" cy="28" r="20" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M28 18v13M28 37v1" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p>{message ?? t("common.loadFailed")}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t("common.retry")}
        </button>
      )}
    </div>
  );
}

/**
 * What a query without an answer yet shows: the delayed spinner while it reads; a thing that does not exist (404) as
 * the server words it, with nothing to retry; any other failure with a retry.
 */
export function QueryPending({ query }: { query: Pick<Query<unknown>, "error" | "reload"> }) {
  if (!query.error) return <DelayedSpinner />;
  if (query.error.status === 404) return <EmptyState text={query.error.message} />;
  return <ErrorView message={query.error.message} onRetry={query.reload} />;
}

/**
 * A list's place while its first page loads: a box of the empty state's height with the delayed spinner, so that an
 * empty answer (or a short list) does not push down what sits below the list when it arrives.
 */
export function ListPending() {
  return (
    <div className="list-pending">
      <DelayedSpinner />
    </div>
  );
}
