import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { isAccountName } from "../../features/wallet/accounts.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { fetchTransfers } from "../../features/wallet/api.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { RecordList } from "./parts.tsx";
import "../../styles/fund.css";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";

/** Transfers between the caller's accounts, newest first. */
export default function TransferHistoryPage() {
  useTexts("fund");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const list = usePagedQuery([Q.transfers, token], async (page) => {
    const answer = await fetchTransfers(page, 20);
    return { items: answer.data, hasMore: page < answer.last_page };
  });
  const accountName = (a: string) => (isAccountName(a) ? t(`fund.accounts.${a}`) : a);
  return (
    <>
      <NavBar title={t("fund.transfer.historyTitle")} />
      <main className="content">
        <RecordList
          list={list}
          empty={t("fund.transfer.noHistory")}
          testId="transfer-history"
          render={(r) => (
            <li key={r.id} className="record" data-testid={`transfer-${r.id}`}>
              <div className="row-between">
                <strong>{t("fund.transfer.fromTo", { from: accountName(r.from), to: accountName(r.to) })}</strong>
                <span className="num record-amount" data-testid="amount">
                  {amount(r.value)} {r.currency_name}
                </span>
              </div>
              <div className="faint">{formatDate(r.created_time, true)}</div>
            </li>
          )}
        />
      </main>
    </>
  );
}
