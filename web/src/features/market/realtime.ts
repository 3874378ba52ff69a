import { startTransition, useEffect, useRef } from "react";
import type { MarketRoomInbound, MarketRoomOutbound, Period, Ticker } from "../../../../schema/api/market.ts";
import { openPartySocket } from "../../lib/party-socket.ts";
import { parseMarketRoomFrame } from "./frames.ts";

/** The room every pair's ticker goes to. */
export const ALL_ROOM = "ALL";

export type MarketRoom = {
  /** Candle updates for these periods (the room sends 1min by default). */
  subscribe(periods: Period[]): void;
  close(): void;
};

/**
 * Opens a public market room (/parties/market-room/<BASE-QUOTE> or .../ALL) and
 * hands every frame that parses against the shared schema to `onFrame`;
 * anything else is dropped. The candle subscription is sent again after every
 * reconnect. What a frame changes renders as a transition (in slices, yielding to the browser): prices arrive
 * several times a second and must never hold the main thread for long.
 */
export function openMarketRoom(room: string, onFrame: (frame: MarketRoomOutbound) => void, periods: Period[] = []): MarketRoom {
  let wanted = periods;
  const socket = openPartySocket("market-room", room);
  const send = (frame: MarketRoomInbound) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  };
  socket.addEventListener("open", () => {
    if (wanted.length) send({ type: "subscribe", periods: wanted });
  });
  socket.addEventListener("message", (event: MessageEvent) => {
    const frame = parseMarketRoomFrame(event.data);
    if (frame) startTransition(() => onFrame(frame));
  });
  return {
    subscribe(next) {
      wanted = next;
      send({ type: "subscribe", periods: next });
    },
    close: () => socket.close(),
  };
}

/**
 * Keeps a market room open while the component is mounted. `onFrame` may change
 * between renders without reconnecting; a new room or period set re-subscribes.
 */
export function useMarketRoom(room: string | null, onFrame: (frame: MarketRoomOutbound) => void, periods: Period[] = []): void {
  const handler = useRef(onFrame);
  const connection = useRef<MarketRoom | null>(null);
  const periodKey = periods.join(",");
  const wanted = useRef(periods);
  useEffect(() => {
    handler.current = onFrame;
    wanted.current = periods;
  });

  useEffect(() => {
    if (!room) return;
    const opened = openMarketRoom(room, (frame) => handler.current(frame), wanted.current);
    connection.current = opened;
    return () => {
      opened.close();
      connection.current = null;
    };
  }, [room]);

  useEffect(() => {
    if (periodKey) connection.current?.subscribe(periodKey.split(",") as Period[]);
  }, [periodKey]);
}

// The all-markets ticker stream, shared by every component that shows live quotes ----------------

type TickerListener = (tickers: Ticker[]) => void;
const tickerListeners = new Set<TickerListener>();
let allRoom: MarketRoom | null = null;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Listens to every pair's ticker from the ALL room. One socket serves all
 * listeners; it closes a few seconds after the last one leaves (so moving
 * between home and the market tab does not reconnect).
 */
export function subscribeTickers(listener: TickerListener): () => void {
  tickerListeners.add(listener);
  clearTimeout(closeTimer);
  allRoom ??= openMarketRoom(ALL_ROOM, (frame) => {
    const tickers = frame.type === "tickers" ? frame.tickers : frame.type === "ticker" ? [frame.ticker] : null;
    if (tickers) for (const l of tickerListeners) l(tickers);
  });
  return () => {
    tickerListeners.delete(listener);
    if (tickerListeners.size) return;
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => {
      if (tickerListeners.size) return;
      allRoom?.close();
      allRoom = null;
    }, 5000);
  };
}
