import { eq } from "drizzle-orm";
import { settings } from "../../../schema/db/index.ts";
import type { Db } from "../../http/context.ts";

/** Settings marked public, as a key-value map. */
export async function publicSettings(db: Db): Promise<Record<string, string>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.public, true));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
