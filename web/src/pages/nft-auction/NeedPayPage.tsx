import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, ErrorView } from "../../components/States.tsx";
import { type NeedPayOrder, needPayQuery, payNftOrder, readNftOrder } from "../../features/nft-auction/api.ts";
import { Countdown } from "../../features/nft-auction/Countdown.tsx";
import { useNow } from "../../features/nft-auction/useNow.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import type { ApiFailure } from "../../lib/api.ts";
import { amount } from "../../lib/format.ts";
import { useTexts } from "../../lib/i18n.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import "../../styles/fund.css";
import "./nft-auction.css";

/** Won auctions: unpaid ones first, each with its deadline and a confirmed payment; seen notices are marked read. */
export default function NeedPayPage() {
  useTexts("nftAuction");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const q = useQuery(needPayQuery(token));
  const unread = q.data?.filter((o) => o.is_read === 0).map((o) => o.id) ?? [];
  const unreadKey = unread.join(",");
  useEffect(() => {
    for (const id of unreadKey ? unreadKey.split(",") : []) void readNftOrder(Number(id)).catch(() => undefined);
  }, [unreadKey]);
  return (
    <>
      <NavBar title={t("nftAuction.needPay")} />
      <div className="content stack nft-auction">
        {q.error && !q.data ? (
          <ErrorView message={q.error.message} onRetry={q.reload} />
        ) : !q.data ? (
          <DelayedSpinner />
        ) : q.data.length === 0 ? (
          <EmptyState text={t("nftAuction.noOrders")} />
        ) : (
          <ul className="record-list" data-testid="need-pay-list">
            {q.data.map((o) => (
              <OrderCard key={o.id} o={o} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function OrderCard({ o }: { o: NeedPayOrder }) {
  useTexts("nftAuction");
  const { t } = useTranslation();
  const idem = useIdempotencyKey();
  const now = useNow();
  const deadline = o.overtime * 1000;
  const payable = o.is_pay === 0 && o.is_expired === 0 && deadline > now;
  const state = o.is_pay ? "paid" : o.is_expired || deadline <= now ? "expired" : "unpaid";
  const pay = async () => {
    const ok = await confirmDialog({
      title: t("nftAuction.payTitle"),
      message: t("nftAuction.payMessage", {
        due: amount(o.due),
        deposit: amount(o.deposit),
        price: amount(o.price),
        coin: o.currency_name,
      }),
    });
    if (!ok) return;
    try {
      await payNftOrder(o.id, idem.current());
      idem.reset();
      toast(t("nftAuction.paid"));
    } catch (err) {
      toast((err as ApiFailure).message);
    }
  };
  return (
    <li className="record stack" data-testid={`need-pay-${o.id}`}>
      <div className="row-between">
        <Link to={`/nft/purchase?code=${encodeURIComponent(o.code)}`}>
          <strong>{o.name || o.code}</strong>
        </Link>
        <span className={`status-badge ${state === "paid" ? "up" : "warn"}`} data-testid="order-state">
          {t(`nftAuction.orderState.${state}`)}
        </span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("nftAuction.finalPrice")}</dt>
        <dd className="num">
          {amount(o.price)} {o.currency_name}
        </dd>
        <dt>{t("nftAuction.depositPaid")}</dt>
        <dd className="num">
          {amount(o.deposit)} {o.currency_name}
        </dd>
        <dt>{t("nftAuction.due")}</dt>
        <dd className="num" data-testid="order-due">
          {amount(o.due)} {o.currency_name}
        </dd>
        <dt>{t("nftAuction.deadline")}</dt>
        <dd className="num">{formatDate(deadline, true)}</dd>
        {payable && (
          <>
            <dt>{t("nftAuction.timeLeft")}</dt>
            <dd>
              <Countdown until={deadline} />
            </dd>
          </>
        )}
      </dl>
      {payable && (
        <button type="button" className="btn btn-primary btn-block" onClick={() => void pay()} data-testid="order-pay">
          {t("nftAuction.pay")}
        </button>
      )}
    </li>
  );
}
