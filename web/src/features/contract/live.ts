import { useEffect, useRef } from "react";
import * as z from "zod/mini";
import { parseFrame } from "../../../../schema/api/realtime.ts";
import { subscribeUserRoom } from "../../lib/user-room-bus.ts";

/** The contract frames of the user room (schema/api/realtime.ts): live P/L of open positions, and closes by a trigger. */
const plFrame = z.object({
  type: z.literal("contract_pl"),
  symbol: z.string(),
  price: z.string(),
  at: z.number(),
  positions: z.array(z.object({ id: z.number(), profits: z.string(), risk_rate: z.string() })),
});
const closedFrame = z.object({ type: z.literal("contract_closed"), symbol: z.string(), ids: z.array(z.number()) });

export type ContractPl = z.infer<typeof plFrame>;

/** Calls the handlers for the user room's contract frames of `symbol` ("BTC/USDT") while mounted. */
export function useContractUpdates(symbol: string, on: { pl: (frame: ContractPl) => void; closed: (ids: number[]) => void }): void {
  const handlers = useRef(on);
  useEffect(() => {
    handlers.current = on;
  });
  useEffect(
    () =>
      subscribeUserRoom((data) => {
        const pl = parseFrame(plFrame, data);
        if (pl && pl.symbol === symbol) return handlers.current.pl(pl);
        const closed = parseFrame(closedFrame, data);
        if (closed && closed.symbol === symbol) handlers.current.closed(closed.ids);
      }),
    [symbol],
  );
}
