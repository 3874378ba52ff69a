import { useAtom, useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import {
  type LeverPosition,
  type PairIds,
  type PositionStatus,
  batchClose,
  cancelEntry,
  closePosition,
  dealQuery,
  fetchPositions,
  positionsKey,
} from "../../features/contract/api.ts";
import { profitAt } from "../../features/contract/estimate.ts";
import { useContractUpdates } from "../../features/contract/live.ts";
import { apiSymbol, type Quotation, roomName } from "../../features/market/api.ts";
import { chartPeriodAtom, lastSymbolAtom } from "../../features/market/atoms.ts";
import type { Period } from "../../../../schema/api/market.ts";
import { allPairs, findPair, useFavourites, useLiveQuotes } from "../../features/market/quotes.ts";
import { useLoginPrompt } from "../../features/market/useLoginPrompt.ts";
import { useMarketData } from "../../features/market/useMarketData.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { type StockQuotation, useStocks } from "../../features/stocks/api.ts";
import { SessionBadge } from "../../features/stocks/StockList.tsx";
import { formatChange, formatPrice, trend } from "../../lib/format.ts";
import { formatDate } from "../../lib/time.ts";
import { queryClient } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { ChartPanel } from "./ChartPanel.tsx";
import { ContractForm } from "./ContractForm.tsx";
import { type LiveFigures, PositionCard, StopsSheet, TermsSheet } from "./ContractPositions.tsx";
import { TradeHeader } from "./TradeHeader.tsx";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/market.css";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/trade.css";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/contract.css";
import { TradeModeTabs } from "./TradeModeTabs.tsx";
import { useTexts } from "../../lib/i18n.ts";

/** The spot pair's chart and depth (its market room live while shown). */
function SpotChart({ symbol, period, live, precision }: { symbol: string; period: Period; live: boolean; precision: number }) {
  const market = useMarketData(symbol, period, { live });
  return (
    <ChartPanel
      ready={market.chartReady}
      candles={market.candles}
      candleKey={market.candles.key}
      index={null}
      depth={market.depth}
      precision={precision}
      onRetry={market.reloadCandles}
    />
  );
}

/** A stock pair has no order book or candles of its own: its reference price, change and session instead. */
function StockCard({ stock }: { stock: StockQuotation }) {
  useTexts("stocks");
  const { t } = useTranslation();
  const dir = trend(stock.change);
  return (
    <section className="stock-card" data-testid="stock-card">
      <div className="stock-price">
        <span className="faint">{t("stocks.reference")}</span>
        <b className={`num ${dir}`}>{formatPrice(stock.now_price, stock.price_precision)}</b>
        <span className={`num ${dir}`}>{formatChange(stock.change)}</span>
      </div>
      <div className="stock-session">
        <SessionBadge quote={stock} />
        <span className="faint">{t(stock.open ? "stocks.closesAt" : "stocks.opensAt", { time: formatDate(stock.next_change, true) })}</span>
        <span className="faint">{t("stocks.hoursShort")}</span>
      </div>
    </section>
  );
}

const TABS: { status: PositionStatus; key: "holding" | "entrusted" | "history" }[] = [
  { status: 1, key: "holding" },
  { status: 0, key: "entrusted" },
  { status: 3, key: "history" },
];

/**
 * The contract (lever) trade page: the pair's ticker and chart, the contract order form, and the user's positions
 * (live P/L and risk rate from the user room), entrusted orders and history, with close, close all / longs / shorts,
 * TP/SL and cancel, each confirmed first; the published terms and the liquidation rule on a help sheet.
 */
export default function ContractPage() {
  useTexts("contract", "stocks");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [lastSymbol, setLastSymbol] = useAtom(lastSymbolAtom);
  const symbol = roomName(apiSymbol(params.get("symbol") ?? lastSymbol));
  const token = useAtomValue(tokenAtom);
  const quotes = useLiveQuotes();
  const favs = useFavourites(token);
  const promptLogin = useLoginPrompt();
  const period = useAtomValue(chartPeriodAtom);
  const spotPair = findPair(quotes.groups, symbol);
  // Not a spot pair: perhaps a stock pair (priced by its stock feed, traded in NYSE hours).
  const stocks = useStocks({ enabled: quotes.groups !== null && spotPair === undefined });
  const stock = spotPair ? undefined : stocks.data?.find((q) => q.symbol === apiSymbol(symbol));
  const pair: Quotation | undefined = spotPair ?? stock;
  const known = spotPair !== undefined;
  useEffect(() => {
    if (known) setLastSymbol(symbol);
  }, [known, symbol, setLastSymbol]);
  const ids: PairIds | null = pair ? { currencyId: pair.currency_id, legalId: pair.legal_id } : null;
  const deal = useQuery(dealQuery(token, ids ?? { currencyId: 0, legalId: 0 }), { enabled: !!token && !!ids });
  const [tab, setTab] = useState<PositionStatus>(1);
  const list = usePagedQuery<LeverPosition>(positionsKey(token, ids, tab), (page) => fetchPositions(ids, tab, page), {
    enabled: !!token && !!ids,
  });
  const [live, setLive] = useState<Map<number, LiveFigures>>(new Map());
  const [busy, setBusy] = useState<number | null>(null);
  const [stops, setStops] = useState<LeverPosition | null>(null);
  const [help, setHelp] = useState(false);

  useContractUpdates(pair?.symbol ?? "", {
    pl: (frame) => setLive(new Map(frame.positions.map((p) => [p.id, { profits: p.profits, risk_rate: p.risk_rate, price: frame.price }]))),
    closed: () => {
      toast(t("contract.positions.closedByTrigger"));
      void queryClient.invalidate([Q.contracts]);
      void queryClient.invalidate([Q.wallet]);
    },
  });

  if (!quotes.groups) return quotes.error ? <ErrorView message={quotes.error.message} onRetry={quotes.reload} /> : <DelayedSpinner />;
  if (!pair && !stocks.data)
    return stocks.error ? <ErrorView message={stocks.error.message} onRetry={stocks.reload} /> : <DelayedSpinner />;
  if (!pair) {
    return (
      <EmptyState text={t("contract.unknown", { symbol })}>
        <button type="button" className="btn btn-primary" onClick={() => navigate("/market")}>
          {t("contract.toMarkets")}
        </button>
      </EmptyState>
    );
  }
  const reference = pair.index_price || deal.data?.last_price || "";
  const noContract = deal.error?.code === "CONTRACT_UNKNOWN";
  const precision = pair.price_precision;
  const closed = stock && !stock.open ? t("stocks.closedNotice", { time: formatDate(stock.next_change, true) }) : null;

  const closeOne = async (p: LeverPosition) => {
    const figures = live.get(p.id);
    const pnl = figures?.profits ?? (reference ? profitAt(p.type, p.price, p.quantity, reference).toFixed(4) : "--");
    const ok = await confirmDialog({
      title: t("contract.positions.closeTitle"),
      message: t("contract.positions.closeMessage", {
        side: t(p.type === 1 ? "contract.side.long" : "contract.side.short"),
        symbol: p.symbol,
        lots: p.share,
        pnl,
        coin: pair.legal_name,
      }),
      confirmText: t("contract.positions.close"),
    });
    if (!ok) return;
    setBusy(p.id);
    try {
      await closePosition(p.id);
      toast(t("contract.positions.closed"));
    } catch {
      // the API client showed why
    } finally {
      setBusy(null);
    }
  };
  const cancelOne = async (p: LeverPosition) => {
    const ok = await confirmDialog({ title: t("contract.positions.cancelTitle"), message: t("contract.positions.cancelMessage") });
    if (!ok) return;
    setBusy(p.id);
    try {
      await cancelEntry(p.id);
      toast(t("contract.positions.cancelled"));
    } catch {
      // the API client showed why
    } finally {
      setBusy(null);
    }
  };
  const closeMany = async (side: 0 | 1 | 2) => {
    if (!ids) return;
    const which = t(
      side === 0 ? "contract.positions.closeAll" : side === 1 ? "contract.positions.closeLongs" : "contract.positions.closeShorts",
    );
    const count = list.items.filter((p) => p.status === 1 && p.order_type !== 2 && (side === 0 || p.type === side)).length;
    const ok = await confirmDialog({
      title: t("contract.positions.batchTitle", { which }),
      message: t("contract.positions.batchMessage", { count, symbol: pair.symbol }),
      confirmText: which,
    });
    if (!ok) return;
    try {
      const out = await batchClose(ids, side);
      toast(t("contract.positions.batchDone", { count: out.closed }));
    } catch {
      // the API client showed why
    }
  };
  const switchPair = (q: Quotation) => setParams({ symbol: roomName(q.symbol) }, { replace: true });
  const star = async () => {
    const result = await favs.toggle(pair.id);
    if (result === "login") promptLogin();
  };

  let positionsView;
  if (!token) {
    positionsView = (
      <div className="empty-state small">
        <p>{t("contract.positions.loginToSee")}</p>
        <button type="button" className="btn btn-primary btn-small" onClick={promptLogin}>
          {t("common.goLogIn")}
        </button>
      </div>
    );
  } else if (list.error && list.items.length === 0) {
    positionsView = <ErrorView onRetry={list.reload} />;
  } else if (list.loading && list.items.length === 0) {
    positionsView = <DelayedSpinner />;
  } else if (list.items.length === 0) {
    positionsView = <EmptyState text={t(`contract.positions.none.${TABS.find((x) => x.status === tab)!.key}`)} />;
  } else {
    positionsView = (
      <div className="order-list" data-testid="contract-positions">
        {tab === 1 && (
          <div className="contract-batch">
            {([0, 1, 2] as const).map((s) => (
              <button
                key={s}
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => void closeMany(s)}
                data-testid={`batch-close-${s}`}
              >
                {t(s === 0 ? "contract.positions.closeAll" : s === 1 ? "contract.positions.closeLongs" : "contract.positions.closeShorts")}
              </button>
            ))}
          </div>
        )}
        {list.items.map((p) => (
          <PositionCard
            key={p.id}
            p={p}
            live={live.get(p.id)}
            precision={precision}
            busy={busy === p.id}
            onClose={closeOne}
            onCancel={cancelOne}
            onStops={deal.data?.stops === false ? undefined : setStops}
          />
        ))}
        {list.hasMore && (
          <button type="button" className="btn btn-ghost btn-block load-more" onClick={list.loadMore} disabled={list.loading}>
            {t("contract.positions.more")}
          </button>
        )}
      </div>
    );
  }

  return (
    <div className="trade-page contract-page">
      <TradeHeader
        pair={pair}
        pairs={stock ? (stocks.data ?? []) : allPairs(quotes.groups)}
        favourite={favs.favourites?.has(pair.id) ?? false}
        onStar={star}
        onSwitch={switchPair}
      />
      <div className="contract-mode">
        {/* A stock pair has no spot or seconds mode. */}
        {!stock && <TradeModeTabs mode="contract" symbol={symbol} />}
        <span className="faint contract-rule-tag">{t("contract.rule.isolated")}</span>
      </div>
      {stock ? <StockCard stock={stock} /> : <SpotChart symbol={symbol} period={period} live={known} precision={precision} />}
      <section className="trade-panel contract-panel">
        {noContract ? (
          <EmptyState text={t("contract.noContract", { symbol: pair.symbol })} />
        ) : deal.error && !deal.data ? (
          <ErrorView onRetry={deal.reload} />
        ) : (
          <ContractForm
            key={pair.symbol}
            pair={pair}
            deal={deal.data ?? null}
            reference={reference}
            loggedIn={!!token}
            onHelp={() => setHelp(true)}
            closed={closed}
          />
        )}
      </section>
      <section className="trade-bottom">
        <div className="bottom-tabs">
          <div className="bottom-tablist" role="tablist">
            {TABS.map((x) => (
              <button
                key={x.key}
                type="button"
                role="tab"
                aria-selected={tab === x.status}
                className={tab === x.status ? "active" : ""}
                onClick={() => setTab(x.status)}
                data-testid={`contract-tab-${x.key}`}
              >
                {t(`contract.positions.tab.${x.key}`)}
              </button>
            ))}
          </div>
          <Link to="/transaction/contract_order" className="bottom-link">
            {t("contract.positions.all")}
          </Link>
        </div>
        {positionsView}
      </section>
      {stops && <StopsSheet key={stops.id} p={stops} current={reference} onDone={() => setStops(null)} />}
      <TermsSheet open={help} deal={deal.data ?? null} onClose={() => setHelp(false)} />
    </div>
  );
}
