import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatChange, formatPrice, trend } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { stockPath, useStocks } from "./api.ts";
import { SessionBadge } from "./StockList.tsx";

/** Home's Stocks board: every stock pair with its session, price and change; a tap opens its contract page. */
export function HomeStocks() {
  useTexts("stocks");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stocks = useStocks();
  if (!stocks.data) {
    return stocks.error ? (
      <div className="section-error" role="alert">
        <span>{t("common.loadFailed")}</span>
        <button type="button" className="btn btn-ghost btn-small" onClick={stocks.reload}>
          {t("common.retry")}
        </button>
      </div>
    ) : (
      <div className="home-quotes-skeleton" aria-hidden="true" />
    );
  }
  if (stocks.data.length === 0) return <p className="faint home-quotes-empty">{t("stocks.none")}</p>;
  return (
    <div className="home-quotes" data-testid="home-stocks">
      {stocks.data.map((q) => {
        const dir = trend(q.change);
        return (
          <button key={q.id} type="button" className="home-quote" onClick={() => navigate(stockPath(q))} data-testid="home-stock">
            <span className="pair">
              <b>{q.currency_name}</b>
              <SessionBadge quote={q} />
            </span>
            <span className={`num ${dir}`}>{formatPrice(q.now_price, q.price_precision)}</span>
            <span className={`change-pill num ${dir}`}>{formatChange(q.change)}</span>
          </button>
        );
      })}
    </div>
  );
}
