import { eq, inArray } from "drizzle-orm";
import {
  type AdminSetting,
  EDITABLE_SETTINGS,
  type EditableSetting,
  WEBVIEW_HOSTS_MAX,
  parseHostList,
} from "../../../schema/api/admin-settings.ts";
import { settings } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { badRequest } from "../errors.ts";

/** Whether each editable key is public (readable by the app through GET /getSiteConfig). */
const PUBLIC: Record<EditableSetting, boolean> = { webview_hosts: true };

/** The editable settings with their stored values ("" when unset). */
export async function editableSettings(db: Db): Promise<AdminSetting[]> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...EDITABLE_SETTINGS]))
    .all();
  return EDITABLE_SETTINGS.map((key) => ({ key, value: rows.find((r) => r.key === key)?.value ?? "", public: PUBLIC[key] }));
}

/** Checks a value by its key's rule and answers its canonical text. */
function canonical(key: EditableSetting, value: string): string {
  switch (key) {
    case "webview_hosts": {
      const parsed = parseHostList(value);
      if ("invalid" in parsed) throw badRequest("WEBVIEW_HOST_INVALID", { host: parsed.invalid.slice(0, 80) });
      if (parsed.hosts.length > WEBVIEW_HOSTS_MAX) throw badRequest("WEBVIEW_HOSTS_TOO_MANY", { max: WEBVIEW_HOSTS_MAX });
      return parsed.hosts.join(",");
    }
  }
}

/** Stores an editable setting and its audit row (old and new value) in one batch; answers the stored setting. */
export async function saveSetting(
  db: Db,
  operatorId: number,
  key: EditableSetting,
  value: string,
  now = Date.now(),
): Promise<AdminSetting> {
  const next = canonical(key, value);
  const before = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).get();
  await db.batch([
    db
      .insert(settings)
      .values({ key, value: next, public: PUBLIC[key] })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, public: PUBLIC[key] } }),
    auditStatement(
      db,
      {
        actorId: operatorId,
        action: "setting.update",
        subjectType: "setting",
        subjectId: key,
        detail: { from: before?.value ?? null, to: next },
      },
      now,
    ),
  ]);
  return { key, value: next, public: PUBLIC[key] };
}
