import type { TrailEntry } from "../../../schema/api/trail.ts";
import type { Direction, Settlement } from "./payoff.ts";

/** An order as its Seconds object keeps it: everything settlement and the answer need, in minor units. */
export type OpenOrder = {
  id: number;
  userId: number;
  marketId: number;
  symbol: string;
  currencyId: number;
  currencyName: string;
  precision: number;
  type: Direction;
  seconds: number;
  number: number;
  fee: number;
  profitRatio: string;
  lossRatio: string;
  open: TrailEntry;
  createdAt: number;
  handledAt: number;
};

export type Closed = { order: OpenOrder; close: TrailEntry | null; settlement: Settlement };
