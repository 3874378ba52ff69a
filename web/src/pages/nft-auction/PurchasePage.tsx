import { useAtomValue } from "jotai";
import { type FormEvent, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import {
  type AuctionLotView,
  logQuery,
  lotQuery,
  needsDeposit,
  nextPrice,
  placeBid,
  useAuctionFeed,
} from "../../features/nft-auction/api.ts";
import { Countdown } from "../../features/nft-auction/Countdown.tsx";
import { useNow } from "../../features/nft-auction/useNow.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amountIssue } from "../../features/wallet/amount.ts";
import { AmountField, amountIssueMessage } from "../../features/wallet/components/AmountField.tsx";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { amount } from "../../lib/format.ts";
import { useForm } from "../../lib/form/useForm.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";
import "./nft-auction.css";

const ENDING_RELOAD_MS = 5_000;

/**
 * The auction bid page (the spec's nft/purchase): current price, countdown, the published rules (deposit,
 * anti-sniping, pay window), the bid form showing the resulting price before confirming, and the live bid log.
 */
export default function PurchasePage() {
  useTexts("nftAuction");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const code = params.get("code") ?? "";
  const lotQ = useQuery(lotQuery(code, token), { enabled: code !== "" });
  const logQ = useQuery(logQuery(code), { enabled: code !== "" });
  useAuctionFeed(code, token);
  const now = useNow();
  // Past its end but not settled yet: the room's "ended" frame normally tells; a lost one must not leave it "Ending".
  const ending = lotQ.data?.status === "open" && lotQ.data.end_at <= now;
  const reload = lotQ.reload;
  useEffect(() => {
    if (!ending) return;
    const timer = setInterval(reload, ENDING_RELOAD_MS);
    return () => clearInterval(timer);
  }, [ending, reload]);
  const title = t("nftAuction.title");

  if (!code || (lotQ.error && !lotQ.data)) {
    return (
      <>
        <NavBar title={title} />
        {code ? <ErrorView message={lotQ.error?.message} onRetry={lotQ.reload} /> : <EmptyState text={t("nftAuction.notFound")} />}
      </>
    );
  }
  const lot = lotQ.data;
  if (!lot) {
    return (
      <>
        <NavBar title={title} />
        <DelayedSpinner />
      </>
    );
  }
  const coin = lot.currency_name;
  const live = lot.status === "open" && lot.end_at > now;
  return (
    <>
      <NavBar title={title} />
      <div className="content stack nft-auction" data-testid="auction-page">
        <section className="card stack">
          <div className="row-between">
            <strong data-testid="auction-name">{lot.name}</strong>
            <span className={`status-badge ${live ? "up" : "warn"}`} data-testid="auction-status">
              {t(`nftAuction.status.${live ? "open" : lot.status === "open" ? "ending" : lot.status}`)}
            </span>
          </div>
          <div className="auction-price">
            <span className="muted">{t("nftAuction.currentPrice")}</span>
            <strong className="num" data-testid="auction-price">
              {amount(lot.price)} {coin}
            </strong>
          </div>
          <dl className="kv kv-compact">
            <dt>{lot.status === "not_started" ? t("nftAuction.startsIn") : t("nftAuction.endsIn")}</dt>
            <dd>
              <Countdown until={lot.status === "not_started" ? lot.start_at : lot.end_at} testId="auction-countdown" />
            </dd>
            <dt>{t("nftAuction.endTime")}</dt>
            <dd className="num">{formatDate(lot.end_at, true)}</dd>
            <dt>{t("nftAuction.startPrice")}</dt>
            <dd className="num">
              {amount(lot.start_price)} {coin}
            </dd>
            <dt>{t("nftAuction.minIncrement")}</dt>
            <dd className="num">
              {amount(lot.per_increase)} {coin}
            </dd>
            <dt>{t("nftAuction.bids")}</dt>
            <dd className="num" data-testid="auction-bid-count">
              {lot.bid_count}
            </dd>
            <dt>{t("nftAuction.leader")}</dt>
            <dd data-testid="auction-leader">{lot.is_leader ? t("nftAuction.you") : (lot.leader ?? t("nftAuction.noBids"))}</dd>
          </dl>
        </section>
        <div className="notice" data-testid="auction-rules">
          {t("nftAuction.depositNotice", { margin: amount(lot.margin), coin, hours: lot.pay_hours })}{" "}
          {t("nftAuction.antiSnipeNotice", { minutes: lot.anti_snipe_minutes })}
        </div>
        {lot.my_deposit !== null && (
          <div className="notice" data-testid="auction-my-deposit">
            {t("nftAuction.depositHeld", { margin: amount(lot.my_deposit), coin })}
          </div>
        )}
        {live && !token && (
          <Link to="/login" className="btn btn-primary btn-block">
            {t("nftAuction.logInToBid")}
          </Link>
        )}
        {live && token && !lot.is_seller && <BidForm lot={lot} />}
        {live && lot.is_seller && <div className="notice">{t("nftAuction.ownLot")}</div>}
        {lot.status === "awaiting_payment" && lot.is_leader && (
          <Link to="/nft/needPay" className="btn btn-primary btn-block" data-testid="auction-go-pay">
            {t("nftAuction.goPay")}
          </Link>
        )}
        <section className="stack">
          <h3 className="section-title">{t("nftAuction.bidLog")}</h3>
          {logQ.error && !logQ.data ? (
            <ErrorView message={logQ.error.message} onRetry={logQ.reload} />
          ) : !logQ.data ? (
            <DelayedSpinner />
          ) : logQ.data.length === 0 ? (
            <EmptyState text={t("nftAuction.noBids")} />
          ) : (
            <ul className="record-list" data-testid="auction-log">
              {logQ.data.map((e) => (
                <li key={e.price} className="record auction-log-row">
                  <span>{e.buyer_id}</span>
                  <strong className="num">
                    {amount(e.price)} {coin}
                  </strong>
                  <span className="muted num auction-log-time">{formatDate(e.created, true)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {token && (
          <div className="row-between">
            <Link to="/nft/myBids">{t("nftAuction.myBids")}</Link>
            <Link to="/nft/needPay">{t("nftAuction.needPay")}</Link>
          </div>
        )}
      </div>
    </>
  );
}

function BidForm({ lot }: { lot: AuctionLotView }) {
  useTexts("nftAuction");
  const { t } = useTranslation();
  const form = useForm({ increment: lot.per_increase });
  const idem = useIdempotencyKey();
  const coin = lot.currency_name;
  const issue = amountIssue(form.values.increment, { decimals: lot.precision, min: lot.per_increase });
  const total = issue === null ? nextPrice(lot.price, form.values.increment) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      () => ({ increment: amountIssueMessage(issue, { coin, decimals: lot.precision, min: amount(lot.per_increase) }) }),
      async () => {
        if (total === null) return;
        const ok = await confirmDialog({
          title: t("nftAuction.confirmTitle"),
          message: [
            t("nftAuction.confirmMessage", { price: amount(total), coin, increment: amount(form.values.increment) }),
            needsDeposit(lot) ? t("nftAuction.confirmDeposit", { margin: amount(lot.margin), coin }) : "",
          ]
            .filter(Boolean)
            .join(" "),
        });
        if (!ok) return;
        const placed = await placeBid({ code: lot.code, price: form.values.increment, total }, idem.current());
        idem.reset();
        toast(t("nftAuction.placed", { price: amount(placed.price), coin }));
      },
    );
  };

  return (
    <form className="stack" onSubmit={submit} noValidate data-testid="auction-form">
      <AmountField
        label={t("nftAuction.increment")}
        unit={coin}
        decimals={lot.precision}
        {...form.amount("increment")}
        hint={t("nftAuction.minHint", { min: amount(lot.per_increase), coin })}
        testId="auction-increment"
      />
      <dl className="kv summary">
        <dt>{t("nftAuction.yourBid")}</dt>
        <dd className="num" data-testid="auction-next-price">
          {total === null ? "-" : `${amount(total)} ${coin}`}
        </dd>
      </dl>
      <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting} data-testid="auction-submit">
        {t("nftAuction.placeBid")}
      </button>
    </form>
  );
}
