import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { fetchSecondsPage, type SecondsOrder } from "../../features/seconds/api.ts";
import { useSecondsResults } from "../../features/seconds/results.ts";
import { SecondsOrderCard } from "../../features/seconds/SecondsOrderCard.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { queryClient } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/trade.css";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/seconds.css";
import { useTexts } from "../../lib/i18n.ts";

const PAGE_SIZE = 5;

/** Seconds orders (page transaction/seconds_order): positions (running) and history (settled), 5 per page. */
export default function SecondsOrdersPage() {
  useTexts("seconds");
  const { t } = useTranslation();
  const [tab, setTab] = useState<1 | 3>(1);
  return (
    <>
      <NavBar title={t("seconds.orders.title")} />
      <div className="segmented orders-tabs" role="tablist">
        {([1, 3] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={tab === s}
            className={tab === s ? "active" : ""}
            onClick={() => setTab(s)}
            data-testid={s === 1 ? "seconds-tab-open" : "seconds-tab-history"}
          >
            {t(s === 1 ? "seconds.orders.position" : "seconds.orders.history")}
          </button>
        ))}
      </div>
      <SecondsList key={tab} status={tab} />
    </>
  );
}

function SecondsList({ status }: { status: 1 | 3 }) {
  useTexts("seconds");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [now, setNow] = useState(() => Date.now());
  const list = usePagedQuery<SecondsOrder>([Q.seconds, token, "list", status], async (page) => {
    // Positions are the open orders and those past due whose payment is on its way.
    const first = await fetchSecondsPage({ status, page, limit: PAGE_SIZE });
    if (status === 3) return { items: first.data, hasMore: page * PAGE_SIZE < first.total };
    const closing = page === 1 ? (await fetchSecondsPage({ status: 2, page: 1, limit: 50 })).data : [];
    return { items: [...closing, ...first.data], hasMore: page * PAGE_SIZE < first.total };
  });
  // A settled order leaves the positions and joins the history.
  useSecondsResults(() => void queryClient.invalidate([Q.seconds, token, "list"]));
  useEffect(() => {
    if (status !== 1) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [status]);

  if (list.error && !list.items.length) return <ErrorView message={list.error.message} onRetry={list.reload} />;
  if (list.loading && !list.items.length) return <DelayedSpinner />;
  if (!list.items.length) return <EmptyState text={t(status === 1 ? "seconds.orders.noOpen" : "seconds.orders.noHistory")} />;
  return (
    <div className="content order-page-list" data-testid={status === 1 ? "seconds-list-open" : "seconds-list-history"}>
      <div className="order-list">
        {list.items.map((o) => (
          <SecondsOrderCard key={o.id} order={o} now={now} price={null} precision={6} />
        ))}
      </div>
      {list.hasMore && (
        <button
          type="button"
          className="btn btn-ghost btn-block load-more"
          onClick={list.loadMore}
          disabled={list.loading}
          data-testid="load-more"
        >
          {list.loading ? t("common.loading") : t("seconds.orders.loadMore")}
        </button>
      )}
    </div>
  );
}
