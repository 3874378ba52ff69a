import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { type AccountName, isAccountName } from "../../features/wallet/accounts.ts";
import { shownAccounts } from "./shown-accounts.ts";
import { holdings, walletQuery } from "../../features/wallet/api.ts";
import { hideBalanceAtom } from "../../features/wallet/atoms.ts";
import { CoinAvatar } from "../../features/wallet/components/CoinAvatar.tsx";
import { LedgerRow } from "../../features/wallet/components/LedgerRow.tsx";
import { useLedger } from "../../features/wallet/useLedger.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { allPairs, quotationsQuery } from "../../features/market/quotes.ts";
import { roomName } from "../../features/market/api.ts";
import { D } from "../../lib/decimal.ts";
import { RecordList } from "./parts.tsx";
import "../../styles/fund.css";
import { balance, HIDDEN, money } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";

/** One coin: its balance in each account, the actions, and its ledger entries. */
export default function AssetsRecordPage() {
  useTexts("fund");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const hidden = useAtomValue(hideBalanceAtom);
  const [params, setParams] = useSearchParams();
  const currency = Number(params.get("currency"));
  const filter: AccountName | "all" = isAccountName(params.get("filter")) ? (params.get("filter") as AccountName) : "all";
  const wallet = useQuery(walletQuery(token));
  const ledger = useLedger({ currency, account: filter === "all" ? undefined : filter });
  const show = (text: string) => (hidden ? HIDDEN : text);

  const rows = wallet.data
    ? shownAccounts(wallet.data)
        .map((a) => ({ account: a, holding: holdings(wallet.data!, a).find((h) => h.currencyId === currency) }))
        .filter((r) => r.holding)
    : [];
  const name = rows[0]?.holding?.name ?? "";
  // The coin's market to trade it in (its USDT pair first); a coin without a market offers no Trade button.
  const quotes = useQuery(quotationsQuery);
  const markets = allPairs(quotes.data ?? null).filter((q) => q.currency_id === currency);
  const market = markets.find((q) => q.legal_name === "USDT") ?? markets[0];
  const tradePair = market ? roomName(market.symbol) : null;

  if (!Number.isInteger(currency) || currency <= 0) {
    return (
      <>
        <NavBar title={t("fund.record.title")} />
        <EmptyState text={t("fund.common.pickCoin")} />
      </>
    );
  }
  return (
    <>
      <NavBar title={name ? t("fund.record.titleCoin", { coin: name }) : t("fund.record.title")} />
      <main className="content stack">
        {wallet.error && !wallet.data ? (
          <ErrorView message={wallet.error.message} onRetry={wallet.reload} />
        ) : !wallet.data ? (
          <DelayedSpinner />
        ) : (
          <section className="card">
            <div className="row coin-title">
              <CoinAvatar name={name || "?"} size={32} />
              <h2 className="card-title">{name}</h2>
            </div>
            <table className="balance-table" data-testid="coin-balances">
              <thead>
                <tr>
                  <th>{t("fund.common.account")}</th>
                  <th className="right">{t("fund.common.available")}</th>
                  <th className="right">{t("fund.common.frozen")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ account, holding }) => (
                  <tr key={account} data-testid={`coin-balance-${account}`}>
                    <td>{t(`fund.accounts.${account}`)}</td>
                    <td className="right num" data-testid="available">
                      {show(balance(holding!.available, holding!.decimals))}
                    </td>
                    <td className="right num" data-testid="frozen">
                      {show(balance(holding!.locked, holding!.decimals))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {rows.some((r) => r.holding?.usdtValue) && (
              <p className="faint">
                {t("fund.record.valuation", {
                  value: show(money(rows.reduce((sum, r) => (r.holding?.usdtValue ? sum.plus(r.holding.usdtValue) : sum), new D(0)))),
                })}
              </p>
            )}
            <div className="coin-actions">
              {tradePair && (
                <Link className="btn btn-small btn-primary" to={`/transaction/currency?symbol=${tradePair}`} data-testid="coin-trade">
                  {t("fund.assets.trade")}
                </Link>
              )}
              <Link className="btn btn-small btn-ghost" to={`/fund/receive?currency=${currency}`}>
                {t("fund.assets.receive")}
              </Link>
              <Link className="btn btn-small btn-ghost" to={`/fund/withdraw?currency=${currency}`}>
                {t("fund.assets.withdraw")}
              </Link>
              <Link className="btn btn-small btn-ghost" to={`/fund/fundTransfer?currency=${currency}`}>
                {t("fund.assets.transfer")}
              </Link>
              <Link
                className="btn btn-small btn-ghost"
                to={`/fund/transfer?from=${currency}&coin=${encodeURIComponent(name)}`}
                data-testid="coin-convert"
              >
                {t("fund.assets.convert")}
              </Link>
            </div>
          </section>
        )}

        <h2 className="section-title">{t("fund.record.entries")}</h2>
        <div className="chips" role="tablist">
          {(["all", ...shownAccounts(wallet.data)] as const).map((a) => (
            <button
              key={a}
              type="button"
              role="tab"
              aria-selected={filter === a}
              className={`chip${filter === a ? " active" : ""}`}
              onClick={() => setParams({ currency: String(currency), filter: a }, { replace: true })}
            >
              {a === "all" ? t("fund.common.allAccounts") : t(`fund.accounts.${a}`)}
            </button>
          ))}
        </div>
        <RecordList
          list={ledger}
          render={(r) => <LedgerRow key={r.id} record={r} showCoin={false} />}
          empty={t("fund.record.noEntries")}
          testId="coin-ledger"
        />
      </main>
    </>
  );
}
