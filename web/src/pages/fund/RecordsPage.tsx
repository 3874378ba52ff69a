import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { type DepositRecord, fetchDeposits, fetchWithdrawals, type WithdrawalRecord } from "../../features/wallet/api.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { RecordList, Tabs } from "./parts.tsx";
import "../../styles/fund.css";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";

const STATUS_CLASS = { 1: "warn", 2: "up", 3: "down" } as const;

function DepositRow({ r }: { r: DepositRecord }) {
  useTexts("fund");
  const { t } = useTranslation();
  return (
    <li className="record" data-testid={`deposit-${r.id}`}>
      <div className="row-between">
        <strong>{t("fund.records.depositOf", { coin: r.name })}</strong>
        <span className={`status-badge ${STATUS_CLASS[r.status]}`} data-testid="status">
          {t(`fund.records.depositStatus.${r.status}`)}
        </span>
      </div>
      <div className="row-between">
        <span className="faint">{formatDate(r.created_at, true)}</span>
        <span className="num record-amount" data-testid="amount">
          {amount(r.amount)} {r.name}
        </span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("fund.records.declared")}</dt>
        <dd className="num" data-testid="declared">
          {amount(r.amount)} {r.name}
        </dd>
        <dt>{t("fund.records.credited")}</dt>
        <dd className="num" data-testid="credited">
          {r.credited === null ? t("fund.records.notYet") : `${amount(r.credited)} ${r.name}`}
        </dd>
        {r.chain && (
          <>
            <dt>{t("fund.records.network")}</dt>
            <dd>{r.chain}</dd>
          </>
        )}
        {r.tx_hash && (
          <>
            <dt>{t("fund.records.txHash")}</dt>
            <dd className="mono break" data-testid="tx-hash">
              {r.tx_hash}
            </dd>
          </>
        )}
      </dl>
      {r.status === 3 && r.reason && <div className="record-reason">{t("fund.records.reason", { reason: r.reason })}</div>}
    </li>
  );
}

function WithdrawalRow({ r }: { r: WithdrawalRecord }) {
  useTexts("fund");
  const { t } = useTranslation();
  return (
    <li className="record" data-testid={`withdrawal-${r.id}`}>
      <div className="row-between">
        <strong>{t("fund.records.withdrawalOf", { coin: r.name })}</strong>
        <span className={`status-badge ${STATUS_CLASS[r.status]}`} data-testid="status">
          {t(`fund.records.withdrawStatus.${r.status}`)}
        </span>
      </div>
      <div className="row-between">
        <span className="faint">{formatDate(r.create_time, true)}</span>
        <span className="num record-amount" data-testid="amount">
          {amount(r.number)} {r.name}
        </span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("fund.withdraw.fee")}</dt>
        <dd className="num" data-testid="fee">
          {amount(r.fee)} {r.name}
        </dd>
        <dt>{t("fund.withdraw.receive")}</dt>
        <dd className="num" data-testid="receive">
          {amount(r.receive)} {r.name}
        </dd>
        <dt>{t("fund.records.to")}</dt>
        <dd className="mono break">{r.address || t(`fund.withdraw.types.${r.type}`)}</dd>
      </dl>
      {r.status === 3 && r.reason && <div className="record-reason">{t("fund.records.reason", { reason: r.reason })}</div>}
    </li>
  );
}

/** Deposit and withdrawal requests, with their states. */
export default function RecordsPage() {
  useTexts("fund");
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "withdraw" ? "withdraw" : "deposit";
  const token = useAtomValue(tokenAtom);
  const deposits = usePagedQuery(
    [Q.deposits, token],
    async (page) => {
      const answer = await fetchDeposits(page);
      return { items: answer.data, hasMore: page < answer.pages };
    },
    { enabled: tab === "deposit" },
  );
  const withdrawals = usePagedQuery(
    [Q.withdrawals, token],
    async (page) => {
      const answer = await fetchWithdrawals(page);
      return { items: answer.data, hasMore: page < answer.pages };
    },
    { enabled: tab === "withdraw" },
  );

  return (
    <>
      <NavBar title={t("fund.records.title")} />
      <main className="content stack">
        <Tabs
          value={tab}
          options={[
            { value: "deposit", label: t("fund.records.deposits") },
            { value: "withdraw", label: t("fund.records.withdrawals") },
          ]}
          onChange={(v) => setParams({ tab: v }, { replace: true })}
        />
        {tab === "deposit" ? (
          <RecordList
            list={deposits}
            render={(r) => <DepositRow key={r.id} r={r} />}
            empty={t("fund.records.noDeposits")}
            testId="deposit-records"
          />
        ) : (
          <RecordList
            list={withdrawals}
            render={(r) => <WithdrawalRow key={r.id} r={r} />}
            empty={t("fund.records.noWithdrawals")}
            testId="withdrawal-records"
          />
        )}
      </main>
    </>
  );
}
