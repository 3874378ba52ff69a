import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NavBar } from "../../components/NavBar.tsx";
import { ONRAMP_ORDERS_KEY, type OnrampOrderView, loadOnrampOrders } from "../../features/onramp/api.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amount } from "../../lib/format.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { RecordList } from "../fund/parts.tsx";
import { OrderStatus } from "../../features/onramp/components.tsx";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

function OrderRow({ o }: { o: OnrampOrderView }) {
  useTexts("onramp");
  const { t } = useTranslation();
  return (
    <li className="record" data-testid={`otc-order-${o.id}`}>
      <Link to={`/otc/order?id=${o.id}`} className="record-link">
        <div className="row-between">
          <strong className="num">
            {amount(o.amount)} {o.fiat}
          </strong>
          <OrderStatus status={o.status} />
        </div>
        <dl className="kv kv-compact">
          <dt>{t("onramp.form.receive")}</dt>
          <dd className="num">{amount(o.usdt)} USDT</dd>
          <dt>{t("onramp.order.reference")}</dt>
          <dd className="mono">{o.reference}</dd>
          <dt>{t("onramp.order.created")}</dt>
          <dd className="num">{formatDate(o.created_at, true)}</dd>
        </dl>
      </Link>
    </li>
  );
}

/** The caller's buy-crypto orders, newest first. */
export default function OtcOrdersPage() {
  useTexts("onramp");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const list = usePagedQuery(ONRAMP_ORDERS_KEY(token), loadOnrampOrders);
  return (
    <>
      <NavBar title={t("onramp.orders.title")} />
      <div className="content">
        <RecordList list={list} empty={t("onramp.orders.empty")} testId="otc-orders" render={(o) => <OrderRow key={o.id} o={o} />} />
      </div>
    </>
  );
}
