import { useTranslation } from "react-i18next";
import type { SpotOrder } from "../../../../schema/api/market.ts";
import { dec } from "../../lib/decimal.ts";
import { formatDate } from "../../lib/time.ts";
import { isOpen } from "./orders.ts";
import { fee, formatAmount, formatPrice } from "../../lib/format.ts";
import { splitSymbol } from "./symbols.ts";

/**
 * One spot order: pair, side (buy green, sell red), type, time; price, amount,
 * filled; for finished orders the average price and fee; a cancel button while open.
 */
export function OrderRow({
  order,
  pricePrecision = 2,
  amountPrecision = 4,
  onCancel,
  busy = false,
}: {
  order: SpotOrder;
  pricePrecision?: number;
  amountPrecision?: number;
  onCancel?: (order: SpotOrder) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [base, quote] = splitSymbol(order.symbol);
  const open = isOpen(order);
  const buy = order.type === 1;
  const filled = dec(order.trade_amount);
  const progress = dec(order.amount).gt(0) ? filled.div(dec(order.amount)).times(100).toFixed(0) : "0";
  // The fee is taken from what was received: the base coin on a buy, the quote coin on a sell.
  const feeCoin = order.fee_currency || (buy ? base : quote);
  return (
    <div className="order-row" data-testid="order-row" data-order-id={order.id} data-state={order.state}>
      <div className="order-top">
        <span className={buy ? "side-tag up" : "side-tag down"}>{t(buy ? "trade.side.buy" : "trade.side.sell")}</span>
        <b>{`${base}/${quote}`}</b>
        <span className="faint">{t(order.order_type === "market" ? "trade.type.market" : "trade.type.limit")}</span>
        {open && onCancel && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={busy}
            onClick={() => onCancel(order)}
            data-testid="cancel-order"
          >
            {t("trade.orders.cancel")}
          </button>
        )}
        {!open && (
          <span className={`state-tag state-${order.state}`} data-testid="order-state">
            {t(`trade.state.${order.state}`)}
          </span>
        )}
      </div>
      <div className="faint order-time">{formatDate(order.created_at, true)}</div>
      <dl className="order-grid">
        <div>
          <dt>{t("trade.orders.price", { coin: quote })}</dt>
          <dd className="num">
            {order.order_type === "market" || !order.target_price
              ? t("trade.type.market")
              : formatPrice(order.target_price, pricePrecision)}
          </dd>
        </div>
        <div>
          <dt>{t("trade.orders.amount", { coin: base })}</dt>
          <dd className="num">{formatAmount(order.amount, amountPrecision)}</dd>
        </div>
        <div>
          <dt>{t("trade.orders.filled", { coin: base })}</dt>
          <dd className="num" data-testid="order-filled">
            {open
              ? `${formatAmount(order.trade_amount, amountPrecision)} (${progress}%)`
              : formatAmount(order.trade_amount, amountPrecision)}
          </dd>
        </div>
        {!open && (
          <>
            <div>
              <dt>{t("trade.orders.avgPrice", { coin: quote })}</dt>
              <dd className="num" data-testid="order-avg">
                {filled.gt(0) ? formatPrice(order.avg_price, pricePrecision) : "--"}
              </dd>
            </div>
            <div>
              <dt>{t("trade.orders.total", { coin: quote })}</dt>
              <dd className="num">{filled.gt(0) ? formatPrice(filled.times(dec(order.avg_price)).toFixed(), pricePrecision) : "--"}</dd>
            </div>
            <div>
              <dt>{t("trade.orders.fee", { coin: feeCoin })}</dt>
              <dd className="num" data-testid="order-fee">
                {fee(order.fee)}
              </dd>
            </div>
            {order.fee_saved && (
              <div>
                <dt>{t("trade.orders.feeSaved", { coin: feeCoin })}</dt>
                <dd className="num up" data-testid="order-fee-saved">
                  {fee(order.fee_saved)}
                </dd>
              </div>
            )}
          </>
        )}
      </dl>
    </div>
  );
}
