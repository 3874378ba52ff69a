import type { RealState } from "../../../schema/api/profile.ts";

type Verification = { id: number; level: number; status: "auditing" | "hasaudit" | "failed" };

/**
 * Identity verification summary from a user's submissions: `level` is the
 * highest level passed (0, 1 basic, 2 advanced); `status` is the state of the
 * latest submission, or "noaudit" when there is none.
 */
export function deriveRealState(rows: readonly Verification[]): RealState {
  let level: 0 | 1 | 2 = 0;
  let latest: Verification | undefined;
  for (const row of rows) {
    if (row.status === "hasaudit" && (row.level === 1 || row.level === 2) && row.level > level) level = row.level;
    if (!latest || row.id > latest.id) latest = row;
  }
  return { level, status: latest ? latest.status : "noaudit" };
}
