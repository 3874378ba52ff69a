import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { useTexts } from "../../lib/i18n.ts";
import { type Sort, sortQuotes } from "../market/QuoteList.tsx";
import { type StockQuotation, stockPath, useStocks } from "./api.ts";
import { StockRow } from "./StockList.tsx";

function Label() {
  useTexts("stocks");
  const { t } = useTranslation();
  return <>{t("stocks.tab")}</>;
}

/** The market list's tab label; its text area loads with it (the tab keeps its place meanwhile). */
export function StocksTabLabel() {
  return (
    <Suspense fallback={<span className="tab-label-placeholder">&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;</span>}>
      <Label />
    </Suspense>
  );
}

/** The market list's Stocks tab: each stock pair with its session; a pair opens its contract page. */
export function StocksTab({ sort }: { sort: Sort }) {
  useTexts("stocks");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stocks = useStocks();
  const open = (q: StockQuotation) => navigate(stockPath(q));
  if (!stocks.data) return stocks.error ? <ErrorView message={stocks.error.message} onRetry={stocks.reload} /> : <DelayedSpinner />;
  if (stocks.data.length === 0) return <EmptyState text={t("stocks.none")} />;
  return (
    <>
      <div className="quote-list" data-testid="stock-list">
        {sortQuotes(stocks.data, sort).map((q) => (
          <StockRow key={q.id} quote={q} onOpen={open} />
        ))}
      </div>
      <p className="faint stocks-hours">{t("stocks.hours")}</p>
    </>
  );
}
