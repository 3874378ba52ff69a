import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { IEO_ORDERS_KEY, type IeoOrderView, loadIeoOrders } from "../../features/earn/ieo.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amount } from "../../lib/format.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { RecordList } from "../fund/parts.tsx";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

function OrderRow({ o }: { o: IeoOrderView }) {
  useTexts("earn");
  const { t } = useTranslation();
  return (
    <li className="record" data-testid={`ieo-order-${o.id}`}>
      <div className="row-between">
        <strong>
          {o.name} ({o.currency})
        </strong>
        <span className={`status-badge ${o.status === 2 ? "up" : "warn"}`} data-testid="status">
          {t(`earn.ieo.orderStatus.${o.status}`)}
        </span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("earn.ieo.amount")}</dt>
        <dd className="num" data-testid="amount">
          {amount(o.amount)} {o.currency}
        </dd>
        <dt>{t("earn.ieo.cost")}</dt>
        <dd className="num" data-testid="cost">
          {amount(o.cost)} {o.pay_currency}
        </dd>
        <dt>{t("earn.ieo.subscribedAt")}</dt>
        <dd className="num">{formatDate(o.created_at, true)}</dd>
        <dt>{o.status === 2 ? t("earn.ieo.deliveredAt") : t("earn.ieo.delivery")}</dt>
        <dd className="num">{formatDate(o.distributed_at ?? o.distribute_at, true)}</dd>
      </dl>
    </li>
  );
}

/** The caller's IEO subscriptions: held until the tokens are delivered. */
export default function IeoOrderPage() {
  useTexts("earn");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const list = usePagedQuery(IEO_ORDERS_KEY(token), loadIeoOrders);
  return (
    <>
      <NavBar title={t("earn.ieo.myOrders")} />
      <div className="content">
        <RecordList list={list} empty={t("earn.ieo.noOrders")} testId="ieo-orders" render={(o) => <OrderRow key={o.id} o={o} />} />
      </div>
    </>
  );
}
