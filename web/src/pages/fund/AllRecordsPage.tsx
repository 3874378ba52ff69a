import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { LedgerRow } from "../../features/wallet/components/LedgerRow.tsx";
import { useLedger } from "../../features/wallet/useLedger.ts";
import { RecordList } from "./parts.tsx";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

/** Every ledger entry of the caller, all coins and accounts, newest first. */
export default function AllRecordsPage() {
  useTexts("fund");
  const { t } = useTranslation();
  const list = useLedger({});
  return (
    <>
      <NavBar title={t("fund.record.allTitle")} />
      <main className="content">
        <RecordList
          list={list}
          render={(r) => <LedgerRow key={r.id} record={r} />}
          empty={t("fund.record.noEntries")}
          testId="all-ledger"
        />
      </main>
    </>
  );
}
