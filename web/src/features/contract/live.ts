import { useEffect, useRef } from "react";
import type { UserRoomOutbound } from "../../../../schema/api/realtime.ts";
import { parseFrame } from "../../../../schema/api/frame-text.ts";
import { loadUserRoomSchema, subscribeParsedUserRoom } from "../../lib/user-room-bus.ts";

/** Live P/L of the user's open positions of one pair at a reference tick (schema/api/realtime.ts). */
export type ContractPl = Extract<UserRoomOutbound, { type: "contract_pl" }>;

/** Calls the handlers for the user room's contract frames of `symbol` ("BTC/USDT") while mounted. */
export function useContractUpdates(symbol: string, on: { pl: (frame: ContractPl) => void; closed: (ids: number[]) => void }): void {
  const handlers = useRef(on);
  useEffect(() => {
    handlers.current = on;
  });
  useEffect(
    () =>
      subscribeParsedUserRoom(loadUserRoomSchema, ["contract_pl", "contract_closed"], ({ userRoomOutbound }, data) => {
        const frame = parseFrame(userRoomOutbound, data);
        if (frame?.type === "contract_pl" && frame.symbol === symbol) handlers.current.pl(frame);
        if (frame?.type === "contract_closed" && frame.symbol === symbol) handlers.current.closed(frame.ids);
      }),
    [symbol],
  );
}
