import { useAtom, useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { IconChevron, IconEye, IconEyeOff } from "../../components/icons.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { useFiat } from "../../features/preferences/fiat.ts";
import { EarnPositions } from "../../features/earn/components/EarnPositions.tsx";
import { LoanPositions } from "../../features/loans/LoanPositions.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { type AccountName, isAccountName } from "../../features/wallet/accounts.ts";
import { holdings, totalUsdt, walletQuery } from "../../features/wallet/api.ts";
import { shownAccounts } from "./shown-accounts.ts";
import { hideBalanceAtom } from "../../features/wallet/atoms.ts";
import { CoinAvatar } from "../../features/wallet/components/CoinAvatar.tsx";
import { IconConvert, IconReceive, IconRecords, IconSend, IconSwap } from "../../features/wallet/components/icons.tsx";
import { useQuery } from "../../lib/query/useQuery.ts";
import { dec } from "../../lib/decimal.ts";
import "../../styles/fund.css";
import { amount, balance, HIDDEN, money } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";

/** The assets tab: total in USDT and in the chosen fiat, the four accounts, and the money actions. */
export default function AssetsPage() {
  useTexts("fund");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [hidden, setHidden] = useAtom(hideBalanceAtom);
  const fiat = useFiat();
  const [params, setParams] = useSearchParams();
  const asked: AccountName = isAccountName(params.get("account")) ? (params.get("account") as AccountName) : "change";
  // The assets page always shows fresh balances (fills change them without a money action here).
  const query = useQuery({ ...walletQuery(token), staleTime: 0 });
  const show = (text: string) => (hidden ? HIDDEN : text);

  const list = query.data;
  // An account without a product (and without funds) is not offered, even by a link that names it.
  const accounts = shownAccounts(list);
  const account = accounts.includes(asked) ? asked : "change";
  const total = list ? totalUsdt(list) : null;
  const rows = list ? holdings(list, account) : [];
  const accountTotal = list ? dec(list[`${account}_wallet`].usdt_totle) : null;

  return (
    <main className="fund-assets">
      <header className="assets-hero">
        <div className="row-between">
          <h1 className="assets-title">{t("fund.assets.total")}</h1>
          <button
            type="button"
            className="icon-btn"
            onClick={() => setHidden(!hidden)}
            aria-label={hidden ? t("fund.assets.show") : t("fund.assets.hide")}
            aria-pressed={hidden}
            data-testid="toggle-hide"
          >
            {hidden ? <IconEyeOff size={20} /> : <IconEye size={20} />}
          </button>
        </div>
        <div className="assets-total num" data-testid="assets-total">
          {total ? show(money(total)) : "--"} <small>USDT</small>
        </div>
        <div className="assets-fiat num" data-testid="assets-fiat">
          {total ? (hidden ? `≈ ${HIDDEN}` : t("fund.assets.approx", { value: fiat.format(total), code: fiat.code })) : " "}
        </div>
        <nav className="assets-actions">
          <Link to="/fund/select?for=receive" className="assets-action">
            <span className="assets-action-icon">
              <IconReceive />
            </span>
            {t("fund.assets.receive")}
          </Link>
          <Link to="/fund/select?for=withdraw" className="assets-action">
            <span className="assets-action-icon">
              <IconSend />
            </span>
            {t("fund.assets.withdraw")}
          </Link>
          <Link to="/fund/fundTransfer" className="assets-action">
            <span className="assets-action-icon">
              <IconSwap />
            </span>
            {t("fund.assets.transfer")}
          </Link>
          <Link to="/fund/transfer" className="assets-action" data-testid="assets-convert">
            <span className="assets-action-icon">
              <IconConvert />
            </span>
            {t("fund.assets.convert")}
          </Link>
          <Link to="/fund/receive_withdraw_record" className="assets-action">
            <span className="assets-action-icon">
              <IconRecords />
            </span>
            {t("fund.assets.records")}
          </Link>
        </nav>
      </header>

      <div className="account-tabs" role="tablist" aria-label={t("fund.assets.accounts")}>
        {accounts.map((a) => (
          <button
            key={a}
            type="button"
            role="tab"
            aria-selected={a === account}
            className={a === account ? "active" : ""}
            onClick={() => setParams({ account: a }, { replace: true })}
            data-testid={`account-tab-${a}`}
          >
            {t(`fund.accounts.${a}`)}
          </button>
        ))}
      </div>

      <section className="section">
        <div className="row-between account-summary">
          <div>
            <div className="faint">{t("fund.assets.accountValue", { account: t(`fund.accounts.${account}`) })}</div>
            <div className="account-total num" data-testid="account-total">
              {accountTotal ? show(money(accountTotal)) : "--"} <small>USDT</small>
            </div>
          </div>
          <div className="account-links">
            <Link className="link-more" to="/setting/bill" data-testid="assets-bill">
              {t("fund.assets.bill")}
              <IconChevron size={14} />
            </Link>
            <Link className="link-more" to="/fund/assets_all_record">
              {t("fund.assets.allRecords")}
              <IconChevron size={14} />
            </Link>
          </div>
        </div>

        <EarnPositions format={(v) => show(amount(v))} />
        <LoanPositions format={(v) => show(amount(v))} />
        {query.error && !list ? (
          <ErrorView message={query.error.message} onRetry={query.reload} />
        ) : !list ? (
          <DelayedSpinner />
        ) : rows.length === 0 ? (
          <EmptyState text={t("fund.assets.noCoins")} />
        ) : (
          <ul className="holding-list" data-testid={`holdings-${account}`}>
            {rows.map((h) => (
              <li key={h.currencyId}>
                <Link
                  className="holding"
                  to={`/fund/assets_record?currency=${h.currencyId}&account=${account}`}
                  data-testid={`holding-${account}-${h.name}`}
                >
                  <div className="holding-head">
                    <CoinAvatar name={h.name} size={28} />
                    <strong>{h.name}</strong>
                    <span className="holding-value faint num">{h.usdtValue ? `≈ ${show(money(h.usdtValue))} USDT` : ""}</span>
                  </div>
                  <div className="holding-cols">
                    <div>
                      <span className="faint">{t("fund.common.available")}</span>
                      <span className="num" data-testid="available">
                        {show(balance(h.available, h.decimals))}
                      </span>
                    </div>
                    <div>
                      <span className="faint">{t("fund.common.frozen")}</span>
                      <span className="num" data-testid="frozen">
                        {show(balance(h.locked, h.decimals))}
                      </span>
                    </div>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
