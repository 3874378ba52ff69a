import { useEffect, useRef } from "react";
import type { SecondsOrder } from "../../../../schema/api/seconds.ts";
import { parseFrame } from "../../../../schema/api/frame-text.ts";
import { loadUserRoomSchema, subscribeParsedUserRoom } from "../../lib/user-room-bus.ts";

/** Calls `onResult` for every settled seconds order pushed on the user room while mounted. */
export function useSecondsResults(onResult: (order: SecondsOrder) => void): void {
  const handler = useRef(onResult);
  useEffect(() => {
    handler.current = onResult;
  });
  useEffect(
    () =>
      subscribeParsedUserRoom(loadUserRoomSchema, ["seconds_result"], ({ userRoomOutbound }, data) => {
        const frame = parseFrame(userRoomOutbound, data);
        if (frame?.type === "seconds_result") handler.current(frame.order);
      }),
    [],
  );
}
