import { frameJson } from "../../../schema/api/frame-text.ts";
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
 * Like subscribeUserRoom, for the frames of the given types, parsed by a module loaded with the first of them: a user
 * room is quiet until something of the user's changes, so its schemas (and zod) stay out of a page's first visit. The
 * type is read by hand first, so the room's other frames (the unread count on connecting, the heartbeat's pong) never
 * load the module: on the seconds page that load was a long task of its first visit. Frames keep their order.
 */
export function subscribeParsedUserRoom<M>(
  load: () => Promise<M>,
  types: readonly string[],
  listener: (module: M, data: unknown) => void,
): () => void {
  let subscribed = true;
  const unsubscribe = subscribeUserRoom((data) => {
    if (!types.includes(frameType(data))) return;
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

/** A frame's `type`, or "" when it has none (not text, not JSON, not an object). Each parser bounds the size itself. */
function frameType(data: unknown): string {
  const json = frameJson(data, Number.POSITIVE_INFINITY);
  const type = typeof json === "object" && json !== null ? (json as { type?: unknown }).type : undefined;
  return typeof type === "string" ? type : "";
}

/** The user room's shared zod schema, for subscribeParsedUserRoom: one loader, so every feature shares one load. */
export const loadUserRoomSchema = () => import("../../../schema/api/realtime.ts");

/** Called by the socket owner for every inbound frame. */
export function publishUserRoomFrame(data: unknown): void {
  for (const listener of listeners) listener(data);
}
