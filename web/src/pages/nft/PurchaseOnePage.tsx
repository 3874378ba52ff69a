import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView, QueryPending } from "../../components/States.tsx";
import { buyNft, itemQuery } from "../../features/nft/api.ts";
import { NftPicture } from "../../features/nft/NftCard.tsx";
import { percent } from "../../features/nft/NftFacts.tsx";
import { tokenAtom } from "../../features/session/atoms.ts";
import { holdings, walletQuery } from "../../features/wallet/api.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { ApiFailure } from "../../lib/api.ts";
import { dec } from "../../lib/decimal.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { useState } from "react";
import "../../styles/fund.css";
import "../../styles/nft.css";

/** purchase_one: a fixed-price buy, with the price, how it is shared and the balance shown before the confirmation. */
export default function PurchaseOnePage() {
  useTexts("nft");
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const code = params.get("code") ?? "";
  const query = useQuery(itemQuery(code, token), { enabled: code !== "" });
  const walletQ = useQuery({ ...walletQuery(token), staleTime: 0 }, { enabled: Boolean(token) });
  const idem = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const title = t("nft.purchase.title");

  if (!code) {
    return (
      <>
        <NavBar title={title} />
        <EmptyState text={t("nft.empty.item")} />
      </>
    );
  }
  const item = query.data;
  if (!item) {
    return (
      <>
        <NavBar title={title} />
        <QueryPending query={query} />
      </>
    );
  }
  const available = walletQ.data
    ? (holdings(walletQ.data, "change").find((h) => h.currencyId === item.currency_id)?.available ?? "0")
    : null;
  const short = available !== null && dec(available).lt(dec(item.total));
  const coin = item.currency_name;

  const buy = async () => {
    const ok = await confirmDialog({
      title: t("nft.purchase.confirmTitle"),
      message: t("nft.purchase.confirmMessage", { name: item.name, total: amount(item.total), coin }),
      confirmText: t("nft.purchase.pay"),
    });
    if (!ok) return;
    setBusy(true);
    try {
      toast(await buyNft(item.code, idem.current()));
      idem.reset();
      void navigate("/nft/mine");
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err;
      if (err.kind !== "999" && err.kind !== "998") toast(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <NavBar title={title} />
      <div className="content stack" data-testid="nft-purchase">
        <div className="nft-summary">
          <NftPicture item={item} className="nft-thumb" />
          <div className="stack-tight">
            <strong>{item.name}</strong>
            <span className="muted">{item.author_name}</span>
          </div>
        </div>
        <dl className="kv summary" data-testid="nft-purchase-figures">
          <dt>{t("nft.price")}</dt>
          <dd className="num">
            {amount(item.price)} {coin}
          </dd>
          <dt>{t("nft.purchase.fee", { rate: percent(item.fee_rate) })}</dt>
          <dd className="num" data-testid="nft-fee">
            {amount(item.fee)} {coin}
          </dd>
          {item.royalty !== "0" && (
            <>
              <dt>{t("nft.purchase.royalty", { rate: percent(item.royalty_rate) })}</dt>
              <dd className="num" data-testid="nft-royalty">
                {amount(item.royalty)} {coin}
              </dd>
            </>
          )}
          <dt>{t("nft.purchase.sellerGets")}</dt>
          <dd className="num">
            {amount(item.seller_receives)} {coin}
          </dd>
          <dt>
            <strong>{t("nft.purchase.total")}</strong>
          </dt>
          <dd className="num" data-testid="nft-total">
            <strong>
              {amount(item.total)} {coin}
            </strong>
          </dd>
          <dt>{t("nft.purchase.available")}</dt>
          <dd className="num" data-testid="nft-available">
            {available === null ? "…" : `${amount(available)} ${coin}`}
          </dd>
        </dl>
        <p className="muted">{t("nft.purchase.feeNote")}</p>
        {walletQ.error && !walletQ.data ? (
          <ErrorView message={walletQ.error.message} onRetry={walletQ.reload} />
        ) : item.buy_status !== 1 ? (
          <div className="notice">{item.is_mine ? t("nft.purchase.own") : t("nft.notForSale")}</div>
        ) : short ? (
          <>
            <div className="notice">{t("nft.purchase.short")}</div>
            <Link to="/fund/select?for=receive" className="btn btn-ghost btn-block">
              {t("nft.purchase.deposit")}
            </Link>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy || available === null}
            onClick={() => void buy()}
            data-testid="nft-pay"
          >
            {t("nft.purchase.pay")}
          </button>
        )}
      </div>
    </>
  );
}
