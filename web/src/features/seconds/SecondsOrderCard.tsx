import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SecondsOrder } from "../../../../schema/api/seconds.ts";
import { fixed } from "../../lib/format.ts";
import { formatDate } from "../../lib/time.ts";
import { expectedProfit } from "./payoff.ts";
import { useTexts } from "../../lib/i18n.ts";

/** The trail view around an order's two entries (a minute before the open, a few seconds past the close). */
export const trailLink = (o: SecondsOrder) =>
  `/transaction/price_trail?symbol=${encodeURIComponent(o.symbol_name.replace("/", "-"))}&from=${o.open_entry.time - 10_000}` +
  `&to=${(o.close_entry?.time ?? o.handled_at) + 10_000}&order=${o.id}`;

const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
};
const signed = (v: string) => (v.startsWith("-") || v === "0" ? v : `+${v}`);
const tone = (v: string | null) => (v === null || v === "0" ? "" : v.startsWith("-") ? "down" : "up");

/**
 * One seconds order: while it runs, the countdown and the profit or loss it would get at `price` now; once settled,
 * the result, the payout and both trail entries it was decided on, with a link to the trail around them.
 */
export function SecondsOrderCard({
  order: o,
  now,
  price,
  precision,
  pricePrecision,
}: {
  order: SecondsOrder;
  now: number;
  price: string | null;
  precision: number;
  /** Decimals of the pair's prices, for display; without it, prices show as the server wrote them. */
  pricePrecision?: number;
}) {
  useTexts("seconds");
  const { t } = useTranslation();
  const settled = o.status === 3;
  const live = !settled && price ? expectedProfit(o, price, precision) : null;
  const result = o.void ? "void" : o.profit_result === 1 ? "win" : o.profit_result === 0 ? "tie" : "loss";
  return (
    <article className="order-row seconds-order" data-testid="seconds-order" data-order-id={o.id} data-status={o.status}>
      <div className="order-top">
        <span className={`side-tag ${o.type === 1 ? "up" : "down"}`}>{t(o.type === 1 ? "seconds.up" : "seconds.down")}</span>
        <b>{o.symbol_name}</b>
        <span className="muted">{t("seconds.seconds", { count: o.seconds })}</span>
        <span className="order-time">{formatDate(o.created_at, true)}</span>
      </div>
      <div className="order-grid">
        <span className="muted">{t("seconds.order.amount")}</span>
        <span className="num">{`${o.number} ${o.currency_name}`}</span>
        <span className="muted">{t("seconds.order.openPrice")}</span>
        <span className="num">{pricePrecision === undefined ? o.open_price : fixed(o.open_price, pricePrecision)}</span>
        {settled ? (
          <>
            <span className="muted">{t("seconds.order.closePrice")}</span>
            <span className="num" data-testid="close-price">
              {o.end_price ? (pricePrecision === undefined ? o.end_price : fixed(o.end_price, pricePrecision)) : t("seconds.order.noPrice")}
            </span>
            <span className="muted">{t("seconds.order.result")}</span>
            <span className={`num ${o.void ? "" : tone(o.fact_profits)}`} data-testid="seconds-result" data-result={result}>
              {`${t(`seconds.result.${result}`)} ${signed(o.fact_profits ?? "0")}`}
            </span>
            <span className="muted">{t("seconds.order.payout")}</span>
            <span className="num" data-testid="seconds-payout">{`${o.payout} ${o.currency_name}`}</span>
          </>
        ) : (
          <>
            <span className="muted">{t("seconds.order.countdown")}</span>
            <span className="num seconds-clock" data-testid="seconds-countdown">
              {now >= o.handled_at ? t("seconds.order.settling") : clock(o.handled_at - now)}
            </span>
            <span className="muted">{t("seconds.order.expected")}</span>
            <span className={`num ${tone(live)}`} data-testid="seconds-expected">
              {live === null ? "--" : `${signed(live)} ${o.currency_name}`}
            </span>
          </>
        )}
      </div>
      <p className="seconds-entries muted">
        {t("seconds.order.openEntry", { price: o.open_entry.price, time: formatDate(o.open_entry.time, true) })}
        {settled && o.close_entry && (
          <>
            <br />
            {t("seconds.order.closeEntry", { price: o.close_entry.price, time: formatDate(o.close_entry.time, true) })}
          </>
        )}
        {settled && (
          <>
            {" "}
            <Link to={trailLink(o)} data-testid="trail-link">
              {t("seconds.order.trail")}
            </Link>
          </>
        )}
      </p>
    </article>
  );
}
