import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { TX_HASH_MAX, canonicalTxHash, txHashFormat } from "../../../../schema/api/money.ts";
import { ImageUpload } from "../../components/ImageUpload.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState } from "../../components/States.tsx";
import { amountIssue } from "../../features/wallet/amount.ts";
import { fetchCoinInfo, fetchDepositAddresses, invalidateWallet, requestDeposit } from "../../features/wallet/api.ts";
import { AmountField, useAmountMessage } from "../../features/wallet/components/AmountField.tsx";
import { QrCode } from "../../features/wallet/components/QrCode.tsx";
import { IconCopy } from "../../features/wallet/components/icons.tsx";
import { copyText } from "../../features/wallet/copy.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { useLater } from "../../hooks/useLater.ts";
import { useQuery } from "../../hooks/useQuery.ts";
import { REDIRECT_DELAY_MS, confirmDialog, toast } from "../../lib/ui.ts";
import { CoinPageState } from "./parts.tsx";
import "../../styles/fund.css";

/**
 * Deposit: the coin's addresses per chain with a QR code (a local demo placeholder says so), then the
 * request with the transaction hash (checked against the network's format) and the payment voucher.
 */
export default function ReceivePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const [params] = useSearchParams();
  const currency = Number(params.get("currency"));
  const valid = Number.isInteger(currency) && currency > 0;
  const query = useQuery(async () => (valid ? Promise.all([fetchCoinInfo(currency), fetchDepositAddresses(currency)]) : null), [currency]);
  const [chainIndex, setChainIndex] = useState(0);
  const [value, setValue] = useState("");
  const [voucher, setVoucher] = useState("");
  const [txHash, setTxHash] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; voucher?: string; txHash?: string }>({});
  const [busy, setBusy] = useState(false);
  const idem = useIdempotencyKey();
  const amountMessage = useAmountMessage();

  if (!valid || !query.data) {
    return <CoinPageState title={t("fund.receive.title")} purpose="receive" valid={valid} error={query.error} onRetry={query.reload} />;
  }

  const [info, addresses] = query.data;
  const coin = info.name;
  const decimals = info.precision;
  const current = addresses[Math.min(chainIndex, addresses.length - 1)];
  const network = current?.chain || coin;

  /** The hash is checked against the network's format here and again by the server. */
  const txHashError = (text: string) => {
    if (!text.trim()) return t("fund.receive.txHashRequired");
    return canonicalTxHash(network, text) ? undefined : t(`fund.receive.txHashFormat.${txHashFormat(network)}`, { chain: network });
  };

  const change = (patch: () => void) => {
    idem.reset();
    patch();
  };

  const copy = async () => {
    if (!current) return;
    toast((await copyText(current.address)) ? t("common.copied") : t("fund.receive.copyFailed"));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      amount: amountMessage(amountIssue(value, { decimals }), { coin, decimals }),
      voucher: voucher ? undefined : t("fund.receive.voucherRequired"),
      txHash: txHashError(txHash),
    };
    setErrors(next);
    if (next.amount || next.voucher || next.txHash) return;
    const ok = await confirmDialog({
      title: t("fund.receive.confirmTitle"),
      message: t("fund.receive.confirmMessage", { amount: value, coin, chain: network, hash: txHash.trim() }),
    });
    if (!ok) return;
    setBusy(true);
    try {
      toast(await requestDeposit({ voucher, amount: value, currency, chain: current?.chain ?? "", txHash: txHash.trim() }, idem.current()));
      idem.reset();
      invalidateWallet();
      later(() => navigate("/fund/receive_withdraw_record?tab=deposit", { replace: true }), REDIRECT_DELAY_MS);
    } catch {
      setBusy(false);
    }
  };

  return (
    <>
      <NavBar title={t("fund.receive.titleCoin", { coin })} />
      <main className="content stack">
        {addresses.length === 0 ? (
          <section className="card">
            <EmptyState text={t("fund.receive.noAddress")} />
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
            value={value}
            onChange={(v) => change(() => setValue(v))}
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
              value={txHash}
              placeholder={t(`fund.receive.txHashPlaceholder.${txHashFormat(network)}`)}
              onChange={(e) => change(() => setTxHash(e.target.value))}
              aria-invalid={Boolean(errors.txHash)}
              disabled={busy}
              data-testid="deposit-tx-hash"
            />
            <span className="field-error" role={errors.txHash ? "alert" : undefined}>
              {errors.txHash}
            </span>
          </div>
          <ImageUpload
            label={t("fund.receive.voucher")}
            value={voucher}
            onChange={(url) => change(() => setVoucher(url))}
            privateFile
            error={errors.voucher}
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
