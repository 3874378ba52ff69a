import { lazy, Suspense } from "react";

const HomeMarkets = lazy(() => import("../../market/HomeMarkets.tsx").then((m) => ({ default: m.HomeMarkets })));

/**
 * Slot for the live market sections on home (top gainers, losers, turnover),
 * filled by the markets pages (pages/market/HomeMarkets.tsx). It sits below the
 * fold and brings the market room's socket, so it loads after the first paint.
 */
export function HomeMarketsSlot() {
  return (
    <Suspense fallback={<div className="home-markets-placeholder" />}>
      <HomeMarkets />
    </Suspense>
  );
}
