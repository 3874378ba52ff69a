/** Frames larger than this are refused without being parsed (a market room's may be larger; see its own limit). */
export const MAX_FRAME_CHARS = 4096;

/**
 * A socket frame's JSON, before any check of its shape: undefined when it is not text, longer than `maxChars` or not
 * JSON. Apart from the schemas so that a page can read frames without loading zod (see web/src/features/market/frames.ts).
 */
export function frameJson(data: unknown, maxChars: number): unknown {
  if (typeof data !== "string" || data.length > maxChars) return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
