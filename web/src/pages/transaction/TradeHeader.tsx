import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Sheet } from "../../components/Sheet.tsx";
import type { Quotation } from "../../features/market/api.ts";
import { IconCaret, IconOrders, IconStar } from "../../features/market/icons.tsx";
import { QuoteRow } from "../../features/market/QuoteList.tsx";
import { matchPairs } from "../../features/market/quotes.ts";
import { quoteUsdtPrice } from "../../features/market/symbols.ts";
import { useFiat } from "../../features/preferences/fiat.ts";
import { dec } from "../../lib/decimal.ts";
import { formatChange, formatPrice, formatVolume, trend } from "../../lib/format.ts";

/**
 * The pair (tap to switch), favourite star, orders link, then the live ticker: last trade, 24 h change, the index
 * (reference) price, high, low, volume.
 */
export function TradeHeader({
  pair,
  pairs,
  favourite,
  onStar,
  onSwitch,
}: {
  pair: Quotation;
  pairs: Quotation[];
  favourite: boolean;
  onStar: () => void;
  onSwitch: (q: Quotation) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const direction = trend(pair.change);
  const fiat = useFiat();
  const quoteUsdt = quoteUsdtPrice(pair.legal_name, pairs);
  const fiatPrice = quoteUsdt && dec(pair.now_price).gt(0) ? dec(pair.now_price).times(dec(quoteUsdt)) : null;
  const shown = query.trim() ? matchPairs(pairs, query) : pairs;
  return (
    <>
      <header className="trade-head">
        <button type="button" className="pair-btn" onClick={() => setOpen(true)} data-testid="pair-switch" aria-haspopup="dialog">
          <b>{pair.symbol}</b>
          <IconCaret />
        </button>
        <div className="trade-head-actions">
          <button
            type="button"
            className={favourite ? "icon-btn star-btn on" : "icon-btn star-btn"}
            onClick={onStar}
            aria-pressed={favourite}
            aria-label={t(favourite ? "market.favourites.remove" : "market.favourites.add")}
            data-testid="trade-star"
          >
            <IconStar filled={favourite} />
          </button>
          <Link to="/transaction/currency_order" className="icon-btn" aria-label={t("trade.orders.title")} data-testid="orders-link">
            <IconOrders />
          </Link>
        </div>
      </header>
      <section className="ticker" aria-label={t("trade.ticker.label")}>
        <div className="ticker-main">
          <div className={`ticker-last num ${direction}`} data-testid="last-price">
            {formatPrice(pair.now_price, pair.price_precision)}
          </div>
          <div className="ticker-sub">
            {fiatPrice ? (
              <span className="num ticker-fiat" data-testid="price-fiat">
                ≈ {fiat.format(fiatPrice)}
              </span>
            ) : null}
            <span className={`num ${direction}`} data-testid="ticker-change">
              {formatChange(pair.change)}
            </span>
          </div>
          <div className="ticker-index">
            {t("trade.ticker.index")}{" "}
            <span className="num" data-testid="index-price">
              {pair.index_price ? formatPrice(pair.index_price, pair.price_precision) : "--"}
            </span>
          </div>
        </div>
        <dl className="ticker-stats">
          <div>
            <dt>{t("trade.ticker.high")}</dt>
            <dd className="num">{formatPrice(pair.high, pair.price_precision)}</dd>
          </div>
          <div>
            <dt>{t("trade.ticker.low")}</dt>
            <dd className="num">{formatPrice(pair.low, pair.price_precision)}</dd>
          </div>
          <div>
            <dt>{t("trade.ticker.volume", { coin: pair.currency_name })}</dt>
            <dd className="num">{formatVolume(pair.volume)}</dd>
          </div>
        </dl>
      </section>
      <Sheet open={open} title={t("trade.pairs.title")} onClose={() => setOpen(false)}>
        <div className="sheet-search">
          <input
            className="input"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t("market.search.placeholder")}
            aria-label={t("market.search.placeholder")}
            autoComplete="off"
          />
        </div>
        <div className="quote-list" data-testid="pair-sheet">
          {shown.length ? (
            shown.map((q) => (
              <QuoteRow
                key={q.id}
                quote={q}
                onOpen={(picked) => {
                  setOpen(false);
                  setQuery("");
                  onSwitch(picked);
                }}
              />
            ))
          ) : (
            <p className="faint sheet-empty">{t("market.search.noResult", { query: query.trim() })}</p>
          )}
        </div>
      </Sheet>
    </>
  );
}
