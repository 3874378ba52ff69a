import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import {
  apiSymbol,
  type Candle,
  type Depth,
  fetchCandles,
  fetchDepth,
  fetchIndexKlines,
  fetchMarketInfo,
  fetchTrades,
  type PublicTrade,
  type Quotation,
  roomName,
} from "../../features/market/api.ts";
import { chartPeriodAtom, lastSymbolAtom, pushTickersAtom } from "../../features/market/atoms.ts";
import { mergeOpenOrder, useOrderUpdates } from "../../features/market/orderStream.ts";
import { cancelOrder, fetchOrders, fetchSpotBalance, type SpotOrder } from "../../features/market/orders.ts";
import { OrderRow } from "../../features/market/OrderRow.tsx";
import { allPairs, findPair, useFavourites, useLiveQuotes } from "../../features/market/quotes.ts";
import { useMarketRoom } from "../../features/market/realtime.ts";
import { useLoginPrompt } from "../../features/market/useLoginPrompt.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import type { MarketRoomOutbound } from "../../../../schema/api/market.ts";
import { useQuery } from "../../hooks/useQuery.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { type CandleState, ChartPanel } from "./ChartPanel.tsx";
import { mergeTrades, OrderBook, RecentTrades } from "./OrderBook.tsx";
import { type Balances, OrderForm, type OrderFormHandle } from "./OrderForm.tsx";
import { TradeHeader } from "./TradeHeader.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/market.css";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/trade.css";

/** A candle merged into the list: the current bar replaced, a newer one appended, an older one ignored. */
function mergeCandle(list: Candle[], candle: Candle): Candle[] {
  const last = list.at(-1);
  if (!last || candle.time > last.time) return [...list, candle];
  if (candle.time === last.time) return [...list.slice(0, -1), candle];
  return list;
}

/** Live candle updates since the last load: one per bar (the newest version), at most a day of 1-minute bars. */
function keepUpdate(updates: Candle[], candle: Candle): Candle[] {
  return [...updates.filter((c) => c.time !== candle.time), candle].sort((a, b) => a.time - b.time).slice(-1440);
}

/** The spot trade tab: ticker, chart, order form and book, open orders and recent trades, all live. */
export default function TradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [lastSymbol, setLastSymbol] = useAtom(lastSymbolAtom);
  const symbol = roomName(apiSymbol(params.get("symbol") ?? lastSymbol));
  const token = useAtomValue(tokenAtom);
  const quotes = useLiveQuotes();
  const favs = useFavourites(token);
  const promptLogin = useLoginPrompt();
  const pushTickers = useSetAtom(pushTickersAtom);
  const period = useAtomValue(chartPeriodAtom);
  const pair = findPair(quotes.groups, symbol);
  const known = pair !== undefined;
  const candleKey = `${symbol}|${period}`;

  useEffect(() => {
    if (known) setLastSymbol(symbol);
  }, [known, symbol, setLastSymbol]);

  // Public market data: the first answer over HTTP, then the room's frames (tagged with the pair, so
  // nothing of the previous pair shows after a switch) -------------------------------------------------
  const depthQ = useQuery(() => fetchDepth(symbol).then((d) => ({ symbol, depth: d })), [symbol]);
  const tradesQ = useQuery(() => fetchTrades(symbol).then((list) => ({ symbol, list })), [symbol]);
  const infoQ = useQuery(() => fetchMarketInfo(symbol).then((info) => ({ symbol, info })), [symbol]);
  const candlesQ = useQuery(
    () => fetchCandles(symbol, period).then((list) => ({ key: candleKey, list: [...list].sort((a, b) => a.time - b.time) })),
    [symbol, period, candleKey],
  );
  // The reference feed's candles as an index line, while the market has few of its own (production); a failure is no line.
  const indexQ = useQuery(
    () =>
      fetchIndexKlines(symbol, period).then(
        (index) => ({ key: candleKey, index }),
        () => ({ key: candleKey, index: null }),
      ),
    [symbol, period, candleKey],
  );
  const [liveDepth, setLiveDepth] = useState<{ symbol: string; depth: Depth } | null>(null);
  const [liveTrades, setLiveTrades] = useState<{ symbol: string; list: PublicTrade[] } | null>(null);
  const [liveCandles, setLiveCandles] = useState<{ key: string; updates: Candle[] } | null>(null);

  const onFrame = (frame: MarketRoomOutbound) => {
    switch (frame.type) {
      case "ticker":
        pushTickers([frame.ticker]);
        return;
      case "tickers":
        pushTickers(frame.tickers);
        return;
      case "depth":
        if (roomName(apiSymbol(frame.symbol)) === symbol) setLiveDepth({ symbol, depth: frame.depth });
        return;
      case "trades":
        if (roomName(apiSymbol(frame.symbol)) === symbol) {
          setLiveTrades((cur) => ({ symbol, list: mergeTrades(cur?.symbol === symbol ? cur.list : null, frame.trades) }));
        }
        return;
      case "kline":
        if (roomName(apiSymbol(frame.symbol)) === symbol && frame.period === period) {
          setLiveCandles((cur) => ({ key: candleKey, updates: keepUpdate(cur?.key === candleKey ? cur.updates : [], frame.candle) }));
        }
        return;
      default:
        return;
    }
  };
  useMarketRoom(known ? symbol : null, onFrame, [period]);

  const shownDepth = liveDepth?.symbol === symbol ? liveDepth.depth : depthQ.data?.symbol === symbol ? depthQ.data.depth : null;
  const baseTrades = tradesQ.data?.symbol === symbol ? tradesQ.data.list : null;
  const extraTrades = liveTrades?.symbol === symbol ? liveTrades.list : null;
  const shownTrades = useMemo(
    () => (baseTrades || extraTrades ? mergeTrades(baseTrades, extraTrades ?? []) : null),
    [baseTrades, extraTrades],
  );
  const baseCandles = candlesQ.data?.key === candleKey ? candlesQ.data.list : null;
  const candleUpdates = liveCandles?.key === candleKey ? liveCandles.updates : null;
  const shownCandles = useMemo(
    () => (baseCandles ? (candleUpdates ?? []).reduce(mergeCandle, baseCandles) : null),
    [baseCandles, candleUpdates],
  );
  const candleState: CandleState = {
    key: candleKey,
    list: shownCandles,
    loading: candlesQ.loading,
    error: baseCandles ? null : (candlesQ.error?.message ?? null),
  };
  const currentInfo = infoQ.data?.symbol === symbol ? infoQ.data.info : null;

  // The user's balances and open orders for this pair ------------------------------------------------
  const base = pair?.currency_name;
  const quote = pair?.legal_name;
  const currencyId = pair?.currency_id;
  const legalId = pair?.legal_id;
  const mineKey = `${token}|${symbol}`;
  const balancesQ = useQuery(
    () =>
      token && base && quote
        ? Promise.all([fetchSpotBalance(base), fetchSpotBalance(quote)]).then(([b, q]) => ({
            key: mineKey,
            balances: { base: b, quote: q } as Balances,
          }))
        : Promise.resolve(null),
    [token, base, quote, mineKey],
  );
  const ordersQ = useQuery(() => {
    const at = Date.now();
    return token && currencyId !== undefined && legalId !== undefined
      ? fetchOrders({ status: 1, page: 1, limit: 50, currencyId, legalId }).then((page) => ({ key: mineKey, list: page.items, at }))
      : Promise.resolve(null);
  }, [token, currencyId, legalId, mineKey]);
  const [liveOrders, setLiveOrders] = useState<{ key: string; updates: { order: SpotOrder; at: number }[] } | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);

  const balances = balancesQ.data?.key === mineKey ? balancesQ.data.balances : null;
  const loadedOrders = ordersQ.data?.key === mineKey ? ordersQ.data : null;
  const orderUpdates = liveOrders?.key === mineKey ? liveOrders.updates : null;
  // Frames that arrived after the list was asked for are laid over it (a fill removes the order at once).
  const openOrders = useMemo(
    () =>
      loadedOrders
        ? (orderUpdates ?? []).filter((u) => u.at >= loadedOrders.at).reduce((list, u) => mergeOpenOrder(list, u.order), loadedOrders.list)
        : null,
    [loadedOrders, orderUpdates],
  );

  // Fills and cancels arrive on the user room: update the list at once, then re-read the balances.
  const balanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reloadBalances = balancesQ.reload;
  useOrderUpdates((order) => {
    if (!pair || order.symbol !== pair.symbol) return;
    // Accepted at once but refused by the ledger after (the balance was spent elsewhere meanwhile).
    if (order.state === "rejected") toast(t("trade.orders.refused"));
    const at = Date.now();
    setLiveOrders((cur) => ({ key: mineKey, updates: [...(cur?.key === mineKey ? cur.updates : []), { order, at }].slice(-200) }));
    clearTimeout(balanceTimer.current);
    balanceTimer.current = setTimeout(reloadBalances, 250);
  });
  useEffect(() => () => clearTimeout(balanceTimer.current), []);

  const refreshMine = () => {
    balancesQ.reload();
    ordersQ.reload();
  };

  const cancel = async (order: SpotOrder) => {
    const ok = await confirmDialog({
      title: t("trade.orders.cancelTitle"),
      message: t("trade.orders.cancelMessage", { symbol: order.symbol }),
    });
    if (!ok) return;
    setCancelling(order.id);
    try {
      await cancelOrder(order.id);
      toast(t("trade.orders.cancelled"));
      setLiveOrders((cur) => ({
        key: mineKey,
        updates: [...(cur?.key === mineKey ? cur.updates : []), { order: { ...order, state: "cancelled", status: 2 }, at: Date.now() }],
      }));
      refreshMine();
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
      <TradeHeader
        pair={pair}
        pairs={allPairs(quotes.groups)}
        favourite={favs.favourites?.has(pair.id) ?? false}
        onStar={star}
        onSwitch={switchPair}
      />
      <ChartPanel
        candles={candleState}
        candleKey={candleKey}
        index={indexQ.data?.key === candleKey ? indexQ.data.index : null}
        depth={shownDepth}
        precision={pair.price_precision}
        onRetry={candlesQ.reload}
      />
      <section className="trade-panel">
        <OrderForm
          key={pair.symbol}
          ref={form}
          pair={pair}
          info={currentInfo}
          balances={balances}
          loggedIn={!!token}
          bestBid={shownDepth?.bids[0]?.[0] ?? null}
          bestAsk={shownDepth?.asks[0]?.[0] ?? null}
          onPlaced={refreshMine}
        />
        <OrderBook depth={shownDepth} pair={pair} error={!!depthQ.error && !shownDepth} onPick={pick} />
      </section>
      <section className="trade-bottom">
        <div className="bottom-tabs" role="tablist">
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
          <Link to="/transaction/currency_order" className="bottom-link">
            {t("trade.orders.all")}
          </Link>
        </div>
        {bottomTab === "orders" ? ordersView : <RecentTrades trades={shownTrades} pair={pair} error={!!tradesQ.error && !shownTrades} />}
      </section>
    </div>
  );
}
