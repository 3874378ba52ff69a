/**
 * The price a copy trades at, from what a Market or StockFeed object's `prices()` answers: its reference, or none while
 * a stock pair is outside its hours (copies wait for the open, as triggers do) or no reference has arrived yet.
 */
export const tradableReference = (p: { reference: string | null; referenceAt: number | null; open?: boolean }) =>
  p.open !== false && p.reference !== null && p.referenceAt !== null ? { price: p.reference, at: p.referenceAt } : null;
