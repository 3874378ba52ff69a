import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { PriceTrail } from "../../../../schema/api/trail.ts";
import { get } from "../../lib/api.ts";
import { dec } from "../../lib/decimal.ts";
import { queryClient } from "../../lib/query/client.ts";
import { Q } from "../../lib/query/keys.ts";
import { useQuery } from "../../lib/query/useQuery.ts";
import { useTexts } from "../../lib/i18n.ts";

const WINDOW_MS = 180_000;
const REFRESH_MS = 2_000;
const W = 360;
const H = 90;

/** The last three minutes of a pair's price trail, read again every 2 s (the feed's tick). */
export function useLiveTrail(symbol: string) {
  useTexts("seconds");
  const key = [Q.trail, symbol, "live"];
  const query = useQuery({
    key,
    load: () => {
      const to = Date.now();
      return get<PriceTrail>("/currency/price_trail", { symbol, from: to - WINDOW_MS, to }, { silent: true, background: true });
    },
  });
  useEffect(() => {
    const timer = setInterval(() => void queryClient.invalidate([Q.trail, symbol, "live"]), REFRESH_MS);
    return () => clearInterval(timer);
  }, [symbol]);
  return query.data ?? null;
}

/**
 * The trail as a line (the prices seconds orders are decided on), with the open price of each running order as a
 * dashed level (green for an up order, red for a down one). Prices stay decimal text; they become pixels only here.
 */
export function TrailLine({ trail, levels }: { trail: PriceTrail | null; levels: { price: string; type: 1 | 2 }[] }) {
  useTexts("seconds");
  const { t } = useTranslation();
  const entries = trail?.entries ?? [];
  if (entries.length < 2) return <div className="trail-line empty muted">{t("seconds.trail.empty")}</div>;
  const prices = [...entries.map((e) => dec(e.price)), ...levels.map((l) => dec(l.price))];
  let lo = prices[0]!;
  let hi = prices[0]!;
  for (const p of prices) {
    if (p.lt(lo)) lo = p;
    if (p.gt(hi)) hi = p;
  }
  const span = hi.minus(lo).isZero() ? dec(1) : hi.minus(lo);
  const t0 = entries[0]!.time;
  const dt = Math.max(1, entries.at(-1)!.time - t0);
  // Screen positions only (never an amount): the decimal ratio becomes a pixel.
  const y = (price: string) => 4 + (H - 8) * (1 - dec(price).minus(lo).div(span).toNumber());
  const x = (time: number) => ((time - t0) / dt) * W;
  const points = entries.map((e) => `${x(e.time).toFixed(1)},${y(e.price).toFixed(1)}`).join(" ");
  return (
    <svg className="trail-line" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={t("seconds.trail.line")}>
      {levels.map((l, i) => (
        <line key={i} x1={0} x2={W} y1={y(l.price)} y2={y(l.price)} className={l.type === 1 ? "level up" : "level down"} />
      ))}
      <polyline points={points} className="path" />
    </svg>
  );
}
