/**
 * What the Market object hands to settlement: one outbox entry per command,
 * holding the D1 steps that command caused, in event order. Pure types and
 * builders. Every step is idempotent on its own:
 *   open  status "pending" → "open" (guarded by version)
 *   fill  one ledger journal keyed "spot:fill:<market>:<seq>" (UNIQUE): consumes the
 *         buyer's quote hold and the seller's base hold, credits both minus fees,
 *         books fees, updates both order rows and records the fill
 *   end   the order's final status and, when something is left of its hold, one
 *         release journal keyed "spot:end:<order>" (UNIQUE)
 *   refused  the "rejected" row of an order the ledger refused after its owner was
 *         answered (INSERT OR IGNORE; nothing was held)
 * A re-applied step changes nothing, so the outbox can be drained at least once.
 */

export type FinalStatus = "filled" | "cancelled" | "rejected";
export type LiveStatus = "open" | "partial";

export type FillSide = {
  order: number;
  owner: number;
  hold: string;
  /** Fee units: base for the buyer, quote for the seller. */
  fee: number;
  /** The order's status after this fill. */
  status: LiveStatus | "filled";
};

export type OpenStep = { k: "open"; seq: number; order: number; owner: number };

export type FillStep = {
  k: "fill";
  /** "<market>:<seq>" */
  id: string;
  seq: number;
  time: number;
  /** Ticks and lots. */
  price: number;
  qty: number;
  baseUnits: number;
  quoteUnits: number;
  takerSide: "buy" | "sell";
  buy: FillSide;
  sell: FillSide;
};

export type EndStep = {
  k: "end";
  seq: number;
  order: number;
  owner: number;
  hold: string;
  holdCurrency: number;
  /** Units of the hold still locked, given back now (0: nothing left). */
  release: number;
  status: FinalStatus;
  reason: string;
};

export type RefusedStep = { k: "refused"; seq: number; order: number; owner: number; reason: string; detail: NewOrder };

export type Step = OpenStep | FillStep | EndStep | RefusedStep;

export type OutboxEntry = { steps: Step[] };

export const fillId = (marketId: number, seq: number): string => `${marketId}:${seq}`;

// ---- what the worker sends to the Market object, and what it answers ----------------

/** An order as the worker hands it to the Market object (engine units plus its ledger hold). */
export type PlaceOrder = {
  id: number;
  owner: number;
  side: "buy" | "sell";
  type: "limit" | "market";
  /** Ticks; 0 for a market order. */
  price: number;
  /** Lots. */
  qty: number;
  tif: "GTC" | "IOC" | "FOK";
  postOnly: boolean;
  /** Market buys: the most engine quote units (ticks × lots) to spend; 0 otherwise. */
  budget: number;
  /** The ledger hold backing the order, in the hold currency's minor units. */
  hold: string;
  holdUnits: number;
  createdAt: number;
};

/**
 * An accepted order as the Market object keeps it until its hold is written: the
 * engine's view plus the texts of its D1 row.
 */
export type NewOrder = PlaceOrder & { priceText: string; amountText: string; holdCurrency: number };

export type Committed = {
  /** Per order id: its row and hold are written ("held"), or the balance could not cover it (nothing written). */
  outcome: Map<number, "held" | "insufficient">;
  /** Available units after the batch, per "owner:currency" it touched (the Market object's balance view). */
  available: Map<string, number>;
};

export const balanceKey = (owner: number, currency: number): string => `${owner}:${currency}`;

export type MarketOrderState = "open" | "partial" | "filled" | "cancelled" | "rejected";

/** The Market object's answer about one order. */
export type OrderView = {
  id: number;
  known: boolean;
  state: MarketOrderState | "unknown";
  /** Lots filled, and lots still on the book. */
  filled: number;
  remaining: number;
  reason: string;
};
