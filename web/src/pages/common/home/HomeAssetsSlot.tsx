import { useAtomValue } from "jotai";
import { type CSSProperties, lazy, Suspense } from "react";
import { tokenAtom } from "../../../features/session/atoms.ts";

const HomeAssetsCard = lazy(() => import("../../fund/HomeAssetsCard.tsx").then((m) => ({ default: m.HomeAssetsCard })));

/** The card's outer size while its chunk loads, so the page below does not jump (see styles/home-assets.css). */
const PLACEHOLDER: CSSProperties = { margin: "12px 16px 0", minHeight: 112 };

/**
 * Slot for the logged-in "total assets" card on home, filled by the money
 * pages (pages/fund/HomeAssetsCard.tsx). HomePage places it below the header.
 * The card (decimal.js, the wallet client, fiat rates) is a lazy chunk loaded
 * only with a session, so a logged-out first visit to home never downloads it.
 */
export function HomeAssetsSlot() {
  const token = useAtomValue(tokenAtom);
  if (!token) return null;
  return (
    <Suspense fallback={<div style={PLACEHOLDER} aria-hidden="true" />}>
      <HomeAssetsCard />
    </Suspense>
  );
}
