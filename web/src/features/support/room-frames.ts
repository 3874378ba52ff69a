import { parseFrame } from "../../../../schema/api/frame-text.ts";
import type { SupportRoomOutbound } from "../../../../schema/api/support.ts";
import { loadOnce } from "../../lib/load-once.ts";

/**
 * The support room's frames, checked against the shared schema, which is loaded with the room's first frame: importing
 * the support contract builds every schema in it, most of the chat page's longest task when the page imported it.
 * Frames keep their order: each waits for the same load.
 */
const loadSupportSchema = () => import("../../../../schema/api/support.ts");

/** The frame, or null when it does not parse or the schema could not be loaded (the next read of the thread catches up). */
export async function parseSupportRoomFrame(data: unknown): Promise<SupportRoomOutbound | null> {
  try {
    const { supportRoomOutbound } = await loadOnce(loadSupportSchema);
    return parseFrame(supportRoomOutbound, data);
  } catch {
    return null;
  }
}
