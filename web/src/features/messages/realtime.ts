import { useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { openPartySocket } from "../../lib/party-socket.ts";
import { queryClient } from "../../lib/query/client.ts";
import { publishUserRoomFrame } from "../../lib/user-room-bus.ts";
import { refreshUser } from "../session/session.ts";
import { tokenAtom, userAtom } from "../session/atoms.ts";
import { unreadAtom } from "./atoms.ts";
import { unreadOf } from "./unread-frame.ts";

/**
 * Opens the private per-user room (/parties/user-room/<uid>?token=...), hands every frame to the features that listen
 * (user-room-bus.ts) and every unread count to `onUnread`. Returns the function that closes it.
 */
export function openUserRoom(uid: string, token: string, onUnread: (count: number) => void): () => void {
  const socket = openPartySocket("user-room", uid, { token });
  let opened = false;
  socket.addEventListener("open", () => {
    // A reconnect: what changed while the socket was down (an order filled, a contract settled) reached no one, so
    // every mounted read runs again. Not on the first open: it comes with the app's start, and re-reading then would
    // double every first visit's reads.
    if (opened) void queryClient.invalidate([]);
    opened = true;
  });
  socket.addEventListener("message", (event: MessageEvent) => {
    publishUserRoomFrame(event.data); // other features' frames (e.g. spot `order` updates) are theirs to parse
    const count = unreadOf(event.data);
    if (count !== null) onUnread(count);
  });
  return () => socket.close();
}

/**
 * Mounted once by the app: while logged in, keeps the user room open and the
 * unread count current; on log-out (token gone) closes it and zeroes the count.
 */
export function UserRealtime(): null {
  const token = useAtomValue(tokenAtom);
  const uid = useAtomValue(userAtom)?.uid;
  const setUnread = useSetAtom(unreadAtom);

  useEffect(() => {
    if (!token) {
      setUnread(0);
      return;
    }
    // A stored token without a stored profile: load it, the room is named by the uid.
    if (!uid) {
      void refreshUser();
      return;
    }
    return openUserRoom(uid, token, setUnread);
  }, [token, uid, setUnread]);

  return null;
}
