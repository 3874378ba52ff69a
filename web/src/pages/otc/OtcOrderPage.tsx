import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { QueryPending } from "../../components/States.tsx";
import { type OnrampOrderView, cancelOnrampOrder, onrampOrderQuery } from "../../features/onramp/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { IconCopy } from "../../features/wallet/components/icons.tsx";
import { copyText } from "../../features/wallet/copy.ts";
import { amount } from "../../lib/format.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { ApiFailure } from "../../lib/api.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { OrderStatus } from "../../features/onramp/components.tsx";
import { useCountdown } from "./parts.tsx";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

function Copyable({ value, testId }: { value: string; testId: string }) {
  useTexts("onramp");
  const { t } = useTranslation();
  const copy = async () => toast((await copyText(value)) ? t("common.copied") : t("onramp.order.copyFailed"));
  return (
    <dd className="row-between">
      <span className="mono break" data-testid={testId}>
        {value}
      </span>
      <button type="button" className="icon-btn" aria-label={t("onramp.order.copy")} onClick={() => void copy()}>
        <IconCopy />
      </button>
    </dd>
  );
}

function Countdown({ until }: { until: number }) {
  useTexts("onramp");
  const { t } = useTranslation();
  const left = useCountdown(until);
  return (
    <p className="notice" data-testid="otc-countdown">
      {t("onramp.order.payWithin", { time: left, date: formatDate(until, true) })}
    </p>
  );
}

function OrderDetail({ o }: { o: OnrampOrderView }) {
  useTexts("onramp");
  const { t } = useTranslation();
  const idem = useIdempotencyKey();
  const cancel = async () => {
    const ok = await confirmDialog({
      title: t("onramp.order.cancelTitle"),
      message: t("onramp.order.cancelMessage", { reference: o.reference }),
    });
    if (!ok) return;
    try {
      toast(await cancelOnrampOrder(o.id, idem.current()));
      idem.reset();
    } catch (err) {
      if (err instanceof ApiFailure) toast(err.message);
      else throw err;
    }
  };
  return (
    <div className="content stack" data-testid="otc-order">
      <section className="card">
        <div className="row-between">
          <strong className="num" data-testid="otc-order-amount">
            {amount(o.amount)} {o.fiat}
          </strong>
          <OrderStatus status={o.status} />
        </div>
        <dl className="kv">
          <dt>{t("onramp.order.reference")}</dt>
          <Copyable value={o.reference} testId="otc-reference" />
          <dt>{t("onramp.form.receive")}</dt>
          <dd className="num" data-testid="otc-order-usdt">
            {amount(o.usdt)} USDT
          </dd>
          <dt>{t("onramp.form.rate")}</dt>
          <dd className="num">{t("onramp.form.rateValue", { rate: amount(o.rate), fiat: o.fiat })}</dd>
          <dt>{t("onramp.order.created")}</dt>
          <dd className="num">{formatDate(o.created_at, true)}</dd>
          {o.paid_at !== null && (
            <>
              <dt>{t("onramp.order.paid")}</dt>
              <dd className="num">{formatDate(o.paid_at, true)}</dd>
            </>
          )}
          {o.cancelled_at !== null && (
            <>
              <dt>{t("onramp.order.cancelled")}</dt>
              <dd className="num">{formatDate(o.cancelled_at, true)}</dd>
            </>
          )}
        </dl>
      </section>
      {o.status === 1 && o.checkout_url && (
        <>
          <Countdown until={o.expires_at} />
          <p className="muted">{t("onramp.pay.note")}</p>
          <a href={o.checkout_url} className="btn btn-primary btn-block" data-testid="otc-checkout">
            {t("onramp.pay.continue")}
          </a>
          <button type="button" className="btn btn-ghost btn-block" onClick={() => void cancel()} data-testid="otc-cancel">
            {t("onramp.order.cancel")}
          </button>
        </>
      )}
      {o.status === 1 && o.method === "bank" && (
        <>
          <Countdown until={o.expires_at} />
          <section className="card" data-testid="otc-receiving">
            <h2 className="card-title">{t("onramp.order.transferTo")}</h2>
            <dl className="kv">
              <dt>{t("onramp.order.bank")}</dt>
              <dd>{o.receiving.bank}</dd>
              <dt>{t("onramp.order.accountName")}</dt>
              <dd>{o.receiving.account_name}</dd>
              <dt>{t("onramp.order.accountNumber")}</dt>
              <Copyable value={o.receiving.account_number} testId="otc-account-number" />
              <dt>{t("onramp.order.amountToSend")}</dt>
              <dd className="num">
                {amount(o.amount)} {o.fiat}
              </dd>
            </dl>
            <p className="muted">{t("onramp.order.writeReference", { reference: o.reference })}</p>
            {o.receiving.demo && <p className="notice notice-warn">{t("onramp.order.demo")}</p>}
          </section>
          <button type="button" className="btn btn-ghost btn-block" onClick={() => void cancel()} data-testid="otc-cancel">
            {t("onramp.order.cancel")}
          </button>
        </>
      )}
      {o.status === 2 && <p className="notice">{t("onramp.order.creditedNote", { usdt: amount(o.usdt) })}</p>}
      <Link to="/otc/orders" className="btn btn-ghost btn-block">
        {t("onramp.orders.title")}
      </Link>
    </div>
  );
}

/** One buy-crypto order: the reference, where to transfer, the time left to pay, and its state. */
export default function OtcOrderPage() {
  useTexts("onramp");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || 0;
  const q = useQuery(onrampOrderQuery(token, id), { enabled: id > 0 });
  let body;
  if (!q.data) body = <QueryPending query={q} />;
  else body = <OrderDetail o={q.data} />;
  return (
    <>
      <NavBar title={t("onramp.order.title")} />
      {body}
    </>
  );
}
