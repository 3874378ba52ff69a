import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Candle } from "../../../../schema/api/market.ts";
import { type CandleChartHandle, mountCandleChart } from "./canvas-chart.ts";
import type { Overlay, SubIndicator } from "./lines.ts";
import { readChartColors } from "./theme.ts";

export type { Overlay, SubIndicator } from "./lines.ts";

/**
 * The candlestick chart of the trade page: candles with volume, an overlay (MA, EMA or BOLL), an optional sub-pane
 * (MACD, RSI or KDJ) and another feed's index line, drawn on a canvas by our own code (canvas-chart.ts): a chart
 * library's cold start was most of the trade page's main-thread blocking on a phone. This component only hands the
 * props over.
 */
export function CandleChart({
  candles,
  index,
  dataKey,
  overlay,
  sub,
  precision,
  theme,
  intraday,
}: {
  candles: Candle[];
  /** The reference feed's candles, drawn as a dashed index line of their closes (labelled by the panel); null for none. */
  index: Candle[] | null;
  /** Changes when the pair or period changes (the newest bar is brought back into view). */
  dataKey: string;
  overlay: Overlay;
  sub: SubIndicator;
  precision: number;
  theme: string;
  intraday: boolean;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const legend = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<CandleChartHandle | null>(null);

  // Made first: the effects below hand it their props in this order.
  useEffect(() => {
    const handle = mountCandleChart(canvas.current!, box.current!, legend.current!);
    chart.current = handle;
    return () => {
      handle.destroy();
      chart.current = null;
    };
  }, []);

  // Colours follow the theme and the price-colour preference (both change `theme`).
  useEffect(() => chart.current?.setColors(readChartColors(theme)), [theme]);

  useEffect(() => {
    const prices = { open: t("trade.chart.open"), high: t("trade.chart.high"), low: t("trade.chart.low"), close: t("trade.chart.close") };
    chart.current?.setOptions({ precision, intraday, prices });
  }, [precision, intraday, t]);

  useEffect(() => chart.current?.setData({ candles, index, key: dataKey, overlay, sub }), [candles, index, dataKey, overlay, sub]);

  return (
    <div className="candle-chart">
      <div className="chart-legend" ref={legend} aria-hidden="true" />
      <div className="chart-canvas" ref={box} data-testid="candle-chart">
        <canvas ref={canvas} aria-hidden="true" style={{ display: "block", width: "100%", height: "100%", touchAction: "pan-y" }} />
      </div>
    </div>
  );
}
