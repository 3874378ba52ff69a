import { useTranslation } from "react-i18next";
import { type AuditItem, fetchAudit } from "../../features/admin/api.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { AdminShell } from "./AdminShell.tsx";
import { PagedView } from "./parts.tsx";
import { useTexts } from "../../lib/i18n.ts";

/** A detail value as text: lists joined, a record as "field: value" pairs (field names through `name`), nothing as a dash. */
function valueText(value: unknown, name: (key: string) => string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(v, name)).join(", ") : "—";
  if (typeof value === "object") {
    const pairs = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${name(k)}: ${valueText(v, name)}`);
    return pairs.length ? pairs.join("; ") : "—";
  }
  return String(value);
}

/** Requests and verifications are referred to by their number; a user by the UID column; the rest by name. */
const NUMBERED = new Set(["deposit", "withdrawal", "identity_verification", "deposit_address"]);

/** Every operator action, newest first: who did what to whom, in words. */
export default function AdminAuditPage() {
  useTexts("admin");
  const { t, i18n } = useTranslation();
  const list = usePagedQuery([Q.admin, "audit"], async (page) => {
    const answer = await fetchAudit(page);
    return { items: answer.data, hasMore: page < answer.pages };
  });
  /** A known key's translation, else the key itself (new features add their own actions and fields). */
  const known = (key: string, fallback: string): string => (i18n.exists(key) ? t(key as "admin.audit.action") : fallback);
  const action = (a: AuditItem) => known(`admin.audit.actions.${a.action.replace(/\./g, "_")}`, a.action);
  const subject = (a: AuditItem) => {
    const type = known(`admin.audit.subjects.${a.subject_type}`, a.subject_type);
    if (a.subject_type === "user") return type;
    return NUMBERED.has(a.subject_type) ? `${type} #${a.subject_id}` : `${type} ${a.subject_id}`;
  };
  const field = (key: string) => known(`admin.audit.fields.${key}`, key);
  const facts = (detail: unknown) =>
    detail !== null && typeof detail === "object" && !Array.isArray(detail)
      ? Object.entries(detail as Record<string, unknown>).map(([key, value]) => [field(key), valueText(value, field)])
      : detail === null || detail === undefined || detail === ""
        ? []
        : [["", valueText(detail, field)]];

  const body = (
    <PagedView list={list}>
      {(items) => (
        <div className="table-wrap">
          <table className="admin-table stack-sm" data-testid="audit-table">
            <thead>
              <tr>
                <th>{t("admin.audit.time")}</th>
                <th>{t("admin.audit.actor")}</th>
                <th>{t("admin.audit.action")}</th>
                <th>{t("admin.audit.user")}</th>
                <th>{t("admin.audit.subject")}</th>
                <th>{t("admin.audit.detail")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id} data-testid="audit-row">
                  <td className="nowrap" data-label={t("admin.audit.time")}>
                    {formatDate(a.created_at, true)}
                  </td>
                  <td data-label={t("admin.audit.actor")} data-testid="audit-actor">
                    {a.actor_name ?? a.actor_uid ?? "—"}
                  </td>
                  <td data-label={t("admin.audit.action")} data-testid="audit-action">
                    {action(a)}
                  </td>
                  <td className="num" data-label={t("admin.audit.user")} data-testid="audit-user">
                    {a.user_uid ?? "—"}
                  </td>
                  <td className="nowrap" data-label={t("admin.audit.subject")}>
                    {subject(a)}
                  </td>
                  <td className="audit-detail" data-label={t("admin.audit.detail")} data-testid="audit-detail">
                    {facts(a.detail).length
                      ? facts(a.detail).map(([label, text], i) => <div key={i}>{label ? `${label}: ${text}` : text}</div>)
                      : "—"}
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
