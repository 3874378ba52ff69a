import { formatPrice } from "../../lib/format.ts";

/** A countdown as h:mm:ss (or mm:ss under an hour), never below zero. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The public trail around a round's two instants (see the price trail page). */
export const roundTrailLink = (r: { symbol: string; cutoff_at: number; ends_at: number }) =>
  `/transaction/price_trail?symbol=${encodeURIComponent(r.symbol.replace("/", "-"))}&from=${r.cutoff_at - 15_000}&to=${r.ends_at + 5_000}`;

/** A trail price as written by the market (trailing zeros dropped), shown grouped with at least 2 decimals. */
export const trailPrice = (price: string) => formatPrice(price, Math.max(2, price.split(".")[1]?.length ?? 0));
