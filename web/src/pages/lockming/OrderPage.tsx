import { useAtomValue } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NavBar } from "../../components/NavBar.tsx";
import { loadMiningOrders, MINING_ORDERS_KEY, type MiningOrderView, redeemMining } from "../../features/earn/mining.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { amount } from "../../lib/format.ts";
import { useIdempotencyKey } from "../../features/wallet/useIdempotencyKey.ts";
import { ApiFailure } from "../../lib/api.ts";
import { usePagedQuery } from "../../lib/query/usePagedQuery.ts";
import { formatDate } from "../../lib/time.ts";
import { confirmDialog, toast } from "../../lib/ui.ts";
import { RecordList } from "../fund/parts.tsx";
import "../../styles/fund.css";
import { useTexts } from "../../lib/i18n.ts";

function OrderRow({ o, busy, onRedeem }: { o: MiningOrderView; busy: boolean; onRedeem: (o: MiningOrderView) => void }) {
  useTexts("earn");
  const { t } = useTranslation();
  const state = o.status === 1 ? "progress" : o.outcome === "early" ? "early" : "matured";
  return (
    <li className="record" data-testid={`mining-order-${o.id}`}>
      <div className="row-between">
        <strong>{t("earn.mining.productTitle", { coin: o.currency, days: o.days })}</strong>
        <span className={`status-badge ${o.status === 1 ? "warn" : "up"}`} data-testid="status">
          {t(`earn.mining.status.${state}`)}
        </span>
      </div>
      <dl className="kv kv-compact">
        <dt>{t("earn.mining.amount")}</dt>
        <dd className="num" data-testid="amount">
          {amount(o.amount)} {o.currency}
        </dd>
        <dt>{t("earn.mining.dailyInterest")}</dt>
        <dd className="num">
          {amount(o.daily_interest)} {o.currency}
        </dd>
        <dt>{t("earn.mining.earned")}</dt>
        <dd className="num" data-testid="earned">
          {amount(o.total_interest)} {o.currency}
        </dd>
        <dt>{t("earn.mining.start")}</dt>
        <dd className="num">{formatDate(o.start_at)}</dd>
        <dt>{t("earn.mining.end")}</dt>
        <dd className="num">{formatDate(o.end_at)}</dd>
        {o.outcome === "early" && (
          <>
            <dt>{t("earn.mining.penalty")}</dt>
            <dd className="num down" data-testid="penalty">
              {amount(o.penalty)} {o.currency}
            </dd>
          </>
        )}
      </dl>
      {o.redeem_penalty !== null && (
        <button type="button" className="btn btn-ghost btn-block" disabled={busy} onClick={() => onRedeem(o)} data-testid="mining-redeem">
          {t("earn.mining.redeemEarly")}
        </button>
      )}
    </li>
  );
}

/** The caller's lock-mining orders; an order in progress may be redeemed early, its penalty shown before confirming. */
export default function OrderPage() {
  useTexts("earn");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const list = usePagedQuery(MINING_ORDERS_KEY(token), loadMiningOrders);
  const idem = useIdempotencyKey();
  const [busy, setBusy] = useState(false);

  const redeem = async (o: MiningOrderView) => {
    const ok = await confirmDialog({
      title: t("earn.mining.redeemTitle"),
      message: t("earn.mining.redeemMessage", {
        amount: amount(o.amount),
        coin: o.currency,
        days: o.remaining_days,
        rate: o.cancel_ratio,
        penalty: amount(o.redeem_penalty),
        returned: amount(o.redeem_return),
      }),
    });
    if (!ok) return;
    setBusy(true);
    try {
      toast(await redeemMining(o.id, idem.current()));
      idem.reset();
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err;
      toast(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <NavBar title={t("earn.mining.myOrders")} />
      <div className="content">
        <RecordList
          list={list}
          empty={t("earn.mining.noOrders")}
          testId="mining-orders"
          render={(o) => <OrderRow key={o.id} o={o} busy={busy} onRedeem={(x) => void redeem(x)} />}
        />
      </div>
    </>
  );
}
