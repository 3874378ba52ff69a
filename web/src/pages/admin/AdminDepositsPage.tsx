import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { PrivateImage } from "../../components/PrivateImage.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { type AdminDeposit, confirmDeposit, type DepositStatus, fetchDeposits, rejectDeposit } from "../../features/admin/api.ts";
import { useReasonPrompt } from "../../features/admin/components/ReasonPrompt.tsx";
import { amount } from "../../features/wallet/format.ts";
import { usePagedList } from "../../hooks/usePagedList.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
import { LoadMore, StatusTabs, UserCell } from "./parts.tsx";

const STATUS_CLASS = { pending: "warn", confirmed: "up", rejected: "down" } as const;

function DepositCard({ item, onDecided }: { item: AdminDeposit; onDecided: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const reasonPrompt = useReasonPrompt();
  const figure = `${amount(item.amount)} ${item.currency}`;
  const who = item.email ?? item.mobile ?? item.uid;

  const decide = async (confirm: boolean) => {
    let reason: string | null = null;
    if (confirm) {
      const ok = await confirmDialog({ title: t("admin.deposits.confirmTitle"), message: t("admin.deposits.confirmMessage", { amount: figure, user: who }) });
      if (!ok) return;
    } else {
      reason = await reasonPrompt.ask(t("admin.deposits.rejectTitle"), t("admin.deposits.rejectMessage", { amount: figure, user: who }));
      if (reason === null) return;
    }
    setBusy(true);
    try {
      toast(confirm ? await confirmDeposit(item.id) : await rejectDeposit(item.id, reason!));
      onDecided();
    } catch {
      setBusy(false);
    }
  };

  return (
    <article className="admin-card" data-testid={`admin-deposit-${item.id}`}>
      <header className="row-between">
        <UserCell uid={item.uid} email={item.email} mobile={item.mobile} userId={item.user_id} />
        <span className={`status-badge ${STATUS_CLASS[item.status]}`}>{t(`admin.deposits.status.${item.status}`)}</span>
      </header>
      <div className="admin-figure num" data-testid="admin-deposit-amount">
        {figure}
      </div>
      <dl className="kv kv-grid">
        <dt>{t("admin.deposits.chain")}</dt>
        <dd>{item.chain || "—"}</dd>
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
        <div className="admin-actions">
          <button type="button" className="btn btn-small btn-down" disabled={busy} onClick={() => void decide(false)}>
            {t("admin.common.reject")}
          </button>
          <button type="button" className="btn btn-small btn-up" disabled={busy} onClick={() => void decide(true)}>
            {t("admin.deposits.confirm")}
          </button>
        </div>
      )}
      {reasonPrompt.element}
    </article>
  );
}

/** Deposit requests: check the voucher, then confirm (credits the user once) or reject with a reason. */
export default function AdminDepositsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DepositStatus>("pending");
  const list = usePagedList(async (page) => {
    const answer = await fetchDeposits(status, page);
    return { items: answer.data, hasMore: page < answer.pages };
  }, [status]);

  let body;
  if (list.error) body = <ErrorView message={list.error.message} onRetry={list.reload} />;
  else if (list.loading && list.items.length === 0) body = <DelayedSpinner />;
  else if (list.items.length === 0) body = <EmptyState text={t("admin.common.queueEmpty")} />;
  else
    body = (
      <>
        <div className="admin-grid">
          {list.items.map((item) => (
            <DepositCard key={item.id} item={item} onDecided={list.reload} />
          ))}
        </div>
        <LoadMore list={list} />
      </>
    );
  return (
    <AdminShell title={t("admin.nav.deposits")}>
      <StatusTabs
        value={status}
        options={(["pending", "confirmed", "rejected", "all"] as const).map((s) => ({ value: s, label: t(`admin.deposits.status.${s}`) }))}
        onChange={setStatus}
      />
      {body}
    </AdminShell>
  );
}
