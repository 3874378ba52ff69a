import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { IconSearch } from "../../components/icons.tsx";
import { searchUsers } from "../../features/admin/api.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { AdminShell } from "./AdminShell.tsx";
import { PagedView } from "./parts.tsx";
import { useTexts } from "../../lib/i18n.ts";

/** User look-up by uid, email, mobile or id; newest first when the search is empty. */
export default function AdminUsersPage() {
  useTexts("admin", "kyc");
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const search = useForm({ q });
  const list = usePagedQuery([Q.admin, "users", q], async (page) => {
    const answer = await searchUsers(q, page);
    return { items: answer.data, hasMore: page < answer.pages };
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search.submit(
      () => ({}),
      async () => {
        const wanted = search.values.q.trim();
        setParams(wanted ? { q: wanted } : {}, { replace: true });
      },
    );
  };

  const body = (
    <PagedView list={list} empty={t("admin.users.none")}>
      {(items) => (
        <div className="table-wrap">
          <table className="admin-table stack-sm">
            <thead>
              <tr>
                <th>{t("admin.users.uid")}</th>
                <th>{t("admin.users.account")}</th>
                <th>{t("admin.users.nickname")}</th>
                <th>{t("admin.users.kyc")}</th>
                <th>{t("admin.users.role")}</th>
                <th>{t("admin.users.created")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((u) => (
                <tr key={u.id}>
                  <td data-label={t("admin.users.uid")}>
                    <Link to={`/admin/users/${u.id}`}>{u.uid}</Link>
                  </td>
                  <td data-label={t("admin.users.account")}>
                    <Link to={`/admin/users/${u.id}`}>{u.email ?? (u.mobile ? `+${u.area_code ?? ""} ${u.mobile}` : "—")}</Link>
                  </td>
                  <td data-label={t("admin.users.nickname")}>{u.nickname}</td>
                  <td data-label={t("admin.users.kyc")}>
                    {u.kyc_level ? t("admin.kyc.levelN", { level: u.kyc_level }) : t("kyc.mark.unverified")}
                  </td>
                  <td data-label={t("admin.users.role")}>
                    {t(`admin.users.roles.${u.role === "operator" ? "operator" : u.role === "system" ? "system" : "user"}`)}
                  </td>
                  <td className="nowrap" data-label={t("admin.users.created")}>
                    {formatDate(u.created_at)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedView>
  );

  return (
    <AdminShell title={t("admin.nav.users")}>
      <form className="admin-search" onSubmit={submit} role="search">
        <div className="input-group">
          <input
            className="input"
            type="search"
            value={search.values.q}
            placeholder={t("admin.users.searchPlaceholder")}
            aria-label={t("admin.users.search")}
            onChange={(e) => search.set("q")(e.target.value)}
          />
          <button type="submit" className="icon-btn" aria-label={t("admin.users.search")}>
            <IconSearch size={20} />
          </button>
        </div>
      </form>
      {body}
    </AdminShell>
  );
}
