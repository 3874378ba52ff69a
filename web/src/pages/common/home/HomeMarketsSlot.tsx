import { HomeMarkets } from "../../market/HomeMarkets.tsx";

/**
 * Slot for the live market sections on home (top gainers, losers, turnover),
 * filled by the markets pages (pages/market/HomeMarkets.tsx). HomePage places
 * it below the menu grid.
 */
export function HomeMarketsSlot() {
  return <HomeMarkets />;
}
