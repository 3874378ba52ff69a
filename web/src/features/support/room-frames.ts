import type { SupportRoomOutbound } from "../../../../schema/api/support.ts";
import { loadOnce } from "../../lib/load-once.ts";

/**
 * The support room's frames, checked against the shared schema, which is loaded with the room's first frame:
 * importing the support contract builds every schema in it, and the frame parser brings the user room's too; at the
 * chat page's import they were most of its longest task. Frames keep their order: each waits for the same load.
 */
const loadSchemas = () => Promise.all([import("../../../../schema/api/realtime.ts"), import("../../../../schema/api/support.ts")]);

/** The frame, or null when it does not parse or the schema could not be loaded (the next read of the thread catches up). */
export async function parseSupportRoomFrame(data: unknown): Promise<SupportRoomOutbound | null> {
  try {
    const [{ parseFrame }, { supportRoomOutbound }] = await loadOnce(loadSchemas);
    return parseFrame(supportRoomOutbound, data);
  } catch {
    return null;
  }
}
