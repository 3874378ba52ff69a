import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { cumulate } from "../../features/chart/DepthChart.tsx";
import type { Depth, PublicTrade, Quotation } from "../../features/market/api.ts";
import { dec } from "../../lib/decimal.ts";
import { formatDate } from "../../lib/time.ts";
import { formatAmount, formatPrice, trend } from "../../lib/format.ts";

const LEVELS = 6;

/** Width of a level's depth bar: its cumulative quantity against the deepest shown, in % (decimal.js). */
const barWidth = (total: string, max: string) => (dec(max).gt(0) ? `${dec(total).div(dec(max)).times(100).toFixed(1)}%` : "0%");

/**
 * The order book: the best asks reversed above (best nearest the middle), the
 * last price, the best bids below, each with a cumulative depth bar. Tapping a
 * level hands its price to the order form.
 */
export function OrderBook({
  depth,
  pair,
  error,
  onPick,
}: {
  depth: Depth | null;
  pair: Quotation;
  error: boolean;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation();
  if (!depth) {
    return <div className="book">{error ? <p className="faint book-empty">{t("trade.book.failed")}</p> : <DelayedSpinner />}</div>;
  }
  const asks = cumulate(depth.asks.slice(0, LEVELS));
  const bids = cumulate(depth.bids.slice(0, LEVELS));
  const max = [asks.at(-1)?.total ?? "0", bids.at(-1)?.total ?? "0"].reduce((a, b) => (dec(a).gt(dec(b)) ? a : b));
  const qty = (levels: [string, string][], price: string) => levels.find(([p]) => p === price)?.[1] ?? "0";
  const row = (side: "ask" | "bid", price: string, total: string) => (
    <button
      key={`${side}${price}`}
      type="button"
      className={`book-row ${side}`}
      onClick={() => onPick(dec(price).toFixed())}
      data-testid={`book-${side}`}
      data-price={price}
    >
      <span className="book-bar" style={{ width: barWidth(total, max) }} aria-hidden="true" />
      <span className={`num ${side === "ask" ? "down" : "up"}`}>{formatPrice(price, pair.price_precision)}</span>
      <span className="num">{formatAmount(qty(side === "ask" ? depth.asks : depth.bids, price), pair.amount_precision)}</span>
    </button>
  );
  const pad = (n: number) =>
    Array.from({ length: Math.max(0, LEVELS - n) }, (_, i) => <div key={`pad${i}`} className="book-row placeholder" aria-hidden="true" />);
  return (
    <div className="book" data-testid="order-book">
      <div className="book-head faint">
        <span>{t("trade.book.price", { coin: pair.legal_name })}</span>
        <span>{t("trade.book.amount", { coin: pair.currency_name })}</span>
      </div>
      <div className="book-side asks">
        {pad(asks.length)}
        {[...asks].reverse().map((l) => row("ask", l.price, l.total))}
      </div>
      <button
        type="button"
        className={`book-mid num ${trend(pair.change)}`}
        onClick={() => onPick(dec(pair.now_price).toFixed())}
        data-testid="book-last"
      >
        {formatPrice(pair.now_price, pair.price_precision)}
      </button>
      <div className="book-side bids">
        {bids.map((l) => row("bid", l.price, l.total))}
        {pad(bids.length)}
      </div>
    </div>
  );
}

/** Recent public trades: time, price (green buy, red sell), amount. */
export function RecentTrades({ trades, pair, error }: { trades: PublicTrade[] | null; pair: Quotation; error: boolean }) {
  const { t } = useTranslation();
  if (!trades) return error ? <p className="faint book-empty">{t("trade.trades.failed")}</p> : <DelayedSpinner />;
  if (!trades.length) return <p className="faint book-empty">{t("trade.trades.empty")}</p>;
  return (
    <div className="trades" data-testid="recent-trades">
      <div className="trades-row faint">
        <span>{t("trade.trades.time")}</span>
        <span>{t("trade.book.price", { coin: pair.legal_name })}</span>
        <span>{t("trade.book.amount", { coin: pair.currency_name })}</span>
      </div>
      {trades.map((tr) => (
        <div key={tr.id} className="trades-row" data-testid="trade-row">
          <span className="faint num">{formatDate(tr.time, true).slice(11)}</span>
          <span className={`num ${tr.side === "buy" ? "up" : "down"}`}>{formatPrice(tr.price, pair.price_precision)}</span>
          <span className="num">{formatAmount(tr.qty, pair.amount_precision)}</span>
        </div>
      ))}
    </div>
  );
}
