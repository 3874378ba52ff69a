import { useEffect, useRef } from "react";
import type { SpotOrder } from "../../../../schema/api/market.ts";
import { subscribeParsedUserRoom } from "../../lib/user-room-bus.ts";
import { isOpen } from "./orders.ts";

const loadOrderFrame = () => import("./order-frame.ts");

/** Calls `onOrder` for every `{type:"order"}` frame of the user room while mounted (the room is open while logged in). */
export function useOrderUpdates(onOrder: (order: SpotOrder) => void): void {
  const handler = useRef(onOrder);
  useEffect(() => {
    handler.current = onOrder;
  });
  useEffect(
    () =>
      subscribeParsedUserRoom(loadOrderFrame, ["order"], ({ parseOrderFrame }, data) => {
        const frame = parseOrderFrame(data);
        if (frame) handler.current(frame.order);
      }),
    [],
  );
}

/** An open-orders list after an update: changed in place, dropped once it is no longer open, added on top when new. */
export function mergeOpenOrder(list: SpotOrder[], order: SpotOrder): SpotOrder[] {
  const at = list.findIndex((o) => o.id === order.id);
  if (!isOpen(order)) return at >= 0 ? list.filter((o) => o.id !== order.id) : list;
  if (at >= 0) return list.map((o) => (o.id === order.id ? order : o));
  return [order, ...list];
}

/** A history list after an update: a finished order goes on top (once). */
export function mergeHistoryOrder(list: SpotOrder[], order: SpotOrder): SpotOrder[] {
  if (isOpen(order)) return list;
  const rest = list.filter((o) => o.id !== order.id);
  return [order, ...rest];
}
