import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { coinsQuery } from "../../features/wallet/api.ts";
import { BILL_KINDS, useKindLabel } from "../../features/wallet/components/kinds.ts";
import { LedgerRow } from "../../features/wallet/components/LedgerRow.tsx";
import { useLedger } from "../../features/wallet/useLedger.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { RecordList } from "../fund/parts.tsx";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

/** The caller's bill: every ledger entry, filtered by coin and by kind (by the server, one paged list). */
export default function BillPage() {
  useTexts("fund");
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const coinId = useId();
  const kindId = useId();
  const coins = useQuery(coinsQuery);
  const [coin, setCoin] = useState<number | "all">("all");
  const [kind, setKind] = useState<string>("all");
  const list = useLedger({ currency: coin === "all" ? undefined : coin, kind: kind === "all" ? undefined : kind });

  return (
    <>
      <NavBar title={t("fund.bill.title")} />
      <main className="content stack">
        <div className="filters">
          <div className="field">
            <label htmlFor={coinId}>{t("fund.common.coin")}</label>
            <select
              id={coinId}
              className="input"
              value={coin}
              onChange={(e) => setCoin(e.target.value === "all" ? "all" : Number(e.target.value))}
              data-testid="bill-coin"
            >
              <option value="all">{t("fund.bill.allCoins")}</option>
              {(coins.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={kindId}>{t("fund.bill.kind")}</label>
            <select id={kindId} className="input" value={kind} onChange={(e) => setKind(e.target.value)} data-testid="bill-kind">
              <option value="all">{t("fund.bill.allKinds")}</option>
              {BILL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {kindLabel(k)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <RecordList list={list} render={(r) => <LedgerRow key={r.id} record={r} />} empty={t("fund.bill.empty")} testId="bill-list" />
      </main>
    </>
  );
}
