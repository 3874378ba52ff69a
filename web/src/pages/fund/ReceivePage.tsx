import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { TX_HASH_MAX, canonicalTxHash, txHashFormat } from "../../../../schema/api/money.ts";
import { ImageUpload } from "../../components/ImageUpload.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState } from "../../components/States.tsx";
import { amountIssue } from "../../features/wallet/amount.ts";
import { fetchCoinInfo, fetchDepositAddresses, requestDeposit } from "../../features/wallet/api.ts";
import { AmountField, amountIssueMessage } from "../../features/wallet/components/AmountField.tsx";
import { QrCode } from "../../features/qr/QrCode.tsx";
import { IconCopy } from "../../features/wallet/components/icons.tsx";
import { copyText } from "../../features/wallet/copy.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { useLater } from "../../hooks/useLater.ts";
import { type FieldErrors, type FieldMessage, fieldMessageText } from "../../lib/form/messages.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { REDIRECT_DELAY_MS, confirmDialog, toast } from "../../lib/ui.ts";
import { CoinPageState } from "./parts.tsx";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";
import { amount } from "../../lib/format.ts";

/**
 * Deposit: the coin's addresses per chain with a QR code (a local demo placeholder says so), then the
 * request with the transaction hash (checked against the network's format) and the payment voucher.
 */
export default function ReceivePage() {
  useTexts("fund", "support");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const [params] = useSearchParams();
  const currency = Number(params.get("currency"));
  const valid = Number.isInteger(currency) && currency > 0;
  const query = useQuery({
    key: [Q.depositAddresses, "receive", currency],
    load: async () => (valid ? Promise.all([fetchCoinInfo(currency), fetchDepositAddresses(currency)]) : null),
  });
  const [chainIndex, setChainIndex] = useState(0);
  const form = useForm({ amount: "", tx_hash: "", voucher: "" });
  // Stays true once the request went through, while the page waits to leave for the records.
  const [sent, setSent] = useState(false);
  const idem = useIdempotencyKey();

  if (!valid || !query.data) {
    return <CoinPageState title={t("fund.receive.title")} purpose="receive" valid={valid} error={query.error} onRetry={query.reload} />;
  }

  const [info, addresses] = query.data;
  const coin = info.name;
  const decimals = info.precision;
  const current = addresses[Math.min(chainIndex, addresses.length - 1)];
  const network = current?.chain || coin;

  /** The hash is checked against the network's format here and again by the server. */
  const txHashError = (text: string): FieldMessage | undefined => {
    if (!text.trim()) return { key: "fund.receive.txHashRequired" };
    return canonicalTxHash(network, text)
      ? undefined
      : { key: `fund.receive.txHashFormat.${txHashFormat(network)}`, values: { chain: network } };
  };
  const { values, errors } = form;
  const message = (field: keyof typeof errors) => (errors[field] ? fieldMessageText(t, errors[field]) : undefined);
  const busy = form.submitting || sent;

  const change = (patch: () => void) => {
    idem.reset();
    patch();
  };

  const copy = async () => {
    if (!current) return;
    toast((await copyText(current.address)) ? t("common.copied") : t("fund.receive.copyFailed"));
  };

  const check = (): FieldErrors<keyof typeof values> => ({
    amount: amountIssueMessage(amountIssue(values.amount, { decimals }), { coin, decimals }),
    tx_hash: txHashError(values.tx_hash),
    voucher: values.voucher ? undefined : { key: "fund.receive.voucherRequired" },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const txHash = values.tx_hash.trim();
    void form.submit(check, async () => {
      const ok = await confirmDialog({
        title: t("fund.receive.confirmTitle"),
        message: t("fund.receive.confirmMessage", { amount: amount(values.amount), coin, chain: network, hash: txHash }),
      });
      if (!ok) return;
      // The request invalidates the wallet and the deposit records the page goes to; a retry reuses the same key.
      const chain = current?.chain ?? "";
      toast(await requestDeposit({ voucher: values.voucher, amount: values.amount, currency, chain, txHash }, idem.current()));
      idem.reset();
      setSent(true);
      later(() => navigate("/fund/receive_withdraw_record?tab=deposit", { replace: true }), REDIRECT_DELAY_MS);
    });
  };

  return (
    <>
      <NavBar title={t("fund.receive.titleCoin", { coin })} />
      <main className="content stack">
        {addresses.length === 0 ? (
          <section className="card">
            <EmptyState text={t("fund.receive.noAddress")}>
              <Link to="/kefu" className="btn btn-ghost btn-small">
                {t("support.entry")}
              </Link>
            </EmptyState>
          </section>
        ) : (
          <section className="card receive-card">
            {addresses.length > 1 && (
              <div className="field">
                <span className="field-label">{t("fund.receive.chain")}</span>
                <div className="chips" role="radiogroup" aria-label={t("fund.receive.chain")}>
                  {addresses.map((a, i) => (
                    <button
                      key={`${a.chain}-${a.address}`}
                      type="button"
                      role="radio"
                      aria-checked={i === chainIndex}
                      className={`chip${i === chainIndex ? " active" : ""}`}
                      onClick={() => change(() => setChainIndex(i))}
                    >
                      {a.chain || coin}
                    </button>
                  ))}
                </div>
              </div>
            )}
            {current && (
              <>
                {current.demo === 1 && (
                  <p className="notice notice-error" role="alert" data-testid="demo-address">
                    {t("fund.receive.demoAddress")}
                  </p>
                )}
                <QrCode text={current.address} label={t("fund.receive.qrLabel", { coin })} />
                <div className="address-box">
                  <span className="faint">{t("fund.receive.address", { chain: current.chain || coin })}</span>
                  <code className="mono address-text" data-testid="deposit-address">
                    {current.address}
                  </code>
                  <button type="button" className="btn btn-small btn-ghost" onClick={() => void copy()}>
                    <IconCopy size={16} />
                    {t("common.copy")}
                  </button>
                </div>
                <p className="notice notice-warn">{t("fund.receive.warning", { coin, chain: current.chain || coin })}</p>
              </>
            )}
          </section>
        )}

        <form className="card" onSubmit={submit} noValidate>
          <h2 className="card-title">{t("fund.receive.requestTitle")}</h2>
          <p className="faint">{t("fund.receive.requestIntro")}</p>
          <AmountField
            label={t("fund.receive.amount")}
            value={values.amount}
            onChange={(v, why) => change(() => form.amount("amount").onChange(v, why))}
            unit={coin}
            decimals={decimals}
            error={errors.amount}
            disabled={busy}
            testId="deposit-amount"
          />
          <div className="field">
            <label htmlFor="deposit-tx-hash">{t("fund.receive.txHash", { chain: network })}</label>
            <input
              id="deposit-tx-hash"
              className="input mono"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={TX_HASH_MAX + 2}
              value={values.tx_hash}
              placeholder={t(`fund.receive.txHashPlaceholder.${txHashFormat(network)}`)}
              onChange={(e) => change(() => form.set("tx_hash")(e.target.value))}
              aria-invalid={Boolean(errors.tx_hash)}
              aria-describedby="deposit-tx-hash-error"
              disabled={busy}
              data-testid="deposit-tx-hash"
            />
            <span id="deposit-tx-hash-error" className="field-error" role={errors.tx_hash ? "alert" : undefined}>
              {message("tx_hash")}
            </span>
          </div>
          <ImageUpload
            label={t("fund.receive.voucher")}
            value={values.voucher}
            onChange={(url) => change(() => form.set("voucher")(url))}
            privateFile
            error={message("voucher")}
            disabled={busy}
            testId="deposit-voucher"
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || addresses.length === 0}>
            {busy ? t("fund.common.submitting") : t("fund.receive.submit")}
          </button>
        </form>
      </main>
    </>
  );
}
