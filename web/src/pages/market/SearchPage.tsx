import { useAtom } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { IconClose, IconSearch } from "../../components/icons.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { type Quotation, roomName } from "../../features/market/api.ts";
import { recentSearchesAtom } from "../../features/market/atoms.ts";
import { QuoteRow } from "../../features/market/QuoteList.tsx";
import { allPairs, matchPairs, useLiveQuotes } from "../../features/market/quotes.ts";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/market.css";

const MAX_RECENT = 10;

/** Market search: by symbol, with recent searches and an empty state. */
export default function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const quotes = useLiveQuotes();
  const [query, setQuery] = useState("");
  const [recent, setRecent] = useAtom(recentSearchesAtom);

  const open = (q: Quotation) => {
    setRecent([q.symbol, ...recent.filter((s) => s !== q.symbol)].slice(0, MAX_RECENT));
    navigate(`/transaction/currency?symbol=${roomName(q.symbol)}`);
  };

  const pairs = allPairs(quotes.groups);
  const results = matchPairs(pairs, query);
  const recentPairs = recent.map((s) => pairs.find((p) => p.symbol === s)).filter((p): p is Quotation => p !== undefined);

  let body;
  if (!quotes.groups) {
    body = quotes.error ? <ErrorView message={quotes.error.message} onRetry={quotes.reload} /> : <DelayedSpinner />;
  } else if (query.trim()) {
    body = results.length ? (
      <div className="quote-list" data-testid="search-results">
        {results.map((q) => (
          <QuoteRow key={q.id} quote={q} onOpen={open} />
        ))}
      </div>
    ) : (
      <EmptyState text={t("market.search.noResult", { query: query.trim() })} />
    );
  } else {
    body = (
      <>
        {recentPairs.length > 0 && (
          <section className="section">
            <div className="section-title">
              <span>{t("market.search.recent")}</span>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => setRecent([])} data-testid="clear-recent">
                {t("market.search.clear")}
              </button>
            </div>
            <div className="chips">
              {recentPairs.map((q) => (
                <button key={q.symbol} type="button" className="chip" onClick={() => open(q)}>
                  {q.symbol}
                </button>
              ))}
            </div>
          </section>
        )}
        <div className="section-title section-pad">{t("market.search.all")}</div>
        {pairs.length ? (
          <div className="quote-list">
            {pairs.map((q) => (
              <QuoteRow key={q.id} quote={q} onOpen={open} />
            ))}
          </div>
        ) : (
          <EmptyState text={t("market.noPairs")} />
        )}
      </>
    );
  }

  return (
    <>
      <NavBar title={t("market.search.title")} />
      <div className="search-bar">
        <div className="input-group">
          <span className="search-icon">
            <IconSearch size={18} />
          </span>
          <input
            className="input"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t("market.search.placeholder")}
            aria-label={t("market.search.placeholder")}
            autoFocus
            autoCapitalize="characters"
            autoComplete="off"
            data-testid="search-input"
          />
          {query && (
            <button type="button" className="icon-btn" onClick={() => setQuery("")} aria-label={t("market.search.clearQuery")}>
              <IconClose size={16} />
            </button>
          )}
        </div>
      </div>
      {body}
    </>
  );
}
