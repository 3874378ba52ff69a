/** One structured log line (JSON on stderr, which Workers Logs index by field); the objects log only what went wrong. */
export function log(level: "error" | "warn", event: string, fields: Record<string, unknown>): void {
  console.error(JSON.stringify({ level, event, ...fields }));
}
