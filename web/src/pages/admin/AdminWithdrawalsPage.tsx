import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { type AdminWithdrawal, approveWithdrawal, fetchWithdrawals, rejectWithdrawal, type WithdrawalStatus } from "../../features/admin/api.ts";
import { useReasonPrompt } from "../../features/admin/components/ReasonPrompt.tsx";
import { amount } from "../../features/wallet/format.ts";
import { usePagedList } from "../../hooks/usePagedList.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { AdminShell } from "./AdminShell.tsx";
import { LoadMore, StatusTabs, UserCell } from "./parts.tsx";

const STATUS_CLASS = { reviewing: "warn", approved: "up", rejected: "down" } as const;
const BANK_KEYS = ["real_name", "bank_account", "bank_name", "bank_dizhi", "bank_network", "swift_code", "phone", "alipay_account", "wechat_account", "wechat_nickname"] as const;
/** Snapshot keys as the withdrawal stored them (camelCase columns of the card). */
const SNAPSHOT_KEYS: Record<(typeof BANK_KEYS)[number], string[]> = {
  real_name: ["real_name", "realName"],
  bank_account: ["bank_account", "bankAccount"],
  bank_name: ["bank_name", "bankName"],
  bank_dizhi: ["bank_dizhi", "bankDizhi"],
  bank_network: ["bank_network", "bankNetwork"],
  swift_code: ["swift_code", "swiftCode"],
  phone: ["phone"],
  alipay_account: ["alipay_account", "alipayAccount"],
  wechat_account: ["wechat_account", "wechatAccount"],
  wechat_nickname: ["wechat_nickname", "wechatNickname"],
};

function Destination({ item }: { item: AdminWithdrawal }) {
  const { t } = useTranslation();
  const d = item.destination;
  const text = (keys: string[]) => keys.map((k) => d[k]).find((v) => typeof v === "string" && v) as string | undefined;
  if (item.destination_type === 0) {
    return (
      <dl className="kv kv-grid">
        <dt>{t("fund.withdraw.types.0")}</dt>
        <dd>
          {String(d.name ?? "")} {d.chain ? `(${String(d.chain)})` : ""}
        </dd>
        <dt>{t("fund.addresses.address")}</dt>
        <dd className="mono break" data-testid="withdrawal-address">
          {String(d.address ?? "")}
        </dd>
      </dl>
    );
  }
  return (
    <dl className="kv kv-grid">
      <dt>{t("admin.withdrawals.destination")}</dt>
      <dd>{t(`fund.withdraw.types.${item.destination_type}`)}</dd>
      {BANK_KEYS.map((k) => (
        <div key={k} className="kv-row">
          <dt>{t(`fund.bank.fields.${k}`)}</dt>
          <dd>{text(SNAPSHOT_KEYS[k]) ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

function WithdrawalCard({ item, onDecided }: { item: AdminWithdrawal; onDecided: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const reasonPrompt = useReasonPrompt();
  const figure = `${amount(item.amount)} ${item.currency}`;
  const who = item.email ?? item.mobile ?? item.uid;

  const decide = async (approve: boolean) => {
    let reason: string | null = null;
    if (approve) {
      const ok = await confirmDialog({
        title: t("admin.withdrawals.approveTitle"),
        message: t("admin.withdrawals.approveMessage", { amount: figure, receive: `${amount(item.receive)} ${item.currency}`, user: who }),
      });
      if (!ok) return;
    } else {
      reason = await reasonPrompt.ask(t("admin.withdrawals.rejectTitle"), t("admin.withdrawals.rejectMessage", { amount: figure, user: who }));
      if (reason === null) return;
    }
    setBusy(true);
    try {
      toast(approve ? await approveWithdrawal(item.id) : await rejectWithdrawal(item.id, reason!));
      onDecided();
    } catch {
      setBusy(false);
    }
  };

  return (
    <article className="admin-card" data-testid={`admin-withdrawal-${item.id}`}>
      <header className="row-between">
        <UserCell uid={item.uid} email={item.email} mobile={item.mobile} userId={item.user_id} />
        <span className={`status-badge ${STATUS_CLASS[item.status]}`}>{t(`admin.withdrawals.status.${item.status}`)}</span>
      </header>
      <div className="admin-figure num">{figure}</div>
      <dl className="kv kv-grid">
        <dt>{t("fund.withdraw.fee")}</dt>
        <dd className="num">{`${amount(item.fee)} ${item.currency}`}</dd>
        <dt>{t("fund.withdraw.receive")}</dt>
        <dd className="num" data-testid="admin-withdrawal-receive">{`${amount(item.receive)} ${item.currency}`}</dd>
        <dt>{t("admin.common.submitted")}</dt>
        <dd>{formatDate(item.created_at, true)}</dd>
        {item.reason && (
          <>
            <dt>{t("admin.common.reason")}</dt>
            <dd>{item.reason}</dd>
          </>
        )}
      </dl>
      <Destination item={item} />
      {item.status === "reviewing" && (
        <div className="admin-actions">
          <button type="button" className="btn btn-small btn-down" disabled={busy} onClick={() => void decide(false)}>
            {t("admin.common.reject")}
          </button>
          <button type="button" className="btn btn-small btn-up" disabled={busy} onClick={() => void decide(true)}>
            {t("admin.common.approve")}
          </button>
        </div>
      )}
      {reasonPrompt.element}
    </article>
  );
}

/** Withdrawal requests: approve (pays out, fee to the fee account) or reject with a reason (funds released). */
export default function AdminWithdrawalsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawalStatus>("reviewing");
  const list = usePagedList(async (page) => {
    const answer = await fetchWithdrawals(status, page);
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
            <WithdrawalCard key={item.id} item={item} onDecided={list.reload} />
          ))}
        </div>
        <LoadMore list={list} />
      </>
    );
  return (
    <AdminShell title={t("admin.nav.withdrawals")}>
      <StatusTabs
        value={status}
        options={(["reviewing", "approved", "rejected", "all"] as const).map((s) => ({ value: s, label: t(`admin.withdrawals.status.${s}`) }))}
        onChange={setStatus}
      />
      {body}
    </AdminShell>
  );
}
