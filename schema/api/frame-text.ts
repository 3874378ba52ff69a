import type * as z from "zod/mini";

/** Frames larger than this are refused without being parsed (a market room's may be larger; see its own limit). */
export const MAX_FRAME_CHARS = 4096;

/**
 * A socket frame's JSON, before any check of its shape: undefined when it is not text, longer than `maxChars` or not
 * JSON. This module builds no schema and runs no zod of its own, so a page can read frames without loading zod (see
 * web/src/features/market/frames.ts), and a feature can parse its frames without building every room's schemas.
 */
export function frameJson(data: unknown, maxChars: number): unknown {
  if (typeof data !== "string" || data.length > maxChars) return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** A text frame parsed against a schema; null when it is not text, too big, not JSON or not valid. */
export function parseFrame<S extends z.ZodMiniType>(schema: S, data: unknown, maxChars = MAX_FRAME_CHARS): z.output<S> | null {
  const json = frameJson(data, maxChars);
  if (json === undefined) return null;
  const result = schema.safeParse(json);
  return result.success ? result.data : null;
}
