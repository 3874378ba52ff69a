import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import type { Candle } from "../../../../schema/api/market.ts";
import { boll, ema, kdj, macd, rsi, type Series, sma } from "./indicators.ts";
import { plotNumber, readChartColors } from "./theme.ts";
import { tickMarkLabel } from "./time-labels.ts";
import { axisPrice, fixed } from "../../lib/format.ts";

export type Overlay = "MA" | "EMA" | "BOLL" | "none";
export type SubIndicator = "MACD" | "RSI" | "KDJ" | "none";

/** A bar as the chart draws it: JS numbers, for plotting only (see plotNumber). */
type Bar = { time: UTCTimestamp; open: number; high: number; low: number; close: number; volume: number };

/**
 * Candle times are UTC milliseconds; lightweight-charts labels its axis in UTC,
 * so each bar is shifted by the local offset to read in the user's local time.
 */
const toChartTime = (ms: number): UTCTimestamp => (Math.floor(ms / 1000) - new Date(ms).getTimezoneOffset() * 60) as UTCTimestamp;

/**
 * Bars already converted, by candle. A live frame replaces only the newest candle and keeps the others as they
 * were read, so each frame converts one candle, not the whole history.
 */
const converted = new WeakMap<Candle, Bar>();

const toBars = (candles: Candle[]): Bar[] =>
  candles.map((c) => {
    let bar = converted.get(c);
    if (!bar) {
      bar = {
        time: toChartTime(c.time),
        open: plotNumber(c.open),
        high: plotNumber(c.high),
        low: plotNumber(c.low),
        close: plotNumber(c.close),
        volume: plotNumber(c.volume),
      };
      converted.set(c, bar);
    }
    return bar;
  });

/** A drawn line: its legend name, values, colour (index into the palette; -1 = up/down) and legend decimals (null = the price's). */
type Line = { name: string; values: Series; color: number; decimals: number | null; kind?: "histogram" };

/** The lines an overlay or a sub-pane indicator draws, computed from the bars. */
function overlayLines(overlay: Overlay, closes: number[]): Line[] {
  switch (overlay) {
    case "MA":
      return [5, 10, 30].map((n, i) => ({ name: `MA${n}`, values: sma(closes, n), color: i, decimals: null }));
    case "EMA":
      return [7, 25, 99].map((n, i) => ({ name: `EMA${n}`, values: ema(closes, n), color: i, decimals: null }));
    case "BOLL": {
      const b = boll(closes, 20, 2);
      return [
        { name: "MID", values: b.mid, color: 0, decimals: null },
        { name: "UP", values: b.upper, color: 1, decimals: null },
        { name: "LOW", values: b.lower, color: 2, decimals: null },
      ];
    }
    default:
      return [];
  }
}

function subLines(sub: SubIndicator, bars: Bar[]): Line[] {
  const closes = bars.map((b) => b.close);
  switch (sub) {
    case "MACD": {
      const m = macd(closes, 12, 26, 9);
      return [
        { name: "MACD", values: m.hist, color: -1, decimals: null, kind: "histogram" },
        { name: "DIF", values: m.dif, color: 0, decimals: null },
        { name: "DEA", values: m.dea, color: 1, decimals: null },
      ];
    }
    case "RSI":
      return [6, 12, 24].map((n, i) => ({ name: `RSI${n}`, values: rsi(closes, n), color: i, decimals: 2 }));
    case "KDJ": {
      const k = kdj(bars, 9, 3, 3);
      return [
        { name: "K", values: k.k, color: 0, decimals: 2 },
        { name: "D", values: k.d, color: 1, decimals: 2 },
        { name: "J", values: k.j, color: 2, decimals: 2 },
      ];
    }
    default:
      return [];
  }
}

type Drawn = { key: string; count: number; lastTime: number };

/**
 * The candlestick chart of the trade page: candles with volume, an overlay
 * (MA, EMA or BOLL) and an optional sub-pane (MACD, RSI or KDJ). A candle
 * update for the current bar, or one new bar, is merged with series.update;
 * anything else (another pair or period, a reload) redraws.
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
  /** Changes when the pair or period changes (a full redraw). */
  dataKey: string;
  overlay: Overlay;
  sub: SubIndicator;
  precision: number;
  theme: string;
  intraday: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const legend = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const main = useRef<ISeriesApi<"Candlestick"> | null>(null);
  const volume = useRef<ISeriesApi<"Histogram"> | null>(null);
  const indicators = useRef<{ overlay: ISeriesApi<"Line">[]; sub: (ISeriesApi<"Line"> | ISeriesApi<"Histogram">)[] }>({
    overlay: [],
    sub: [],
  });
  const drawn = useRef<Drawn | null>(null);
  const indexSeries = useRef<ISeriesApi<"Line"> | null>(null);

  // The chart and its two permanent series, once (the theme effect below colours them).
  useEffect(() => {
    const c = readChartColors("initial");
    const api = createChart(box.current!, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: "transparent" },
        textColor: c.text,
        fontSize: 10,
        attributionLogo: false,
        panes: { separatorColor: c.grid },
      },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      crosshair: { mode: CrosshairMode.Normal },
      rightPriceScale: { borderColor: c.grid },
      timeScale: { borderColor: c.grid, rightOffset: 4, barSpacing: 7, tickMarkFormatter: tickMarkLabel },
    });
    main.current = api.addSeries(CandlestickSeries, {
      upColor: c.up,
      downColor: c.down,
      borderVisible: false,
      wickUpColor: c.up,
      wickDownColor: c.down,
    });
    volume.current = api.addSeries(HistogramSeries, {
      priceScaleId: "vol",
      priceFormat: { type: "volume" },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    api.priceScale("vol").applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    chart.current = api;
    return () => {
      api.remove();
      chart.current = null;
      main.current = null;
      volume.current = null;
      indicators.current = { overlay: [], sub: [] };
      indexSeries.current = null;
      drawn.current = null;
    };
  }, []);

  // The index line: one series while there is one, in the theme's text colour.
  useEffect(() => {
    const api = chart.current;
    if (!api) return;
    if (!index || index.length === 0) {
      if (indexSeries.current) api.removeSeries(indexSeries.current);
      indexSeries.current = null;
      if (box.current) box.current.dataset.indexPoints = "0";
      return;
    }
    const color = readChartColors(theme).text;
    indexSeries.current ??= api.addSeries(LineSeries, {
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
    });
    indexSeries.current.applyOptions({ color });
    indexSeries.current.setData(index.map((k) => ({ time: toChartTime(k.time) as Time, value: plotNumber(k.close) })));
    if (box.current) box.current.dataset.indexPoints = String(index.length);
  }, [index, theme]);

  // Precision and intraday labels.
  useEffect(() => {
    // Axis and last-price labels read like every other price: the pair's precision with thousands separators.
    main.current?.applyOptions({
      priceFormat: { type: "custom", minMove: 1 / 10 ** precision, formatter: (p: number) => axisPrice(p, precision) },
    });
    chart.current?.applyOptions({ timeScale: { timeVisible: intraday, secondsVisible: false } });
  }, [precision, intraday]);

  // Theme colours.
  useEffect(() => {
    const api = chart.current;
    if (!api) return;
    const c = readChartColors(theme);
    api.applyOptions({
      layout: { textColor: c.text, panes: { separatorColor: c.grid } },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      rightPriceScale: { borderColor: c.grid },
      timeScale: { borderColor: c.grid },
    });
    main.current?.applyOptions({ upColor: c.up, downColor: c.down, wickUpColor: c.up, wickDownColor: c.down });
    // The candles' colours, readable by a browser test (a canvas has no DOM to look at).
    if (box.current) Object.assign(box.current.dataset, { upColor: c.up, downColor: c.down });
  }, [theme]);

  // Indicator series follow the choice (and the theme's colours); a change redraws.
  useEffect(() => {
    const api = chart.current;
    if (!api) return;
    const c = readChartColors(theme);
    for (const s of [...indicators.current.overlay, ...indicators.current.sub]) api.removeSeries(s);
    while (api.panes().length > 1) api.removePane(api.panes().length - 1);
    const overlayCount = overlay === "none" ? 0 : 3;
    indicators.current.overlay = Array.from({ length: overlayCount }, (_, i) =>
      api.addSeries(LineSeries, {
        color: c.lines[i],
        lineWidth: 1,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
      }),
    );
    indicators.current.sub = [];
    if (sub !== "none") {
      if (sub === "MACD") {
        indicators.current.sub.push(api.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false }, 1));
      }
      const lineCount = sub === "MACD" ? 2 : 3;
      for (let i = 0; i < lineCount; i++) {
        indicators.current.sub.push(
          api.addSeries(
            LineSeries,
            { color: c.lines[i], lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false },
            1,
          ),
        );
      }
      const panes = api.panes();
      panes[0]?.setStretchFactor(3);
      panes[1]?.setStretchFactor(1);
    }
    drawn.current = null;
  }, [overlay, sub, theme]);

  // Data: merge the current bar or one new bar; otherwise redraw everything.
  useEffect(() => {
    const api = chart.current;
    const candleSeries = main.current;
    const volSeries = volume.current;
    if (!api || !candleSeries || !volSeries) return;
    const c = readChartColors(theme);
    const bars = toBars(candles);
    const closes = bars.map((b) => b.close);
    const lines = [...overlayLines(overlay, closes), ...subLines(sub, bars)];
    const series = [...indicators.current.overlay, ...indicators.current.sub];
    const volumeBar = (b: Bar) => ({ time: b.time as Time, value: b.volume, color: b.close >= b.open ? c.upSoft : c.downSoft });
    const point = (values: Series, i: number, kind?: "histogram") => {
      const time = bars[i]!.time as Time;
      const value = values[i];
      if (value === null || value === undefined) return { time };
      return kind === "histogram" ? { time, value, color: value >= 0 ? c.up : c.down } : { time, value };
    };

    const prev = drawn.current;
    const last = bars.length - 1;
    const incremental =
      prev !== null &&
      prev.key === dataKey &&
      bars.length > 0 &&
      ((bars.length === prev.count && bars[last]!.time === prev.lastTime) ||
        (bars.length === prev.count + 1 && bars.length > 1 && bars[last - 1]!.time === prev.lastTime));

    if (incremental) {
      const from = bars.length === prev.count ? last : last - 1;
      for (let i = from; i <= last; i++) {
        candleSeries.update(bars[i]!);
        volSeries.update(volumeBar(bars[i]!));
        lines.forEach((line, n) => series[n]?.update(point(line.values, i, line.kind)));
      }
    } else {
      candleSeries.setData(bars);
      volSeries.setData(bars.map(volumeBar));
      lines.forEach((line, n) => series[n]?.setData(bars.map((_, i) => point(line.values, i, line.kind))));
      if (prev?.key !== dataKey) api.timeScale().scrollToRealTime();
    }
    drawn.current = { key: dataKey, count: bars.length, lastTime: bars[last]?.time ?? 0 };
    // What is drawn, readable from outside (the canvas is not): bar count and the newest close.
    if (box.current) {
      box.current.dataset.bars = String(bars.length);
      box.current.dataset.lastClose = candles.at(-1)?.close ?? "";
    }

    // Legend: the newest value of each line, in the line's colour (display of plotted values).
    const el = legend.current;
    if (el) {
      el.replaceChildren(
        ...lines.map((line) => {
          const span = document.createElement("span");
          const v = line.values[last];
          span.style.color = line.color < 0 ? c.text : (c.lines[line.color] ?? c.text);
          span.textContent = `${line.name} ${v === null || v === undefined ? "--" : fixed(String(v), line.decimals ?? precision)}`;
          return span;
        }),
      );
    }
  }, [candles, dataKey, overlay, sub, theme, precision]);

  return (
    <div className="candle-chart">
      <div className="chart-legend" ref={legend} aria-hidden="true" />
      <div className="chart-canvas" ref={box} data-testid="candle-chart" />
    </div>
  );
}
