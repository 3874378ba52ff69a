import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { type LeverPosition, type PositionStatus, fetchPositions, positionsKey } from "../../features/contract/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { PositionCard } from "./ContractPositions.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/market.css";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/trade.css";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/contract.css";
import { useTexts } from "../../lib/i18n.ts";

const TABS = [
  { status: 1, key: "holding" },
  { status: 0, key: "entrusted" },
  { status: 3, key: "history" },
] as const;

/** Every contract position of the user, all pairs: open, entrusted and history, page by page (the spec's contract_order). */
export default function ContractOrdersPage() {
  useTexts("contract");
  const { t } = useTranslation();
  const [tab, setTab] = useState<PositionStatus>(1);
  return (
    <>
      <NavBar title={t("contract.orders.title")} />
      <div className="segmented orders-tabs" role="tablist">
        {TABS.map((x) => (
          <button
            key={x.key}
            type="button"
            role="tab"
            aria-selected={tab === x.status}
            className={tab === x.status ? "active" : ""}
            onClick={() => setTab(x.status)}
            data-testid={`contract-orders-tab-${x.key}`}
          >
            {t(`contract.positions.tab.${x.key}`)}
          </button>
        ))}
      </div>
      <PositionList key={tab} status={tab} />
    </>
  );
}

function PositionList({ status }: { status: PositionStatus }) {
  useTexts("contract");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const list = usePagedQuery<LeverPosition>(positionsKey(token, null, status), (page) => fetchPositions(null, status, page));
  if (list.error && list.items.length === 0) return <ErrorView onRetry={list.reload} />;
  if (list.loading && list.items.length === 0) return <DelayedSpinner />;
  if (list.items.length === 0) return <EmptyState text={t(`contract.positions.none.${TABS.find((x) => x.status === status)!.key}`)} />;
  return (
    <div className="order-list order-page-list" data-testid="contract-order-list">
      {list.items.map((p) => (
        <PositionCard key={p.id} p={p} precision={2} />
      ))}
      {list.hasMore && (
        <button type="button" className="btn btn-ghost btn-block load-more" onClick={list.loadMore} disabled={list.loading}>
          {t("contract.positions.more")}
        </button>
      )}
    </div>
  );
}
