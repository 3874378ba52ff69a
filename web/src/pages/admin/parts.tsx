import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PagedList } from "../../hooks/usePagedList.ts";

/** Small pieces the console pages share. */

export function StatusTabs<T extends string>({ value, options, onChange }: { value: T; options: { value: T; label: string }[]; onChange: (v: T) => void }) {
  return (
    <div className="segmented admin-tabs" role="tablist">
      {options.map((o) => (
        <button key={o.value} type="button" role="tab" aria-selected={value === o.value} className={value === o.value ? "active" : ""} onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}

export function LoadMore({ list }: { list: Pick<PagedList<unknown>, "hasMore" | "loading" | "loadMore"> }) {
  const { t } = useTranslation();
  if (!list.hasMore) return null;
  return (
    <button type="button" className="btn btn-ghost btn-block load-more" disabled={list.loading} onClick={list.loadMore}>
      {list.loading ? t("common.loading") : t("admin.common.loadMore")}
    </button>
  );
}

/** Who a request belongs to, linking to the user's detail. */
export function UserCell({ uid, email, mobile, userId }: { uid: string | null; email?: string | null; mobile?: string | null; userId: number }) {
  const { t } = useTranslation();
  return (
    <Link className="user-cell" to={`/admin/users/${userId}`}>
      <strong>{email ?? mobile ?? uid}</strong>
      <span className="faint">{t("admin.common.uid", { uid })}</span>
    </Link>
  );
}
