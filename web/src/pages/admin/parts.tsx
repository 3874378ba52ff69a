import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import type { PagedList } from "../../lib/query/usePagedQuery.ts";
import { useTexts } from "../../lib/i18n.ts";

/** Small pieces the console pages share. */

/** A console form's buttons: submit (off while it is being sent) and cancel. */
export function SaveCancel({ label, busy, testId, onCancel }: { label: string; busy: boolean; testId: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="row">
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid={testId}>
        {label}
      </button>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {t("common.cancel")}
      </button>
    </div>
  );
}

export function StatusTabs<T extends string>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  useTexts("admin");
  return (
    <div className="segmented admin-tabs" role="tablist">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={value === o.value}
          className={value === o.value ? "active" : ""}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

export function LoadMore({ list }: { list: Pick<PagedList<unknown>, "hasMore" | "loading" | "loadMore"> }) {
  useTexts("admin");
  const { t } = useTranslation();
  if (!list.hasMore) return null;
  return (
    <button type="button" className="btn btn-ghost btn-block load-more" disabled={list.loading} onClick={list.loadMore}>
      {list.loading ? t("common.loading") : t("admin.common.loadMore")}
    </button>
  );
}

/** A paged list with its states: error with retry, the delayed spinner, the empty text, else the items and "load more". */
export function PagedView<T>({ list, empty, children }: { list: PagedList<T>; empty?: string; children: (items: T[]) => ReactNode }) {
  useTexts("admin");
  if (list.error) return <ErrorView message={list.error.message} onRetry={list.reload} />;
  if (list.loading && list.items.length === 0) return <DelayedSpinner />;
  if (list.items.length === 0) return <EmptyState text={empty} />;
  return (
    <>
      {children(list.items)}
      <LoadMore list={list} />
    </>
  );
}

/** Who a request belongs to, linking to the user's detail. */
export function UserCell({
  uid,
  email,
  mobile,
  userId,
}: {
  uid: string | null;
  email?: string | null;
  mobile?: string | null;
  userId: number;
}) {
  useTexts("admin");
  const { t } = useTranslation();
  return (
    <Link className="user-cell" to={`/admin/users/${userId}`}>
      <strong>{email ?? mobile ?? uid}</strong>
      <span className="faint">{t("admin.common.uid", { uid })}</span>
    </Link>
  );
}
