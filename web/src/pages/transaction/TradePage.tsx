import { useAtom, useAtomValue } from "jotai";
import { Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { apiSymbol, fetchIndexKlines, type Quotation, roomName } from "../../features/market/api.ts";
import { chartPeriodAtom, lastSymbolAtom } from "../../features/market/atoms.ts";
import { mergeOpenOrder, useOrderUpdates } from "../../features/market/orderStream.ts";
import { cancelOrder, openOrdersQuery, type SpotOrder, spotBalancesQuery } from "../../features/market/orders.ts";
import { OrderRow } from "../../features/market/OrderRow.tsx";
import { allPairs, findPair, useFavourites, useLiveQuotes } from "../../features/market/quotes.ts";
import { useLoginPrompt } from "../../features/market/useLoginPrompt.ts";
import { useMarketData } from "../../features/market/useMarketData.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { queryClient } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { preloadable } from "../../lib/preloadable.tsx";
import { ChartPanel } from "./ChartPanel.tsx";
import { OrderBook, RecentTrades } from "./OrderBook.tsx";
import { type Balances, OrderForm, type OrderFormHandle } from "./OrderForm.tsx";
import { TradeHeader } from "./TradeHeader.tsx";
import { loadSecondsPanel } from "./seconds-panel.ts";
import { TradeModeTabs } from "./TradeModeTabs.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/market.css";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/trade.css";

const SecondsPanel = preloadable(loadSecondsPanel);

/**
 * The spot trade tab: ticker, order form and book, chart, open orders and recent trades, all live. The form and
 * the book come first so that a phone shows them (and the order button) above the fold; the chart follows.
 * In seconds mode (/transaction/index) the seconds panel takes the place of the form, the book and the lists.
 */
export default function TradePage() {
  const { t } = useTranslation();
  const seconds = useLocation().pathname === "/transaction/index";
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [lastSymbol, setLastSymbol] = useAtom(lastSymbolAtom);
  const symbol = roomName(apiSymbol(params.get("symbol") ?? lastSymbol));
  const token = useAtomValue(tokenAtom);
  const quotes = useLiveQuotes();
  const favs = useFavourites(token);
  const promptLogin = useLoginPrompt();
  const period = useAtomValue(chartPeriodAtom);
  const pair = findPair(quotes.groups, symbol);
  const known = pair !== undefined;

  useEffect(() => {
    if (known) setLastSymbol(symbol);
  }, [known, symbol, setLastSymbol]);

  // Public market data: read through the cache by pair, then the room's frames (so nothing of the
  // previous pair shows after a switch) ---------------------------------------------------------------
  const market = useMarketData(symbol, period, { live: known });
  // The reference feed's candles as an index line, while the market has few of its own (production); a failure is no line.
  const index = useQuery(
    {
      key: [Q.market, symbol, "index", period],
      load: () => fetchIndexKlines(symbol, period).catch(() => null),
      staleTime: 60_000,
    },
    { enabled: market.chartReady },
  );

  // The user's balances and open orders for this pair ------------------------------------------------
  const base = pair?.currency_name ?? "";
  const quote = pair?.legal_name ?? "";
  const mine = !!token && !!pair && !seconds;
  const balancesQ = useQuery(spotBalancesQuery(token, base, quote), { enabled: mine });
  const ordersDef = openOrdersQuery(token, pair?.currency_id ?? 0, pair?.legal_id ?? 0);
  const ordersQ = useQuery(ordersDef, { enabled: mine });
  const [cancelling, setCancelling] = useState<number | null>(null);
  const balances: Balances | null = balancesQ.data ?? null;
  const openOrders = ordersQ.data ?? null;

  // Fills and cancels arrive on the user room: the list changes at once, the balances are read again shortly after.
  const balanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useOrderUpdates((order) => {
    if (!pair || order.symbol !== pair.symbol) return;
    // Accepted at once but refused by the ledger after (the balance was spent elsewhere meanwhile).
    if (order.state === "rejected") toast(t("trade.orders.refused"));
    queryClient.setData<SpotOrder[]>(ordersDef.key, (list) => (list ? mergeOpenOrder(list, order) : list));
    clearTimeout(balanceTimer.current);
    balanceTimer.current = setTimeout(() => void queryClient.invalidate([Q.spotBalance]), 250);
  });
  useEffect(() => () => clearTimeout(balanceTimer.current), []);

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
      // cancelOrder invalidates the balances and the order lists; the list drops the order at once.
      await cancelOrder(order.id);
      toast(t("trade.orders.cancelled"));
      queryClient.setData<SpotOrder[]>(ordersDef.key, (list) =>
        list ? mergeOpenOrder(list, { ...order, state: "cancelled", status: 2 }) : list,
      );
    } catch {
      // the API client showed why
    } finally {
      setCancelling(null);
    }
  };

  const form = useRef<OrderFormHandle>(null);
  const pick = (price: string) => form.current?.pickPrice(price);
  const [bottomTab, setBottomTab] = useState<"orders" | "trades">("orders");

  const switchPair = (q: Quotation) => setParams({ symbol: roomName(q.symbol) }, { replace: true });
  const star = async () => {
    if (!pair) return;
    const result = await favs.toggle(pair.id);
    if (result === "login") promptLogin();
    else if (result === "added") toast(t("market.favourites.added"));
    else if (result === "removed") toast(t("market.favourites.removed"));
  };

  if (!quotes.groups) {
    return quotes.error ? <ErrorView message={quotes.error.message} onRetry={quotes.reload} /> : <DelayedSpinner />;
  }
  if (!pair) {
    return (
      <EmptyState text={t("trade.unknownPair", { symbol })}>
        <button type="button" className="btn btn-primary" onClick={() => navigate("/market")}>
          {t("trade.toMarkets")}
        </button>
      </EmptyState>
    );
  }

  let ordersView;
  if (!token) {
    ordersView = (
      <div className="empty-state small">
        <p>{t("trade.orders.loginToSee")}</p>
        <button type="button" className="btn btn-primary btn-small" onClick={promptLogin}>
          {t("common.goLogIn")}
        </button>
      </div>
    );
  } else if (!openOrders) {
    ordersView = ordersQ.error ? <ErrorView onRetry={ordersQ.reload} /> : <DelayedSpinner />;
  } else if (!openOrders.length) {
    ordersView = <EmptyState text={t("trade.orders.noOpen")} />;
  } else {
    ordersView = (
      <div className="order-list" data-testid="open-orders">
        {openOrders.map((o) => (
          <OrderRow
            key={o.id}
            order={o}
            pricePrecision={pair.price_precision}
            amountPrecision={pair.amount_precision}
            onCancel={cancel}
            busy={cancelling === o.id}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="trade-page">
      <TradeModeTabs mode={seconds ? "seconds" : "spot"} symbol={symbol} />
      <TradeHeader
        pair={pair}
        pairs={allPairs(quotes.groups)}
        favourite={favs.favourites?.has(pair.id) ?? false}
        onStar={star}
        onSwitch={switchPair}
      />
      {seconds ? (
        <Suspense fallback={<DelayedSpinner />}>
          <SecondsPanel pair={pair} price={market.ticker?.index_price || null} />
        </Suspense>
      ) : (
        <section className="trade-panel">
          <OrderForm
            key={pair.symbol}
            ref={form}
            pair={pair}
            info={market.info}
            balances={balances}
            loggedIn={!!token}
            bestBid={market.depth?.bids[0]?.[0] ?? null}
            bestAsk={market.depth?.asks[0]?.[0] ?? null}
          />
          <OrderBook depth={market.depth} pair={pair} error={!!market.depthError && !market.depth} onPick={pick} />
        </section>
      )}
      <ChartPanel
        candles={market.candles}
        candleKey={market.candles.key}
        index={index.data ?? null}
        depth={market.depth}
        precision={pair.price_precision}
        onRetry={market.reloadCandles}
        ready={market.chartReady}
      />
      {!seconds && (
        <section className="trade-bottom">
          <div className="bottom-tabs">
            <div className="bottom-tablist" role="tablist">
              <button
                type="button"
                role="tab"
                aria-selected={bottomTab === "orders"}
                className={bottomTab === "orders" ? "active" : ""}
                onClick={() => setBottomTab("orders")}
                data-testid="tab-open-orders"
              >
                {openOrders?.length ? t("trade.orders.openCount", { count: openOrders.length }) : t("trade.orders.open")}
              </button>
              <button
                type="button"
                role="tab"
                aria-selected={bottomTab === "trades"}
                className={bottomTab === "trades" ? "active" : ""}
                onClick={() => setBottomTab("trades")}
                data-testid="tab-trades"
              >
                {t("trade.trades.title")}
              </button>
            </div>
            <Link to="/transaction/currency_order" className="bottom-link">
              {t("trade.orders.all")}
            </Link>
          </div>
          {bottomTab === "orders" ? (
            ordersView
          ) : (
            <RecentTrades trades={market.trades} pair={pair} error={!!market.tradesError && !market.trades} />
          )}
        </section>
      )}
    </div>
  );
}
