import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TRAIL_MAX_AGE_MS } from "../../../../schema/api/trail-rule.ts";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { EmptyState, ErrorView, ListPending } from "../../components/States.tsx";
import type { Quotation } from "../../features/market/api.ts";
import { useLoginPrompt } from "../../features/market/useLoginPrompt.ts";
import { payableQuery, secondsConfigQuery } from "../../features/seconds/api.ts";
import { SecondsForm } from "../../features/seconds/SecondsForm.tsx";
import { SecondsHelp } from "../../features/seconds/SecondsHelp.tsx";
import { TrailLine, useLiveTrail } from "../../features/seconds/TrailLine.tsx";
import { SecondsOrderCard } from "../../features/seconds/SecondsOrderCard.tsx";
import { useLiveOrders } from "../../features/seconds/useLiveOrders.ts";
import { tokenAtom } from "../../features/session/atoms.ts";
import { fixed } from "../../lib/format.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/seconds.css";
import { useTexts } from "../../lib/i18n.ts";

/**
 * The seconds mode of the trade tab, below the pair's header and chart (TradePage): durations
 * with their ratios, amount, up or down with a confirmation, and the caller's running orders counting down with their
 * live expected profit or loss, then their result. `price` is the live reference price.
 */
export default function SecondsPanel({ pair, price }: { pair: Quotation; price: string | null }) {
  useTexts("seconds");
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const promptLogin = useLoginPrompt();
  const config = useQuery(secondsConfigQuery());
  const payable = useQuery(payableQuery(token), { enabled: !!token });
  const live = useLiveOrders(token, pair.id);
  const trail = useLiveTrail(pair.symbol);
  // The trail's latest entry, while it is in effect, is the price orders are decided on; else the ticker's index price.
  const last = trail?.entries.at(-1);
  const current = trail && last && trail.to - last.time <= TRAIL_MAX_AGE_MS ? last.price : price;

  const coin = payable.data?.find((c) => c.id === pair.legal_id) ?? payable.data?.[0] ?? null;

  // The price, the trail, the orders and the help show at once; only the form waits for the configuration, in a box
  // of the form's height so that nothing below it moves when it arrives.
  let formView;
  if (!config.data) {
    formView = config.error ? (
      <ErrorView message={config.error.message} onRetry={config.reload} />
    ) : (
      <div className="seconds-form-pending">
        <DelayedSpinner />
      </div>
    );
  } else if (config.data.match_ids.includes(pair.id)) {
    formView = (
      <SecondsForm
        key={pair.symbol}
        matchId={pair.id}
        symbol={pair.symbol}
        config={config.data}
        coin={coin}
        loggedIn={!!token}
        onLogin={promptLogin}
        onPlaced={live.add}
      />
    );
  } else {
    formView = <EmptyState text={t("seconds.closedPair", { symbol: pair.symbol })} />;
  }

  let ordersView;
  if (!token) ordersView = <p className="muted seconds-empty">{t("seconds.order.loginToSee")}</p>;
  else if (live.loading) ordersView = <ListPending />;
  else if (live.error) ordersView = <ErrorView message={live.error.message} onRetry={live.reload} />;
  else if (live.orders.length === 0) ordersView = <EmptyState text={t("seconds.order.noRunning")} />;
  else {
    ordersView = (
      <div className="order-list" data-testid="seconds-running">
        {live.orders.map((o) => (
          <SecondsOrderCard
            key={o.id}
            order={o}
            now={live.now}
            price={current}
            precision={coin?.precision ?? 6}
            pricePrecision={pair.price_precision}
          />
        ))}
      </div>
    );
  }

  return (
    <>
      <div className="seconds-price row-between">
        <span className="muted">{t("seconds.referencePrice")}</span>
        <b className="num" data-testid="seconds-price">
          {current ? fixed(current, pair.price_precision) : "--"}
        </b>
      </div>
      <TrailLine trail={trail} levels={live.orders.filter((o) => o.status !== 3).map((o) => ({ price: o.open_price, type: o.type }))} />
      {formView}
      <section className="trade-bottom">
        <div className="bottom-tabs">
          <span className="active">{t("seconds.order.running")}</span>
          <Link to="/transaction/seconds_order" className="bottom-link" data-testid="seconds-all-orders">
            {t("seconds.order.all")}
          </Link>
        </div>
        {ordersView}
      </section>
      <SecondsHelp maxAgeSeconds={TRAIL_MAX_AGE_MS / 1000} />
    </>
  );
}
