import { useAtomValue } from "jotai";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { type AccountName, isAccountName } from "../../features/wallet/accounts.ts";
import { shownAccounts } from "./shown-accounts.ts";
import { amountIssue } from "../../features/wallet/amount.ts";
import {
  coinDecimals,
  coinsQuery,
  displayDecimals,
  holdings,
  inAccount,
  transferBetweenAccounts,
  walletQuery,
} from "../../features/wallet/api.ts";
import { AmountField, amountIssueMessage } from "../../features/wallet/components/AmountField.tsx";
import { IconSwap } from "../../features/wallet/components/icons.tsx";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { dec } from "../../lib/decimal.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";
import { amount, balance } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";

/** One end of a transfer: an account the coin lives in. */
function AccountSelect({
  label,
  accounts,
  value,
  onChange,
  testId,
}: {
  label: string;
  accounts: AccountName[];
  value: AccountName;
  onChange: (a: AccountName) => void;
  testId: string;
}) {
  useTexts("fund");
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as AccountName)} data-testid={testId}>
        {accounts.map((a) => (
          <option key={a} value={a}>
            {t(`fund.accounts.${a}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Moves a coin between the caller's own accounts (no fee). */
export default function FundTransferPage() {
  useTexts("fund");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const coinId = useId();
  const [params] = useSearchParams();
  const coinsQ = useQuery(coinsQuery);
  // Balances read fresh on opening; the transfer invalidates them, so they are read again after it.
  const walletQ = useQuery({ ...walletQuery(token), staleTime: 0 });
  const [currency, setCurrency] = useState<number | null>(Number(params.get("currency")) || null);
  const [from, setFrom] = useState<AccountName>(isAccountName(params.get("from")) ? (params.get("from") as AccountName) : "change");
  const [to, setTo] = useState<AccountName>(isAccountName(params.get("to")) ? (params.get("to") as AccountName) : "legal");
  const form = useForm({ number: "" });
  const idem = useIdempotencyKey();

  const title = t("fund.transfer.title");
  const right = (
    <Link to="/fund/transfer_history" className="navbar-link">
      {t("fund.transfer.history")}
    </Link>
  );
  const failed = (coinsQ.error && !coinsQ.data ? coinsQ : null) ?? (walletQ.error && !walletQ.data ? walletQ : null);
  if (failed) {
    return (
      <>
        <NavBar title={title} right={right} />
        <ErrorView message={failed.error?.message} onRetry={failed.reload} />
      </>
    );
  }
  if (!coinsQ.data || !walletQ.data) {
    return (
      <>
        <NavBar title={title} right={right} />
        <DelayedSpinner />
      </>
    );
  }

  const coins = coinsQ.data;
  const wallet = walletQ.data;
  // Only accounts with a product behind them (or funds in them) are offered.
  const offered = shownAccounts(wallet);
  const movable = coins.filter((c) => offered.filter((a) => inAccount(c, a)).length >= 2);
  if (movable.length === 0) {
    return (
      <>
        <NavBar title={title} right={right} />
        <EmptyState text={t("fund.transfer.noCoins")} />
      </>
    );
  }
  const coin = movable.find((c) => c.id === currency) ?? movable.find((c) => c.name === "USDT") ?? movable[0]!;
  const accounts = offered.filter((a) => inAccount(coin, a));
  const fromAccount = accounts.includes(from) ? from : accounts[0]!;
  const toAccount = accounts.includes(to) && to !== fromAccount ? to : accounts.find((a) => a !== fromAccount)!;
  const available = holdings(wallet, fromAccount).find((h) => h.currencyId === coin.id)?.available ?? "0";
  const toBalance = holdings(wallet, toAccount).find((h) => h.currencyId === coin.id)?.available ?? "0";
  const decimals = coinDecimals(coin);
  const shown = displayDecimals(coin);

  const change = (patch: () => void) => {
    idem.reset();
    form.setErrors({});
    patch();
  };
  const pickFrom = (a: AccountName) =>
    change(() => {
      setFrom(a);
      if (a === toAccount) setTo(fromAccount);
      else setTo(toAccount);
    });
  const pickTo = (a: AccountName) =>
    change(() => {
      setTo(a);
      if (a === fromAccount) setFrom(toAccount);
      else setFrom(fromAccount);
    });
  const swap = () =>
    change(() => {
      setFrom(toAccount);
      setTo(fromAccount);
    });

  const value = form.values.number;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      () => ({
        number: amountIssueMessage(amountIssue(value, { decimals, max: available }), {
          coin: coin.name,
          decimals,
          max: balance(available, shown),
        }),
      }),
      async () => {
        const ok = await confirmDialog({
          title: t("fund.transfer.confirmTitle"),
          message: t("fund.transfer.confirmMessage", {
            amount: amount(value),
            coin: coin.name,
            from: t(`fund.accounts.${fromAccount}`),
            to: t(`fund.accounts.${toAccount}`),
          }),
        });
        if (!ok) return;
        // The transfer invalidates the balances (read again above) and the ledger; a retry reuses the same key.
        toast(
          await transferBetweenAccounts({ currency: coin.id, number: value, from: fromAccount, to: toAccount }, idem.current(), {
            silent: true,
          }),
        );
        idem.reset();
        form.set("number")("");
      },
    );
  };

  return (
    <>
      <NavBar title={title} right={right} />
      <form className="content stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={coinId}>{t("fund.common.coin")}</label>
          <select
            id={coinId}
            className="input"
            value={coin.id}
            onChange={(e) => change(() => setCurrency(Number(e.target.value)))}
            data-testid="transfer-coin"
          >
            {movable.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>

        <div className="transfer-box card">
          <div className="transfer-ends">
            <AccountSelect
              label={t("fund.transfer.from")}
              accounts={accounts}
              value={fromAccount}
              onChange={pickFrom}
              testId="transfer-from"
            />
            <AccountSelect label={t("fund.transfer.to")} accounts={accounts} value={toAccount} onChange={pickTo} testId="transfer-to" />
          </div>
          <button type="button" className="swap-btn" onClick={swap} aria-label={t("fund.transfer.swap")} data-testid="transfer-swap">
            <IconSwap size={20} />
          </button>
        </div>

        <AmountField
          label={t("fund.transfer.amount")}
          value={value}
          onChange={(v, why) => change(() => form.amount("number").onChange(v, why))}
          unit={coin.name}
          decimals={decimals}
          onAll={() => change(() => form.set("number")(dec(available).toFixed()))}
          hint={t("fund.transfer.available", { amount: balance(available, shown), coin: coin.name })}
          error={form.errors.number}
          disabled={form.submitting}
          testId="transfer-amount"
        />
        <dl className="kv summary">
          <dt>{t("fund.transfer.fromBalance", { account: t(`fund.accounts.${fromAccount}`) })}</dt>
          <dd className="num" data-testid="transfer-from-balance">{`${balance(available, shown)} ${coin.name}`}</dd>
          <dt>{t("fund.transfer.toBalance", { account: t(`fund.accounts.${toAccount}`) })}</dt>
          <dd className="num" data-testid="transfer-to-balance">{`${balance(toBalance, shown)} ${coin.name}`}</dd>
          <dt>{t("fund.transfer.fee")}</dt>
          <dd className="num">{`0 ${coin.name}`}</dd>
        </dl>
        <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting}>
          {form.submitting ? t("fund.common.submitting") : t("fund.transfer.submit")}
        </button>
      </form>
    </>
  );
}
