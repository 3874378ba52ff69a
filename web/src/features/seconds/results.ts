import { useEffect, useRef } from "react";
import { parseFrame, userRoomOutbound } from "../../../../schema/api/realtime.ts";
import type { SecondsOrder } from "../../../../schema/api/seconds.ts";
import { subscribeUserRoom } from "../../lib/user-room-bus.ts";

/** Calls `onResult` for every settled seconds order pushed on the user room while mounted. */
export function useSecondsResults(onResult: (order: SecondsOrder) => void): void {
  const handler = useRef(onResult);
  useEffect(() => {
    handler.current = onResult;
  });
  useEffect(
    () =>
      subscribeUserRoom((data) => {
        const frame = parseFrame(userRoomOutbound, data);
        if (frame?.type === "seconds_result") handler.current(frame.order);
      }),
    [],
  );
}
