import { useEffect, useRef, useState } from "react";
import type { Depth } from "../../../../schema/api/market.ts";
import { D, dec } from "../../lib/decimal.ts";
import { plotNumber, readChartColors } from "./theme.ts";
import { compact, fixed } from "../../lib/format.ts";

/** Cumulative quantity per price level, best price first (decimal.js sums). */
export function cumulate(levels: [string, string][]): { price: string; total: string }[] {
  let total = new D(0);
  return levels.map(([price, qty]) => {
    total = total.plus(dec(qty));
    return { price, total: total.toFixed() };
  });
}

/**
 * The depth chart: cumulative bids (green, left of the spread) and asks (red,
 * right), drawn on a canvas. Coordinates are JS numbers for plotting only;
 * the labels are formatted from the decimal strings.
 */
export function DepthChart({ depth, precision, theme }: { depth: Depth; precision: number; theme: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });

  useEffect(() => {
    const el = canvas.current!.parentElement!;
    const observer = new ResizeObserver(([entry]) => {
      const r = entry!.contentRect;
      setSize({ w: Math.floor(r.width), h: Math.floor(r.height) });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = canvas.current;
    if (!el || size.w === 0 || size.h === 0) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = size.w * ratio;
    el.height = size.h * ratio;
    const g = el.getContext("2d");
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, size.w, size.h);
    const c = readChartColors(theme);
    const bids = cumulate(depth.bids);
    const asks = cumulate(depth.asks);
    if (!bids.length && !asks.length) return;

    const pad = { top: 18, bottom: 22, left: 4, right: 4 };
    const w = size.w - pad.left - pad.right;
    const h = size.h - pad.top - pad.bottom;
    const lo = plotNumber(bids.at(-1)?.price ?? depth.asks[0]![0]);
    const hi = plotNumber(asks.at(-1)?.price ?? depth.bids[0]![0]);
    const maxTotal = Math.max(plotNumber(bids.at(-1)?.total ?? "0"), plotNumber(asks.at(-1)?.total ?? "0")) || 1;
    const span = hi - lo || 1;
    const x = (price: string) => pad.left + ((plotNumber(price) - lo) / span) * w;
    const y = (total: string) => pad.top + h - (plotNumber(total) / maxTotal) * h;
    const base = pad.top + h;

    const side = (points: { price: string; total: string }[], line: string, fill: string) => {
      if (!points.length) return;
      g.beginPath();
      g.moveTo(x(points[0]!.price), base);
      let prevY = base;
      for (const p of points) {
        g.lineTo(x(p.price), prevY);
        prevY = y(p.total);
        g.lineTo(x(p.price), prevY);
      }
      const edge = points === bids ? pad.left : pad.left + w;
      g.lineTo(edge, prevY);
      g.strokeStyle = line;
      g.lineWidth = 1.5;
      g.stroke();
      g.lineTo(edge, base);
      g.closePath();
      g.fillStyle = fill;
      g.fill();
    };
    side(bids, c.up, c.upSoft);
    side(asks, c.down, c.downSoft);

    // Labels: the price range and the midpoint under the axis, the deepest total at the top.
    g.fillStyle = c.faint;
    g.font = "10px system-ui, sans-serif";
    g.textBaseline = "top";
    const low = bids.at(-1)?.price ?? depth.asks[0]![0];
    const high = asks.at(-1)?.price ?? depth.bids[0]![0];
    const mid = depth.bids[0] && depth.asks[0] ? dec(depth.bids[0][0]).plus(dec(depth.asks[0][0])).div(2).toFixed() : null;
    g.textAlign = "left";
    g.fillText(fixed(low, precision), pad.left, base + 6);
    g.textAlign = "right";
    g.fillText(fixed(high, precision), pad.left + w, base + 6);
    if (mid) {
      g.textAlign = "center";
      g.fillText(fixed(mid, precision), pad.left + w / 2, base + 6);
    }
    g.textAlign = "left";
    const deepest = [bids.at(-1)?.total ?? "0", asks.at(-1)?.total ?? "0"].reduce((a, b) => (dec(a).gt(dec(b)) ? a : b));
    g.fillText(compact(deepest), pad.left, 4);
  }, [depth, precision, theme, size]);

  return (
    <div className="depth-chart">
      <canvas ref={canvas} style={{ width: "100%", height: "100%" }} data-testid="depth-chart" />
    </div>
  );
}
