import { HomeAssetsCard } from "../../fund/HomeAssetsCard.tsx";

/**
 * Slot for the logged-in "total assets" card on home, filled by the money
 * pages (pages/fund/HomeAssetsCard.tsx). HomePage places it below the header.
 */
export function HomeAssetsSlot() {
  return <HomeAssetsCard />;
}
