import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { IconChevron, IconSearch } from "../../components/icons.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { canDeposit, canWithdraw, coinsQuery } from "../../features/wallet/api.ts";
import { CoinAvatar } from "../../features/wallet/components/CoinAvatar.tsx";
import { useQuery } from "../../lib/query/useQuery.ts";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

/** Picks the coin to receive or withdraw, with a search box. */
export default function SelectPage() {
  useTexts("fund");
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const purpose = params.get("for") === "withdraw" ? "withdraw" : "receive";
  const [search, setSearch] = useState("");
  const query = useQuery(coinsQuery);

  const term = search.trim().toUpperCase();
  const coins = (query.data ?? [])
    .filter((c) => (purpose === "withdraw" ? canWithdraw(c) : canDeposit(c)))
    .filter((c) => !term || c.name.toUpperCase().includes(term));

  return (
    <>
      <NavBar title={purpose === "withdraw" ? t("fund.select.withdrawTitle") : t("fund.select.receiveTitle")} />
      <main className="content">
        <div className="input-group search-box">
          <span className="search-icon" aria-hidden="true">
            <IconSearch size={18} />
          </span>
          <input
            className="input"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t("fund.select.search")}
            aria-label={t("fund.select.search")}
          />
        </div>
        {query.error && !query.data ? (
          <ErrorView message={query.error.message} onRetry={query.reload} />
        ) : !query.data ? (
          <DelayedSpinner />
        ) : coins.length === 0 ? (
          <EmptyState text={term ? t("fund.select.noMatch") : t("common.noData")} />
        ) : (
          <div className="list">
            {coins.map((c) => (
              <Link key={c.id} className="list-item" to={`/fund/${purpose}?currency=${c.id}`} data-testid={`coin-${c.name}`}>
                <span className="row">
                  <CoinAvatar name={c.name} logo={c.logo} size={28} />
                  <strong>{c.name}</strong>
                </span>
                <IconChevron />
              </Link>
            ))}
          </div>
        )}
      </main>
    </>
  );
}
