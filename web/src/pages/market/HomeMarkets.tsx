import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { type Quotation, roomName } from "../../features/market/api.ts";
import { allPairs, useLiveQuotes } from "../../features/market/quotes.ts";
import { HomeStocks } from "../../features/stocks/HomeStocks.tsx";
import { StocksTabLabel } from "../../features/stocks/StocksTab.tsx";
import { dec } from "../../lib/decimal.ts";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/market.css";
import { formatChange, formatPrice, formatVolume, trend } from "../../lib/format.ts";

type Board = "gainers" | "losers" | "volume" | "stocks";
const BOARDS: Board[] = ["gainers", "losers", "volume", "stocks"];
const TOP = 5;

/** 24 h turnover in the quote coin (volume × last price), so pairs compare fairly. */
const turnover = (q: Quotation) => dec(q.volume).times(dec(q.now_price));

function board(pairs: Quotation[], which: Exclude<Board, "stocks">): Quotation[] {
  const sorted = [...pairs].sort((a, b) => {
    if (which === "gainers") return dec(b.change).comparedTo(dec(a.change));
    if (which === "losers") return dec(a.change).comparedTo(dec(b.change));
    return turnover(b).comparedTo(turnover(a));
  });
  return sorted.slice(0, TOP);
}

/**
 * Home's live quotes: the top pairs by gain, loss or turnover, live from the ALL
 * room, and the stock pairs. Deliberately light (no chart code): it ships in the home chunk.
 */
export function HomeMarkets() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const quotes = useLiveQuotes();
  const [which, setWhich] = useState<Board>("gainers");
  const pairs = allPairs(quotes.groups);

  let body;
  if (which === "stocks") {
    body = <HomeStocks />;
  } else if (!quotes.groups) {
    body = quotes.error ? (
      <div className="section-error" role="alert">
        <span>{t("common.loadFailed")}</span>
        <button type="button" className="btn btn-ghost btn-small" onClick={quotes.reload}>
          {t("common.retry")}
        </button>
      </div>
    ) : (
      <div className="home-quotes-skeleton" aria-hidden="true" />
    );
  } else if (!pairs.length) {
    body = <p className="faint home-quotes-empty">{t("market.noPairs")}</p>;
  } else {
    body = (
      <div className="home-quotes" data-testid="home-quotes">
        {board(pairs, which as Exclude<Board, "stocks">).map((q) => {
          const dir = trend(q.change);
          return (
            <button
              key={q.id}
              type="button"
              className="home-quote"
              onClick={() => navigate(`/transaction/currency?symbol=${roomName(q.symbol)}`)}
              data-testid="home-quote"
            >
              <span className="pair">
                <b>{q.currency_name}</b>
                <span className="faint">/{q.legal_name}</span>
              </span>
              <span className={`num ${dir}`}>{formatPrice(q.now_price, q.price_precision)}</span>
              {which === "volume" ? (
                <span className="num volume-cell">{`${formatVolume(turnover(q).toFixed())} ${q.legal_name}`}</span>
              ) : (
                <span className={`change-pill num ${dir}`}>{formatChange(q.change)}</span>
              )}
            </button>
          );
        })}
      </div>
    );
  }

  return (
    <section className="home-section home-markets" aria-label={t("market.home.title")}>
      <div className="section-title">
        <div className="home-boards" role="tablist">
          {BOARDS.map((b) => (
            <button
              key={b}
              type="button"
              role="tab"
              aria-selected={which === b}
              className={which === b ? "active" : ""}
              onClick={() => setWhich(b)}
              data-testid={`home-board-${b}`}
            >
              {b === "stocks" ? <StocksTabLabel /> : t(`market.home.${b}`)}
            </button>
          ))}
        </div>
        <Link to="/market" className="faint">
          {t("market.home.more")}
        </Link>
      </div>
      {body}
    </section>
  );
}
