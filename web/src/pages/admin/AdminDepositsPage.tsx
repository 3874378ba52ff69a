import { useTranslation } from "react-i18next";
import { PrivateImage } from "../../components/PrivateImage.tsx";
import { type AdminDeposit, confirmDeposit, fetchDeposits, rejectDeposit } from "../../features/admin/api.ts";
import { DecisionActions, useDecision } from "../../features/admin/components/Decision.tsx";
import { formatDate } from "../../lib/time.ts";
import { FirstApprovalNote } from "./FirstApprovalNote.tsx";
import { UserCell } from "./parts.tsx";
import { useVerifiedAmountPrompt } from "./VerifiedAmountPrompt.tsx";
import { QueuePage } from "./QueuePage.tsx";
import { useTexts } from "../../lib/i18n.ts";
import { amount } from "../../lib/format.ts";

const STATUS_CLASS = { pending: "warn", confirmed: "up", rejected: "down" } as const;

function DepositCard({ item }: { item: AdminDeposit }) {
  useTexts("admin");
  const { t } = useTranslation();
  const figure = `${amount(item.amount)} ${item.currency}`;
  const who = item.email ?? item.mobile ?? item.uid;
  const verifiedPrompt = useVerifiedAmountPrompt();
  const awaitingSecond = item.status === "pending" && item.first_approved_by !== null;
  const verifiedFigure = item.verified_amount === null ? null : `${amount(item.verified_amount)} ${item.currency}`;
  const decision = useDecision({
    approve: {
      title: t("admin.deposits.confirmTitle"),
      message: t("admin.deposits.confirmMessage", { amount: figure, user: who }),
      ask: () =>
        verifiedPrompt.ask({
          title: awaitingSecond ? t("admin.deposits.secondTitle") : t("admin.deposits.confirmTitle"),
          message: [
            t("admin.deposits.verifyMessage", { amount: figure, user: who, chain: item.chain || item.currency }),
            item.second_approval_above !== null && !awaitingSecond
              ? t("admin.fourEyes.threshold", { amount: `${amount(item.second_approval_above)} ${item.currency}` })
              : "",
          ]
            .filter(Boolean)
            .join(" "),
          declared: item.amount,
          decimals: 8,
        }),
      run: (key, verified) => confirmDeposit(item.id, verified, key),
    },
    reject: {
      title: t("admin.deposits.rejectTitle"),
      message: t("admin.deposits.rejectMessage", { amount: figure, user: who }),
      run: (reason, key) => rejectDeposit(item.id, reason, key),
    },
  });

  return (
    <article className="admin-card" data-testid={`admin-deposit-${item.id}`}>
      <header className="row-between">
        <UserCell uid={item.uid} email={item.email} mobile={item.mobile} userId={item.user_id} />
        <span className={`status-badge ${STATUS_CLASS[item.status]}`}>{t(`admin.deposits.status.${item.status}`)}</span>
      </header>
      <div className="admin-figure num" data-testid="admin-deposit-amount">
        {figure}
      </div>
      {awaitingSecond && <FirstApprovalNote by={item.first_approved_by_name} figure={verifiedFigure} />}
      <dl className="kv kv-grid">
        <dt>{t("admin.deposits.chain")}</dt>
        <dd>{item.chain || "—"}</dd>
        <dt>{t("admin.deposits.txHash")}</dt>
        <dd className="mono break" data-testid="admin-deposit-tx">
          {item.tx_hash ?? "—"}
        </dd>
        {item.status !== "pending" && verifiedFigure !== null && (
          <>
            <dt>{t("admin.deposits.credited")}</dt>
            <dd className="num" data-testid="admin-deposit-credited">
              {item.status === "confirmed" ? verifiedFigure : `0 ${item.currency}`}
            </dd>
          </>
        )}
        <dt>{t("admin.common.submitted")}</dt>
        <dd>{formatDate(item.created_at, true)}</dd>
        {item.reviewed_at && (
          <>
            <dt>{t("admin.common.reviewed")}</dt>
            <dd>{formatDate(item.reviewed_at, true)}</dd>
          </>
        )}
        {item.reason && (
          <>
            <dt>{t("admin.common.reason")}</dt>
            <dd>{item.reason}</dd>
          </>
        )}
      </dl>
      <figure className="voucher">
        <PrivateImage src={item.voucher_url} alt={t("admin.deposits.voucher")} className="admin-photo" testId="voucher-image" />
        <figcaption>{t("admin.deposits.voucherHint")}</figcaption>
      </figure>
      {item.status === "pending" && (
        <DecisionActions
          decision={decision}
          approveLabel={awaitingSecond ? t("admin.fourEyes.approveSecond") : t("admin.deposits.confirm")}
        />
      )}
      {decision.element}
      {verifiedPrompt.element}
    </article>
  );
}

/**
 * Deposit requests: check the transaction on-chain and the voucher, then confirm the verified amount
 * (credits the user once; above the coin's four-eyes threshold a second operator must confirm too)
 * or reject with a reason.
 */
export default function AdminDepositsPage() {
  useTexts("admin");
  const { t } = useTranslation();
  return (
    <QueuePage
      title={t("admin.nav.deposits")}
      statuses={["pending", "confirmed", "rejected", "all"] as const}
      label={(s) => t(`admin.deposits.status.${s}`)}
      load={fetchDeposits}
      Card={DepositCard}
    />
  );
}
