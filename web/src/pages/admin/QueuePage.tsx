import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Paged } from "../../features/admin/api.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { AdminShell } from "./AdminShell.tsx";
import { PagedView, StatusTabs } from "./parts.tsx";
import { useTexts } from "../../lib/i18n.ts";

/**
 * A review queue of the console (deposits, withdrawals, verifications): status tabs,
 * the first status selected, and the requests of that status as cards, page by page.
 * `load` is a module-level fetcher; the queue's key is its title and status.
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
  /** One request (its decisions invalidate the queue, which is then read again). */
  Card: ComponentType<{ item: T }>;
}) {
  useTexts("admin");
  const { t } = useTranslation();
  const [status, setStatus] = useState<S>(statuses[0]);
  const list = usePagedQuery([Q.admin, "queue", title, status], async (page) => {
    const answer = await load(status, page);
    return { items: answer.data, hasMore: page < answer.pages };
  });
  return (
    <AdminShell title={title}>
      <StatusTabs value={status} options={statuses.map((s) => ({ value: s, label: label(s) }))} onChange={setStatus} />
      <PagedView list={list} empty={t("admin.common.queueEmpty")}>
        {(items) => (
          <div className="admin-grid">
            {items.map((item) => (
              <Card key={item.id} item={item} />
            ))}
          </div>
        )}
      </PagedView>
    </AdminShell>
  );
}
