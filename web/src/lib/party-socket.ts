import { PartySocket } from "partysocket";

/** The spec's reconnect policy for every room: at most 5 tries, 1 s apart, 20 s to connect. */
const RECONNECT_POLICY = {
  maxRetries: 5,
  minReconnectionDelay: 1000,
  maxReconnectionDelay: 1000,
  reconnectionDelayGrowFactor: 1,
  connectionTimeout: 20_000,
} as const;

/** Opens /parties/<party>/<room> on this origin, over wss when the page is https. */
export function openPartySocket(party: string, room: string, query?: Record<string, string>): PartySocket {
  return new PartySocket({
    host: location.host,
    protocol: location.protocol === "https:" ? "wss" : "ws",
    party,
    room,
    ...(query ? { query } : {}),
    ...RECONNECT_POLICY,
  });
}
