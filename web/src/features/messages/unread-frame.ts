import { frameJson, MAX_FRAME_CHARS } from "../../../../schema/api/frame-text.ts";

/**
 * The unread count a user-room frame carries, or null for any other frame. Checked by hand rather than with the room's
 * zod schema: this module runs on every page of a logged-in user, and zod's first run is a long task on a phone.
 */
export function unreadOf(data: unknown): number | null {
  const json = frameJson(data, MAX_FRAME_CHARS);
  if (typeof json !== "object" || json === null) return null;
  const { type, count } = json as { type?: unknown; count?: unknown };
  return type === "unread" && typeof count === "number" && Number.isSafeInteger(count) && count >= 0 ? count : null;
}
