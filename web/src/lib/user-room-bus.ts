/**
 * Every frame the private user room delivers, raw, for features other than the
 * one that owns the socket (features/messages/realtime.ts). Each listener parses
 * the frames it cares about with its own schema and ignores the rest.
 */
type Listener = (data: unknown) => void;
const listeners = new Set<Listener>();

export function subscribeUserRoom(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the socket owner for every inbound frame. */
export function publishUserRoomFrame(data: unknown): void {
  for (const listener of listeners) listener(data);
}
