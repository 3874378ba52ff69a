import { useTranslation } from "react-i18next";
import { fetchAudit } from "../../features/admin/api.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { AdminShell } from "./AdminShell.tsx";
import { PagedView } from "./parts.tsx";
import { useTexts } from "../../lib/i18n.ts";

const detailText = (detail: unknown) =>
  detail === null || detail === undefined || detail === "" ? "" : typeof detail === "string" ? detail : JSON.stringify(detail);

/** Every operator action, newest first. */
export default function AdminAuditPage() {
  useTexts("admin");
  const { t } = useTranslation();
  const list = usePagedQuery([Q.admin, "audit"], async (page) => {
    const answer = await fetchAudit(page);
    return { items: answer.data, hasMore: page < answer.pages };
  });

  const body = (
    <PagedView list={list}>
      {(items) => (
        <div className="table-wrap">
          <table className="admin-table stack-sm">
            <thead>
              <tr>
                <th>{t("admin.audit.time")}</th>
                <th>{t("admin.audit.actor")}</th>
                <th>{t("admin.audit.action")}</th>
                <th>{t("admin.audit.subject")}</th>
                <th>{t("admin.audit.detail")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id}>
                  <td className="nowrap" data-label={t("admin.audit.time")}>
                    {formatDate(a.created_at, true)}
                  </td>
                  <td data-label={t("admin.audit.actor")}>{a.actor_uid ?? a.actor_id}</td>
                  <td data-label={t("admin.audit.action")}>
                    <code>{a.action}</code>
                  </td>
                  <td className="nowrap" data-label={t("admin.audit.subject")}>
                    {a.subject_type} #{a.subject_id}
                  </td>
                  <td className="audit-detail" data-label={t("admin.audit.detail")}>
                    {detailText(a.detail)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedView>
  );

  return <AdminShell title={t("admin.nav.audit")}>{body}</AdminShell>;
}
