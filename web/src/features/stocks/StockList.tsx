import { useTranslation } from "react-i18next";
import { formatChange, formatPrice, trend } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { formatDate } from "../../lib/time.ts";
import type { StockQuotation } from "./api.ts";

/** Open or closed now, with when that changes (in the reader's time zone). */
export function SessionBadge({ quote }: { quote: Pick<StockQuotation, "open" | "next_change"> }) {
  useTexts("stocks");
  const { t } = useTranslation();
  const when = formatDate(quote.next_change, true);
  return (
    <span
      className={quote.open ? "session-badge open" : "session-badge closed"}
      title={t(quote.open ? "stocks.closesAt" : "stocks.opensAt", { time: when })}
      data-testid="session-badge"
    >
      {t(quote.open ? "stocks.open" : "stocks.closed")}
    </span>
  );
}

/** One stock pair in the market list: symbol with its session, price, change since the previous close. */
export function StockRow({ quote, onOpen }: { quote: StockQuotation; onOpen: (q: StockQuotation) => void }) {
  const direction = trend(quote.change);
  return (
    <div className="quote-row" data-testid="stock-row" data-symbol={quote.symbol}>
      <button type="button" className="quote-main" onClick={() => onOpen(quote)}>
        <span className="col-name">
          <span className="pair">
            <b>{quote.currency_name}</b>
            <span className="faint">/{quote.legal_name}</span>
          </span>
          <SessionBadge quote={quote} />
        </span>
        <span className={`col-price num ${direction}`} data-testid="quote-price">
          {formatPrice(quote.now_price, quote.price_precision)}
        </span>
        <span className="col-change">
          <span className={`change-pill num ${direction}`} data-testid="quote-change">
            {formatChange(quote.change)}
          </span>
        </span>
      </button>
    </div>
  );
}
