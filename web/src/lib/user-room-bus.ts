import { loadOnce } from "./load-once.ts";

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

/**
 * Like subscribeUserRoom, with the frames parsed by a module loaded with the first frame: a user room is quiet until
 * something of the user's changes, so its schemas (and zod) stay out of a page's first visit. Frames keep their order.
 */
export function subscribeParsedUserRoom<M>(load: () => Promise<M>, listener: (module: M, data: unknown) => void): () => void {
  let subscribed = true;
  const unsubscribe = subscribeUserRoom((data) => {
    loadOnce(load).then(
      (module) => {
        if (subscribed) listener(module, data);
      },
      () => {}, // a chunk that failed to load is tried again with the next frame
    );
  });
  return () => {
    subscribed = false;
    unsubscribe();
  };
}

/** The user room's shared zod schema, for subscribeParsedUserRoom: one loader, so every feature shares one load. */
export const loadUserRoomSchema = () => import("../../../schema/api/realtime.ts");

/** Called by the socket owner for every inbound frame. */
export function publishUserRoomFrame(data: unknown): void {
  for (const listener of listeners) listener(data);
}
