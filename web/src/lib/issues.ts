import * as z from "zod/mini";

/**
 * The first issue code per field when `input` is checked against a shared
 * schema (schema/api/*): the same rules the worker applies. Issue messages of
 * those schemas are stable codes; pages translate them.
 */
export function fieldIssues(schema: z.ZodMiniType, input: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const result = z.safeParse(schema, input);
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
