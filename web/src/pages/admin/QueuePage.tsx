import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Paged } from "../../features/admin/api.ts";
import { usePagedList } from "../../hooks/usePagedList.ts";
import { AdminShell } from "./AdminShell.tsx";
import { PagedView, StatusTabs } from "./parts.tsx";

/**
 * A review queue of the console (deposits, withdrawals, verifications): status tabs,
 * the first status selected, and the requests of that status as cards, page by page.
 * `load` is a module-level fetcher (read again only when the status changes).
 */
export function QueuePage<S extends string, T extends { id: number }>({
  title,
  statuses,
  label,
  load,
  Card,
}: {
  title: string;
  statuses: readonly [S, ...S[]];
  label: (status: S) => string;
  load: (status: S, page: number) => Promise<Paged<T>>;
  /** One request, with what to call once it was decided. */
  Card: ComponentType<{ item: T; onDecided: () => void }>;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<S>(statuses[0]);
  const list = usePagedList(
    async (page) => {
      const answer = await load(status, page);
      return { items: answer.data, hasMore: page < answer.pages };
    },
    [status],
  );
  return (
    <AdminShell title={title}>
      <StatusTabs value={status} options={statuses.map((s) => ({ value: s, label: label(s) }))} onChange={setStatus} />
      <PagedView list={list} empty={t("admin.common.queueEmpty")}>
        {(items) => (
          <div className="admin-grid">
            {items.map((item) => (
              <Card key={item.id} item={item} onDecided={list.reload} />
            ))}
          </div>
        )}
      </PagedView>
    </AdminShell>
  );
}
