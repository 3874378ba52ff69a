import { inArray } from "drizzle-orm";
import { DEFAULT_REBATE_RATE, INVITE_RATE_KEY, INVITE_REQUIRED_KEY, type InviteConfig } from "../../../schema/api/invite.ts";
import { settings } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";

/**
 * The invitation terms: whether registration needs an invite code (`sharar_radio`, the original's name) and the
 * published share of invitees' fees (`invite_rebate_rate`). Both are public settings rows, so GET /getSiteConfig
 * answers them too; operators change them through POST /admin/invite/config, audited.
 */
export async function inviteConfig(db: Db): Promise<InviteConfig> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [INVITE_REQUIRED_KEY, INVITE_RATE_KEY]))
    .all();
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return { required: value(INVITE_REQUIRED_KEY) === "1", rate: value(INVITE_RATE_KEY) || DEFAULT_REBATE_RATE };
}

/** Stores both terms and one audit row per changed key, in one batch. */
export async function saveInviteConfig(db: Db, operatorId: number, next: InviteConfig, now = Date.now()): Promise<InviteConfig> {
  const before = await inviteConfig(db);
  const rows: [string, string, string][] = [
    [INVITE_REQUIRED_KEY, before.required ? "1" : "0", next.required ? "1" : "0"],
    [INVITE_RATE_KEY, before.rate, next.rate],
  ];
  const writes = rows.flatMap(([key, from, to]) => [
    db
      .insert(settings)
      .values({ key, value: to, public: true })
      .onConflictDoUpdate({ target: settings.key, set: { value: to, public: true } }),
    ...(from === to
      ? []
      : [
          auditStatement(
            db,
            { actorId: operatorId, action: "setting.update", subjectType: "setting", subjectId: key, detail: { from, to } },
            now,
          ),
        ]),
  ]);
  await db.batch(writes as [(typeof writes)[number], ...(typeof writes)[number][]]);
  return next;
}
