import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { fetchCoins, fetchLedger } from "../../features/wallet/api.ts";
import { LedgerRow } from "../../features/wallet/components/LedgerRow.tsx";
import { LedgerStream } from "../../features/wallet/ledger-stream.ts";
import { usePagedList } from "../../hooks/usePagedList.ts";
import { RecordList } from "./parts.tsx";
import "../../styles/fund.css";

/** Every ledger entry of the caller, all coins and accounts, newest first. */
export default function AllRecordsPage() {
  const { t } = useTranslation();
  const stream = useRef<LedgerStream | null>(null);
  const list = usePagedList(async (page) => {
    if (page === 1 || !stream.current) {
      const coins = await fetchCoins();
      stream.current = new LedgerStream(
        coins.map((c) => c.id),
        (coin, p) => fetchLedger({ currency: coin, page: p, limit: 20 }),
      );
    }
    return stream.current.next(20);
  }, []);
  return (
    <>
      <NavBar title={t("fund.record.allTitle")} />
      <main className="content">
        <RecordList list={list} render={(r) => <LedgerRow key={r.id} record={r} />} empty={t("fund.record.noEntries")} testId="all-ledger" />
      </main>
    </>
  );
}
