import { useTranslation } from "react-i18next";
import { agentsQuery, setSupportRole } from "../../features/support/console.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { useTexts } from "../../lib/i18n.ts";

/** On an operator's page: whether they answer customer service, and the switch (confirmed, audited by the worker). */
export function SupportRoleCard({ userId }: { userId: number }) {
  useTexts("support");
  const { t } = useTranslation();
  const agents = useQuery(agentsQuery);
  if (!agents.data) return null;
  const has = agents.data.some((a) => a.user_id === userId);
  const toggle = async () => {
    const ok = await confirmDialog({
      title: t(has ? "support.console.revokeTitle" : "support.console.grantTitle"),
      message: t("support.console.roleAudited"),
    });
    if (!ok) return;
    await setSupportRole(userId, !has);
    toast(t(has ? "support.console.revoked" : "support.console.granted"));
  };
  return (
    <section className="admin-card" data-testid="support-role">
      <h2 className="card-title">{t("support.console.role")}</h2>
      <p>{t(has ? "support.console.hasRole" : "support.console.noRole")}</p>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => void toggle().catch(() => undefined)}>
        {t(has ? "support.console.revoke" : "support.console.grant")}
      </button>
    </section>
  );
}
