import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { ErrorView } from "../../components/States.tsx";
import { ledgerCheckQuery, queueCountsQuery } from "../../features/admin/api.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { AdminShell } from "./AdminShell.tsx";
import { useTexts } from "../../lib/i18n.ts";

/** What waits for an operator, and whether the ledger holds together. */
export default function AdminDashboardPage() {
  useTexts("admin");
  const { t } = useTranslation();
  const counts = useQuery(queueCountsQuery);
  const ledger = useQuery(ledgerCheckQuery);

  const tiles = counts.data
    ? [
        { to: "/admin/deposits", label: t("admin.dashboard.pendingDeposits"), n: counts.data[0].total, id: "deposits" },
        { to: "/admin/withdrawals", label: t("admin.dashboard.pendingWithdrawals"), n: counts.data[1].total, id: "withdrawals" },
        { to: "/admin/kyc", label: t("admin.dashboard.pendingKyc"), n: counts.data[2].total, id: "kyc" },
      ]
    : [];

  return (
    <AdminShell title={t("admin.title")}>
      <h2 className="section-title">{t("admin.dashboard.queues")}</h2>
      {counts.error && !counts.data ? (
        <ErrorView message={counts.error.message} onRetry={counts.reload} />
      ) : !counts.data ? (
        <DelayedSpinner />
      ) : (
        <div className="tiles">
          {tiles.map((tile) => (
            <Link key={tile.id} to={tile.to} className={`tile${tile.n > 0 ? " tile-attention" : ""}`} data-testid={`queue-${tile.id}`}>
              <span className="tile-number num">{tile.n}</span>
              <span className="tile-label">{tile.label}</span>
            </Link>
          ))}
        </div>
      )}

      <div className="section-title">
        <h2>{t("admin.dashboard.ledger")}</h2>
        <button type="button" className="btn btn-small btn-ghost" onClick={ledger.reload} disabled={ledger.loading}>
          {t("admin.dashboard.runCheck")}
        </button>
      </div>
      {ledger.error && !ledger.data ? (
        <ErrorView message={ledger.error.message} onRetry={ledger.reload} />
      ) : !ledger.data ? (
        <DelayedSpinner />
      ) : ledger.data.ok ? (
        <p className="notice notice-ok" data-testid="ledger-ok">
          {t("admin.dashboard.ledgerOk")}
        </p>
      ) : (
        <div className="notice notice-error" data-testid="ledger-violations">
          <p>{t("admin.dashboard.ledgerBroken", { n: ledger.data.violations.length })}</p>
          <ul className="plain-list mono">
            {ledger.data.violations.slice(0, 50).map((v, i) => (
              <li key={i}>
                {v.check}: {JSON.stringify(v.detail)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </AdminShell>
  );
}
