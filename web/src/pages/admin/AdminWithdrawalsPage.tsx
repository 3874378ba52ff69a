import { useTranslation } from "react-i18next";
import { type AdminWithdrawal, approveWithdrawal, fetchWithdrawals, rejectWithdrawal } from "../../features/admin/api.ts";
import { DecisionActions, useDecision } from "../../features/admin/components/Decision.tsx";
import { formatDate } from "../../lib/time.ts";
import { dec } from "../../lib/decimal.ts";
import { FirstApprovalNote } from "./FirstApprovalNote.tsx";
import { UserCell } from "./parts.tsx";
import { QueuePage } from "./QueuePage.tsx";
import { useTexts } from "../../lib/i18n.ts";
import { amount } from "../../lib/format.ts";

const STATUS_CLASS = { reviewing: "warn", approved: "up", rejected: "down" } as const;
const BANK_KEYS = [
  "real_name",
  "bank_account",
  "bank_name",
  "bank_dizhi",
  "bank_network",
  "swift_code",
  "phone",
  "alipay_account",
  "wechat_account",
  "wechat_nickname",
] as const;
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
  useTexts("admin", "fund");
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

function WithdrawalCard({ item }: { item: AdminWithdrawal }) {
  useTexts("admin", "fund");
  const { t } = useTranslation();
  const figure = `${amount(item.amount)} ${item.currency}`;
  const who = item.email ?? item.mobile ?? item.uid;
  const awaitingSecond = item.status === "reviewing" && item.first_approved_by !== null;
  const needsTwo = item.second_approval_above !== null && dec(item.amount).gt(dec(item.second_approval_above));
  const decision = useDecision({
    approve: {
      title: awaitingSecond ? t("admin.withdrawals.secondTitle") : t("admin.withdrawals.approveTitle"),
      message: [
        t("admin.withdrawals.approveMessage", { amount: figure, receive: `${amount(item.receive)} ${item.currency}`, user: who }),
        needsTwo && !awaitingSecond ? t("admin.fourEyes.firstOfTwo") : "",
      ]
        .filter(Boolean)
        .join(" "),
      run: (key) => approveWithdrawal(item.id, key),
    },
    reject: {
      title: t("admin.withdrawals.rejectTitle"),
      message: t("admin.withdrawals.rejectMessage", { amount: figure, user: who }),
      run: (reason, key) => rejectWithdrawal(item.id, reason, key),
    },
  });

  return (
    <article className="admin-card" data-testid={`admin-withdrawal-${item.id}`}>
      <header className="row-between">
        <UserCell uid={item.uid} email={item.email} mobile={item.mobile} userId={item.user_id} />
        <span className={`status-badge ${STATUS_CLASS[item.status]}`}>{t(`admin.withdrawals.status.${item.status}`)}</span>
      </header>
      <div className="admin-figure num">{figure}</div>
      {awaitingSecond && <FirstApprovalNote by={item.first_approved_by_name} figure={null} />}
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
        <DecisionActions decision={decision} approveLabel={awaitingSecond ? t("admin.fourEyes.approveSecond") : undefined} />
      )}
      {decision.element}
    </article>
  );
}

/**
 * Withdrawal requests: approve (pays out, fee to the fee account; above the coin's four-eyes threshold
 * only after a second operator's approval) or reject with a reason (funds released).
 */
export default function AdminWithdrawalsPage() {
  useTexts("admin", "fund");
  const { t } = useTranslation();
  return (
    <QueuePage
      title={t("admin.nav.withdrawals")}
      statuses={["reviewing", "approved", "rejected", "all"] as const}
      label={(s) => t(`admin.withdrawals.status.${s}`)}
      load={fetchWithdrawals}
      Card={WithdrawalCard}
    />
  );
}
