import { useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TRAIL_MAX_AGE_MS, TRAIL_MAX_RANGE_MS } from "../../../../schema/api/trail-rule.ts";
import { NavBar } from "../../components/NavBar.tsx";
import { EmptyState, QueryPending } from "../../components/States.tsx";
import { fetchResult, trailQuery } from "../../features/seconds/api.ts";
import { SecondsHelp } from "../../features/seconds/SecondsHelp.tsx";
import { useQuery } from "../../lib/query/useQuery.ts";
import { Q } from "../../lib/query/keys.ts";
// oxlint-disable-next-line import/no-unassigned-import -- styles load with the module
import "../../styles/seconds.css";
import { useTexts } from "../../lib/i18n.ts";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
/** Local time to the millisecond: trail entries are that precise, and so is the rule. */
const stamp = (ms: number) => {
  const d = new Date(ms);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
};

/**
 * The public price trail of a pair for a window (GET /currency/price_trail): every reference price the market used, with
 * the entries an order opened and settled on marked, so anyone can check that settlement by hand.
 */
export default function PriceTrailPage() {
  useTexts("seconds");
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbol = (params.get("symbol") ?? "BTC-USDT").replace("-", "/");
  // Without `to`, the window ends when the page opened (kept across renders).
  const [opened] = useState(() => Date.now());
  const to = Number(params.get("to")) || opened;
  const from = Math.max(Number(params.get("from")) || to - 60_000, to - TRAIL_MAX_RANGE_MS);
  const orderId = Number(params.get("order")) || 0;
  const trail = useQuery(trailQuery(symbol, from, to));
  const order = useQuery({ key: [Q.seconds, "result", orderId], load: () => fetchResult(orderId) }, { enabled: orderId > 0 });
  const marks = new Map<number, string>();
  if (order.data) {
    marks.set(order.data.open_entry.time, t("seconds.trail.openMark"));
    if (order.data.close_entry) marks.set(order.data.close_entry.time, t("seconds.trail.closeMark"));
  }

  let body;
  if (!trail.data) body = <QueryPending query={trail} />;
  else if (trail.data.entries.length === 0) body = <EmptyState text={t("seconds.trail.empty")} />;
  else {
    body = (
      <table className="trail-table" data-testid="trail-table">
        <thead>
          <tr>
            <th>{t("seconds.trail.time")}</th>
            <th>{t("seconds.trail.price")}</th>
            <th>{t("seconds.trail.source")}</th>
          </tr>
        </thead>
        <tbody>
          {trail.data.entries.map((e) => (
            <tr key={e.time} className={marks.has(e.time) ? "marked" : ""} data-testid={marks.has(e.time) ? "trail-marked" : undefined}>
              <td className="num">{stamp(e.time)}</td>
              <td className="num">
                {e.price}
                {marks.has(e.time) && <span className="trail-mark">{marks.get(e.time)}</span>}
              </td>
              <td className="muted">{e.source}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <>
      <NavBar title={t("seconds.trail.title", { symbol })} />
      <div className="content trail-page">
        <p className="muted">{t("seconds.trail.window", { from: stamp(from), to: stamp(to) })}</p>
        {order.data && (
          <p className="muted" data-testid="trail-order">
            {t("seconds.trail.order", { id: order.data.id, handled: stamp(order.data.handled_at) })}
          </p>
        )}
        {body}
        <SecondsHelp maxAgeSeconds={TRAIL_MAX_AGE_MS / 1000} />
      </div>
    </>
  );
}
