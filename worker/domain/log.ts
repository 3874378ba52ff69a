export type LogLevel = "info" | "warn" | "error";

/**
 * One structured log line: JSON with its level first, which Workers Logs index by field. Lines name what happened
 * with `event` (a request or an object) or the scheduled work it happened in with `job`. Warnings and errors go to
 * stderr, info to stdout. The one way the Worker and the objects log.
 */
export function log(level: LogLevel, fields: Record<string, unknown>): void {
  const line = JSON.stringify({ level, ...fields });
  if (level === "info") console.log(line);
  else console.error(line);
}
