import { inArray } from "drizzle-orm";
import { users } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { SIM_TRADERS } from "../seed/market-seed.ts";

/** The user ids of the seeded simulated traders (none where the seed did not create them, as in production). */
export async function simTraderIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.uid,
        SIM_TRADERS.map((t) => t.uid),
      ),
    );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
