import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { mergeHistoryOrder, mergeOpenOrder, useOrderUpdates } from "../../features/market/orderStream.ts";
import { cancelOrder, fetchOrders, type OrderListStatus, type SpotOrder } from "../../features/market/orders.ts";
import { OrderRow } from "../../features/market/OrderRow.tsx";
import { allPairs, useLiveQuotes } from "../../features/market/quotes.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/market.css";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/trade.css";

const PAGE_SIZE = 10;

/** Spot orders: open ones (cancel with confirmation) and history (filled or cancelled), paginated, live from the user room. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OrderListStatus>(1);
  return (
    <>
      <NavBar title={t("trade.orders.title")} />
      <div className="segmented orders-tabs" role="tablist">
        {([1, 2] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={tab === s}
            className={tab === s ? "active" : ""}
            onClick={() => setTab(s)}
            data-testid={s === 1 ? "orders-tab-open" : "orders-tab-history"}
          >
            {t(s === 1 ? "trade.orders.open" : "trade.orders.history")}
          </button>
        ))}
      </div>
      <OrderList key={tab} status={tab} />
    </>
  );
}

function OrderList({ status }: { status: OrderListStatus }) {
  const { t } = useTranslation();
  const quotes = useLiveQuotes();
  const token = useAtomValue(tokenAtom);
  const list = usePagedQuery([Q.orders, token, "list", status], (page) => fetchOrders({ status, page, limit: PAGE_SIZE }));
  // Live changes are laid over the loaded pages: an order frame updates, removes or adds a row.
  const [live, setLive] = useState<{ changed: Map<number, SpotOrder>; added: SpotOrder[] }>({ changed: new Map(), added: [] });
  const [cancelling, setCancelling] = useState<number | null>(null);

  useOrderUpdates((order) => {
    setLive((cur) => {
      const changed = new Map(cur.changed).set(order.id, order);
      const known = list.items.some((o) => o.id === order.id) || cur.added.some((o) => o.id === order.id);
      const added = known ? cur.added : status === 1 ? mergeOpenOrder(cur.added, order) : mergeHistoryOrder(cur.added, order);
      return { changed, added };
    });
  });

  const rows = [...live.added, ...list.items.filter((o) => !live.added.some((a) => a.id === o.id))]
    .map((o) => live.changed.get(o.id) ?? o)
    .filter((o) => (status === 1 ? o.state === "open" || o.state === "partial" : o.state !== "open" && o.state !== "partial"));

  const precisions = (symbol: string) => {
    const pair = allPairs(quotes.groups).find((q) => q.symbol === symbol);
    return { pricePrecision: pair?.price_precision ?? 2, amountPrecision: pair?.amount_precision ?? 4 };
  };

  const cancel = async (order: SpotOrder) => {
    const ok = await confirmDialog({
      title: t("trade.orders.cancelTitle"),
      message: t("trade.orders.cancelMessage", { symbol: order.symbol }),
      confirmText: t("trade.orders.cancelConfirm"),
      cancelText: t("trade.orders.keep"),
    });
    if (!ok) return;
    setCancelling(order.id);
    try {
      await cancelOrder(order.id);
      toast(t("trade.orders.cancelled"));
      setLive((cur) => ({ ...cur, changed: new Map(cur.changed).set(order.id, { ...order, state: "cancelled", status: 2 }) }));
    } catch {
      // the API client showed why
    } finally {
      setCancelling(null);
    }
  };

  if (list.error && !rows.length) return <ErrorView message={list.error.message} onRetry={list.reload} />;
  if (list.loading && !rows.length) return <DelayedSpinner />;
  if (!rows.length) return <EmptyState text={t(status === 1 ? "trade.orders.noOpen" : "trade.orders.noHistory")} />;
  return (
    <div className="content order-page-list" data-testid={status === 1 ? "orders-open" : "orders-history"}>
      <div className="order-list">
        {rows.map((o) => (
          <OrderRow
            key={o.id}
            order={o}
            {...precisions(o.symbol)}
            onCancel={status === 1 ? cancel : undefined}
            busy={cancelling === o.id}
          />
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
          {list.loading ? t("common.loading") : t("trade.orders.loadMore")}
        </button>
      )}
    </div>
  );
}
