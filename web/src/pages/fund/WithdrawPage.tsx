import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { DAILY_LIMIT_BTC } from "../../../../schema/api/money.ts";
import { OwnCodeField, ownAddress } from "../../features/auth/components/OwnCodeField.tsx";
import { loadUser } from "../../features/session/session.ts";
import { amountIssue } from "../../features/wallet/amount.ts";
import { fetchCoinInfo, requestWithdrawal } from "../../features/wallet/api.ts";
import { AmountField, amountIssueMessage } from "../../features/wallet/components/AmountField.tsx";
import { chainsForCurrency, fetchAddresses, fetchBankCard, fetchInternationalCard } from "../../features/wallet/destinations.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { useLater } from "../../hooks/useLater.ts";
import { type FieldErrors, fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { D, dec } from "../../lib/decimal.ts";
import { formatDate } from "../../lib/time.ts";
import { REDIRECT_DELAY_MS, confirmDialog, toast } from "../../lib/ui.ts";
import { CoinPageState } from "./parts.tsx";
import "../../styles/fund.css";
import { amount, balance as formatBalance } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";

type DestType = 0 | 1 | 2;

/**
 * Withdraw a coin to a saved address, the bank card or the international bank; fee and minimum from configuration.
 * Besides the pay password a fresh code to the account's own email or mobile is asked for; the address's network is
 * shown on the form and in the confirmation, and an address still in its 24-hour wait cannot be chosen.
 */
export default function WithdrawPage() {
  useTexts("fund", "security", "setting");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const passwordId = useId();
  const [params] = useSearchParams();
  const currency = Number(params.get("currency"));
  const valid = Number.isInteger(currency) && currency > 0;
  const load = async () => {
    if (!valid) return null;
    const [info, addresses, card, intl, user] = await Promise.all([
      fetchCoinInfo(currency),
      fetchAddresses(1, 100),
      fetchBankCard(),
      fetchInternationalCard(),
      loadUser({ silent: true }),
    ]);
    return { info, addresses: addresses.data.filter((a) => a.currency === currency), card, intl: intl.data, user };
  };
  const query = useQuery({ key: [Q.coinInfo, "withdraw", currency], load });
  const [type, setType] = useState<DestType>(0);
  // `destination`: the chosen saved address's id (type 0); its message also says when a card must be bound first.
  const form = useForm({ destination: "", number: "", pay_password: "", code: "" });
  // Stays true once the request went through, while the page waits to leave for the records.
  const [sent, setSent] = useState(false);
  // When the page opened: an address still in its 24-hour wait stays unusable until the page is opened again.
  const [now] = useState(Date.now);
  const idem = useIdempotencyKey();

  const title = query.data ? t("fund.withdraw.titleCoin", { coin: query.data.info.name }) : t("fund.withdraw.title");
  if (!valid || !query.data) {
    return <CoinPageState title={title} purpose="withdraw" valid={valid} error={query.error} onRetry={query.reload} />;
  }

  const { info, addresses, card, intl, user } = query.data;
  const coin = info.name;
  const decimals = info.precision;
  const balance = info.change_balance;
  const fee = info.rate;
  const { values, errors, set } = form;
  const message = (field: keyof typeof errors) => (errors[field] ? fieldMessageText(t, errors[field]) : undefined);
  const busy = form.submitting || sent;
  const usable = addresses.filter((a) => a.usable_at <= now);
  const selected = usable.find((a) => String(a.id) === values.destination) ?? (usable.length === 1 ? usable[0] : undefined);
  const network = (chain: string) => t(`security.networks.${chain as "BTC" | "ETH" | "TRON"}`, { defaultValue: chain });
  const receive = (() => {
    const issue = amountIssue(values.number, { decimals });
    if (issue) return null;
    const r = dec(values.number).minus(dec(fee));
    return r.gt(0) ? r : new D(0);
  })();
  const level = user.real_state.level;
  const bankCard = type === 1 ? card : type === 2 ? intl : null;

  const change = (patch: () => void) => {
    idem.reset();
    patch();
  };

  const destinationText = () => {
    if (type === 0) return selected ? `${selected.name} · ${selected.address}` : "";
    return bankCard ? `${bankCard.bank_name} ${bankCard.bank_account}` : "";
  };

  const check = (): FieldErrors<keyof typeof values> => ({
    number: amountIssueMessage(amountIssue(values.number, { decimals, min: info.min_number, above: fee, max: balance }), {
      coin,
      decimals,
      min: amount(info.min_number),
      max: formatBalance(balance, info.display_decimals),
      fee: amount(fee),
    }),
    destination:
      type === 0
        ? selected
          ? undefined
          : { key: "fund.withdraw.pickAddress" }
        : bankCard
          ? undefined
          : { key: "fund.withdraw.bindCardFirst" },
    pay_password: values.pay_password ? undefined : { key: "fund.withdraw.passwordRequired" },
    code: !values.code
      ? { key: "security.withdraw.codeRequired" }
      : /^\d{6}$/.test(values.code)
        ? undefined
        : { key: "security.withdraw.codeInvalid" },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(check, async () => {
      const figures = { amount: amount(values.number), fee: amount(fee), receive: amount(receive ?? 0), coin, to: destinationText() };
      const ok = await confirmDialog({
        title: t("fund.withdraw.confirmTitle"),
        message:
          type === 0 && selected
            ? t("security.withdraw.confirmMessage", { ...figures, network: network(selected.chain) })
            : t("fund.withdraw.confirmMessage", figures),
      });
      if (!ok) return;
      // The request invalidates the balances and the withdrawal records the page goes to; a retry reuses the same key.
      const address = type === 0 ? String(selected!.id) : undefined;
      const { number, pay_password, code } = values;
      toast(await requestWithdrawal({ currency, number, type, address, pay_password, code }, idem.current()));
      idem.reset();
      setSent(true);
      later(() => navigate("/fund/receive_withdraw_record?tab=withdraw", { replace: true }), REDIRECT_DELAY_MS);
    });
  };

  return (
    <>
      <NavBar
        title={title}
        right={
          <Link to="/fund/receive_withdraw_record?tab=withdraw" className="navbar-link">
            {t("fund.assets.records")}
          </Link>
        }
      />
      <form className="content stack" onSubmit={submit} noValidate>
        {level === 0 && user.real_state.status === "auditing" && (
          <p className="notice" data-testid="withdraw-kyc-reviewing">
            {t("security.withdraw.kycReviewing")}
          </p>
        )}
        {level === 0 && user.real_state.status !== "auditing" && (
          <p className="notice notice-warn" data-testid="withdraw-need-kyc">
            {t("fund.withdraw.needKyc")} <Link to="/setting/real_mark">{t("fund.withdraw.goKyc")}</Link>
          </p>
        )}
        {!ownAddress(user) && (
          <p className="notice notice-warn" data-testid="withdraw-need-contact">
            {t("security.withdraw.noCodeAddress")} <Link to="/setting/security">{t("setting.securityPage.title")}</Link>
          </p>
        )}
        {!user.has_pay_password && (
          <p className="notice notice-warn" data-testid="withdraw-need-paypw">
            {t("fund.withdraw.needPayPassword")} <Link to="/setting/payPassword">{t("fund.withdraw.goPayPassword")}</Link>
          </p>
        )}

        <div className="field">
          <span className="field-label">{t("fund.withdraw.destination")}</span>
          <div className="segmented" role="radiogroup" aria-label={t("fund.withdraw.destination")}>
            {([0, 1, 2] as const).map((d) => (
              <button
                key={d}
                type="button"
                role="radio"
                aria-checked={type === d}
                className={type === d ? "active" : ""}
                onClick={() =>
                  change(() => {
                    setType(d);
                    form.setErrors((e) => ({ ...e, destination: undefined }));
                  })
                }
                data-testid={`dest-${d}`}
              >
                {t(`fund.withdraw.types.${d}`)}
              </button>
            ))}
          </div>
        </div>

        {type === 0 ? (
          <div className="field">
            <span className="field-label">{t("fund.withdraw.address")}</span>
            {addresses.length === 0 && !chainsForCurrency(coin) ? (
              <div className="notice">{t("fund.withdraw.noAddressFormat", { coin })}</div>
            ) : addresses.length === 0 ? (
              <div className="notice">
                {t("fund.withdraw.noAddress", { coin })}{" "}
                <Link to={`/setting/addWallet?currency=${currency}`}>{t("fund.withdraw.addAddress")}</Link>
              </div>
            ) : (
              <div className="list" role="radiogroup" aria-label={t("fund.withdraw.address")}>
                {addresses.map((a) => (
                  <button
                    key={a.id}
                    type="button"
                    role="radio"
                    aria-checked={selected?.id === a.id}
                    className={`list-item address-option${selected?.id === a.id ? " selected" : ""}`}
                    onClick={() => change(() => set("destination")(String(a.id)))}
                    disabled={a.usable_at > now}
                    data-testid={`withdraw-address-${a.id}`}
                  >
                    <span className="address-option-text">
                      <strong>{a.name}</strong>
                      <span className="chip chip-static address-network" data-testid="address-network">
                        {network(a.chain)}
                      </span>
                      <span className="mono faint break">{a.address}</span>
                      {a.usable_at > now && (
                        <span className="chip chip-static address-wait" data-testid="address-usable-from">
                          {t("security.addresses.usableFrom", { time: formatDate(a.usable_at, true) })}
                        </span>
                      )}
                    </span>
                    <span className="radio-dot" aria-hidden="true" />
                  </button>
                ))}
                <Link className="list-item add-link" to={`/setting/addWallet?currency=${currency}`}>
                  {t("fund.withdraw.addAddress")}
                </Link>
              </div>
            )}
            <span className="field-error" role={errors.destination ? "alert" : undefined}>
              {message("destination")}
            </span>
          </div>
        ) : (
          <div className="field">
            <span className="field-label">{t(`fund.withdraw.types.${type}`)}</span>
            {bankCard ? (
              <div className="card card-tight" data-testid="withdraw-card">
                <strong>{bankCard.bank_name}</strong>
                <div className="mono">{bankCard.bank_account}</div>
                <div className="faint">{bankCard.real_name}</div>
              </div>
            ) : (
              <div className="notice">
                {t("fund.withdraw.noCard")}{" "}
                <Link to={type === 1 ? "/setting/bank" : "/setting/bank_international"}>{t("fund.withdraw.bindCard")}</Link>
              </div>
            )}
            <span className="field-error" role={errors.destination ? "alert" : undefined}>
              {message("destination")}
            </span>
          </div>
        )}

        <AmountField
          label={t("fund.withdraw.amount")}
          value={values.number}
          onChange={(v, why) => change(() => form.amount("number").onChange(v, why))}
          unit={coin}
          decimals={decimals}
          onAll={() => change(() => set("number")(dec(balance).toFixed()))}
          hint={t("fund.withdraw.availableHint", { amount: formatBalance(balance, info.display_decimals), coin })}
          error={errors.number}
          disabled={busy}
          testId="withdraw-amount"
        />

        <dl className="kv summary">
          {type === 0 && selected && (
            <>
              <dt>{t("security.withdraw.network")}</dt>
              <dd data-testid="withdraw-network">{network(selected.chain)}</dd>
            </>
          )}
          <dt>{t("fund.withdraw.available")}</dt>
          <dd className="num" data-testid="withdraw-available">{`${formatBalance(balance, info.display_decimals)} ${coin}`}</dd>
          <dt>{t("fund.withdraw.minimum")}</dt>
          <dd className="num">{`${amount(info.min_number)} ${coin}`}</dd>
          <dt>{t("fund.withdraw.fee")}</dt>
          <dd className="num" data-testid="withdraw-fee">{`${amount(fee)} ${coin}`}</dd>
          <dt>{t("fund.withdraw.receive")}</dt>
          <dd className="num strong" data-testid="withdraw-receive">
            {receive ? `${amount(receive)} ${coin}` : "--"}
          </dd>
        </dl>

        <div className="field">
          <label htmlFor={passwordId}>{t("fund.withdraw.payPassword")}</label>
          <input
            id={passwordId}
            className="input"
            type="password"
            autoComplete="off"
            value={values.pay_password}
            maxLength={64}
            placeholder={t("fund.withdraw.payPasswordPlaceholder")}
            aria-invalid={Boolean(errors.pay_password)}
            aria-describedby={`${passwordId}-error`}
            onChange={(e) => change(() => set("pay_password")(e.target.value))}
            data-testid="withdraw-password"
          />
          <span id={`${passwordId}-error`} className="field-error" role={errors.pay_password ? "alert" : undefined}>
            {message("pay_password")}
          </span>
        </div>

        <OwnCodeField
          user={user}
          scene="withdraw"
          id="withdraw-code"
          value={values.code}
          onChange={(v) => change(() => set("code")(v))}
          error={errors.code}
        />

        <p className="faint limit-note">
          {level >= 1
            ? t("fund.withdraw.limitNote", { limit: DAILY_LIMIT_BTC[level >= 2 ? 2 : 1], level: level >= 2 ? 2 : 1 })
            : t("fund.withdraw.limitNoteNone")}
        </p>

        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("fund.common.submitting") : t("fund.withdraw.submit")}
        </button>
      </form>
    </>
  );
}
