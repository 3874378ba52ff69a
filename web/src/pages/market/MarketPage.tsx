import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { IconSearch, IconUser } from "../../components/icons.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import type { Quotation } from "../../features/market/api.ts";
import { roomName } from "../../features/market/api.ts";
import { QuoteRow, type Sort, SortHeader, sortQuotes } from "../../features/market/QuoteList.tsx";
import { allPairs, useFavourites, useLiveQuotes } from "../../features/market/quotes.ts";
import { useLoginPrompt } from "../../features/market/useLoginPrompt.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { StocksTab, StocksTabLabel } from "../../features/stocks/StocksTab.tsx";
import { toast } from "../../lib/ui.ts";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/market.css";

const FAVOURITES = "__fav";
const STOCKS = "__stocks";

/** The quotes tab: favourites, one tab per quote currency (live from the ALL room, sortable) and the stock pairs. */
export default function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const quotes = useLiveQuotes();
  const favs = useFavourites(token);
  const promptLogin = useLoginPrompt();
  const [tab, setTab] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort>(null);

  const open = (q: Quotation) => navigate(`/transaction/currency?symbol=${roomName(q.symbol)}`);
  const star = async (q: Quotation) => {
    const result = await favs.toggle(q.id);
    if (result === "login") promptLogin();
    else if (result === "added") toast(t("market.favourites.added"));
    else if (result === "removed") toast(t("market.favourites.removed"));
  };

  const search = (
    <Link to="/market/search" className="icon-btn" aria-label={t("market.search.title")} data-testid="market-search">
      <IconSearch size={22} />
    </Link>
  );
  const header = <NavBar title={t("market.title")} back={false} right={search} />;

  if (!quotes.groups) {
    return (
      <>
        {header}
        {quotes.error ? <ErrorView message={quotes.error.message} onRetry={quotes.reload} /> : <DelayedSpinner />}
      </>
    );
  }

  const groups = quotes.groups.filter((g) => g.quotation.length > 0);
  if (groups.length === 0) {
    return (
      <>
        {header}
        <EmptyState text={t("market.noPairs")} />
      </>
    );
  }
  const current = tab ?? groups[0]!.name;
  const rows =
    current === STOCKS
      ? []
      : current === FAVOURITES
        ? allPairs(groups).filter((q) => favs.favourites?.has(q.id))
        : (groups.find((g) => g.name === current) ?? groups[0]!).quotation;

  let body;
  if (current === STOCKS) {
    body = <StocksTab sort={sort} />;
  } else if (current === FAVOURITES && !token) {
    body = (
      <div className="login-prompt compact" data-testid="fav-login">
        <IconUser size={40} />
        <p>{t("market.favourites.login")}</p>
        <button type="button" className="btn btn-primary" onClick={() => navigate("/login?redirect=%2Fmarket")}>
          {t("common.goLogIn")}
        </button>
      </div>
    );
  } else if (current === FAVOURITES && favs.error) {
    body = <ErrorView message={favs.error.message} onRetry={favs.reload} />;
  } else if (current === FAVOURITES && !favs.favourites) {
    body = <DelayedSpinner />;
  } else if (rows.length === 0) {
    body = <EmptyState text={current === FAVOURITES ? t("market.favourites.empty") : t("market.noPairs")} />;
  } else {
    body = (
      <div className="quote-list" data-testid="quote-list">
        {sortQuotes(rows, sort).map((q) => (
          <QuoteRow key={q.id} quote={q} onOpen={open} favourite={favs.favourites?.has(q.id) ?? false} onStar={star} />
        ))}
      </div>
    );
  }

  return (
    <>
      {header}
      <div className="market-tabs" role="tablist">
        {[
          { key: FAVOURITES, label: t("market.tabs.favourites") },
          ...groups.map((g) => ({ key: g.name, label: g.name })),
          { key: STOCKS, label: <StocksTabLabel /> },
        ].map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={current === key}
            className={current === key ? "market-tab active" : "market-tab"}
            onClick={() => setTab(key)}
            data-testid={`market-tab-${key === FAVOURITES ? "fav" : key === STOCKS ? "stocks" : key}`}
          >
            {label}
          </button>
        ))}
      </div>
      <SortHeader sort={sort} onSort={setSort} />
      {body}
    </>
  );
}
