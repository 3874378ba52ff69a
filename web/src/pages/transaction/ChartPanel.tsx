import { useAtom, useAtomValue } from "jotai";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedSpinner } from "../../components/Feedback.tsx";
import { DepthChart } from "../../features/chart/DepthChart.tsx";
import { loadOnce } from "../../lib/load-once.ts";
import { preloadable } from "../../lib/preloadable.tsx";
import { useOnScreen } from "../../lib/useOnScreen.ts";
import type { Depth, IndexKlines, Period } from "../../features/market/api.ts";
import {
  chartOpenAtom,
  chartPeriodAtom,
  type Overlay,
  overlayAtom,
  type SubIndicator,
  subIndicatorAtom,
} from "../../features/market/atoms.ts";
import type { CandleState } from "../../features/market/useMarketData.ts";
import { paletteAtom } from "../../features/preferences/atoms.ts";
import { PERIODS } from "../../../../schema/api/periods.ts";

// The chart sits below the order form and the book: its code loads after the page is interactive, into a box that
// already has its height (no layout shift).
const loadCandleChart = () => import("../../features/chart/CandleChart.tsx").then((m) => ({ default: m.CandleChart }));
const CandleChart = preloadable(loadCandleChart);

const OVERLAYS: Overlay[] = ["MA", "EMA", "BOLL"];
const SUBS: SubIndicator[] = ["MACD", "RSI", "KDJ"];

/** How an index line's source is shown ("binance" → "Binance"). */
const SOURCES: Record<string, string> = { binance: "Binance" };

/**
 * K-line (with period and indicator switches) or depth chart. Simulated history (local development only) and the
 * reference exchange's index line are labelled under the period bar, never passed off as the market's own trades.
 */
export function ChartPanel({
  candles,
  candleKey,
  index,
  depth,
  precision,
  onRetry,
  ready = true,
}: {
  candles: CandleState;
  candleKey: string;
  index: IndexKlines;
  depth: Depth | null;
  precision: number;
  onRetry: () => void;
  /** Whether the chart may load (its library and candles): false while the page's first screen is being shown. */
  ready?: boolean;
}) {
  const { t } = useTranslation();
  // Theme and price colours: the charts re-read their colours when either changes.
  const theme = useAtomValue(paletteAtom);
  const [view, setView] = useState<"kline" | "depth">("kline");
  const [period, setPeriod] = useAtom(chartPeriodAtom);
  const [overlay, setOverlay] = useAtom(overlayAtom);
  const [sub, setSub] = useAtom(subIndicatorAtom);
  const [open, setOpen] = useAtom(chartOpenAtom);
  const current = candles.key === candleKey ? candles : null;
  const list = current?.list ?? null;
  const simulated = list?.some((c) => c.simulated === true) ?? false;
  const indexLine = index && index.candles.length > 0 ? index : null;
  // The chart is made once the first candles are in, so a first visit sets it up and draws it once, with its data.
  // Its code loads meanwhile, beside the candles. A later period or pair keeps the chart and redraws it.
  // Below the fold (the seconds mode's chart sits under its form), the first draw waits until the chart comes on
  // screen: it was the longest task of that page's first visit.
  const [box, onScreen] = useOnScreen<HTMLDivElement>();
  const [chartMade, setChartMade] = useState(false);
  if (ready && list && onScreen && !chartMade) setChartMade(true);
  useEffect(() => {
    if (ready) loadOnce(loadCandleChart).catch(() => {});
  }, [ready]);

  let overlayView = null;
  if (view === "kline") {
    if (current?.error && !list) {
      overlayView = (
        <div className="chart-state" role="alert">
          <span>{t("trade.chart.failed")}</span>
          <button type="button" className="btn btn-ghost btn-small" onClick={onRetry}>
            {t("common.retry")}
          </button>
        </div>
      );
    } else if (!list) {
      overlayView = (
        <div className="chart-state">
          <DelayedSpinner />
        </div>
      );
    } else if (list.length === 0 && !indexLine) {
      overlayView = <div className="chart-state faint">{t("trade.chart.noData")}</div>;
    }
  } else if (!depth) {
    overlayView = (
      <div className="chart-state">
        <DelayedSpinner />
      </div>
    );
  } else if (!depth.bids.length && !depth.asks.length) {
    overlayView = <div className="chart-state faint">{t("trade.book.empty")}</div>;
  }

  return (
    <section className="chart-panel" aria-label={t("trade.chart.label")}>
      <button
        type="button"
        className="chart-toggle"
        aria-expanded={open}
        aria-controls="trade-chart"
        onClick={() => setOpen(!open)}
        data-testid="chart-toggle"
      >
        <span>{t("trade.chart.label")}</span>
        <span className="faint">{open ? t("trade.chart.hide") : t("trade.chart.show")}</span>
      </button>
      {open && (
        <div id="trade-chart">
          <div className="chart-bar">
            <div className="chart-views" role="tablist">
              {(["kline", "depth"] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  role="tab"
                  aria-selected={view === v}
                  className={view === v ? "active" : ""}
                  onClick={() => setView(v)}
                  data-testid={`chart-${v}`}
                >
                  {t(`trade.chart.${v}`)}
                </button>
              ))}
            </div>
            {view === "kline" && (
              <div className="periods" role="radiogroup" aria-label={t("trade.chart.period")}>
                {PERIODS.map((p: Period) => (
                  <button
                    key={p}
                    type="button"
                    role="radio"
                    aria-checked={period === p}
                    className={period === p ? "active" : ""}
                    onClick={() => setPeriod(p)}
                    data-testid={`period-${p}`}
                  >
                    {t(`trade.periods.${p}`)}
                  </button>
                ))}
              </div>
            )}
          </div>
          {/* Kept while the candles load (empty), so the notes' arrival does not move the chart down. */}
          {view === "kline" && (
            <div className="chart-notes">
              {simulated && (
                <span className="chart-note sim" title={t("trade.chart.simulatedHint")} data-testid="chart-simulated">
                  {t("trade.chart.simulated")}
                </span>
              )}
              {indexLine && (
                <span className="chart-note index" data-testid="chart-index">
                  {t("trade.chart.index", { source: SOURCES[indexLine.source] ?? indexLine.source })}
                </span>
              )}
            </div>
          )}
          <div ref={box} className={view === "kline" && sub !== "none" ? "chart-box with-sub" : "chart-box"}>
            {view === "kline"
              ? chartMade && (
                  <Suspense fallback={null}>
                    <CandleChart
                      candles={list ?? []}
                      index={indexLine?.candles ?? null}
                      dataKey={candleKey}
                      overlay={overlay}
                      sub={sub}
                      precision={precision}
                      theme={theme}
                      intraday={period.endsWith("min")}
                    />
                  </Suspense>
                )
              : depth && <DepthChart depth={depth} precision={precision} theme={theme} />}
            {overlayView}
          </div>
          {view === "kline" && (
            <div className="indicator-bar">
              {OVERLAYS.map((o) => (
                <button
                  key={o}
                  type="button"
                  aria-pressed={overlay === o}
                  className={overlay === o ? "active" : ""}
                  onClick={() => setOverlay(overlay === o ? "none" : o)}
                  data-testid={`overlay-${o}`}
                >
                  {o}
                </button>
              ))}
              <span className="divider" aria-hidden="true" />
              {SUBS.map((s) => (
                <button
                  key={s}
                  type="button"
                  aria-pressed={sub === s}
                  className={sub === s ? "active" : ""}
                  onClick={() => setSub(sub === s ? "none" : s)}
                  data-testid={`sub-${s}`}
                >
                  {s}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
