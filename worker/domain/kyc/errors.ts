/** The "table.column, ..." list of a SQLite UNIQUE or NOT NULL failure anywhere in an error's cause chain, else null. */
export function constraintFailure(err: unknown, kind: "UNIQUE" | "NOT NULL"): string | null {
  const pattern = new RegExp(`${kind} constraint failed: ([\\w.]+(?:, [\\w.]+)*)`);
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const match = pattern.exec(String((e as { message?: unknown }).message ?? e));
    if (match) return match[1]!;
  }
  return null;
}
