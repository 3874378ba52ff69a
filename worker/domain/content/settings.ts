import { eq } from "drizzle-orm";
import type { SettingEntry, SiteConfig } from "../../../schema/api/content.ts";
import { settings } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";

/**
 * Keys GET /getSiteConfig always answers (empty string when unset or not
 * public), so the client never has to guess whether a key exists.
 * Support links: zxkf_url (online support), telegram_url, whatsApp_url, line_url.
 * version is "wgt|apk,<version>" as the original app-update check reads it.
 */
export const SITE_CONFIG_KEYS = [
  "site_name",
  "site_logo",
  "down_logo",
  "zxkf_url",
  "telegram_url",
  "whatsApp_url",
  "line_url",
  "apk_download_url",
  "ios_apk_download_url",
  "version",
  /** Hosts the web view may open (operators edit it in the console). */
  "webview_hosts",
] as const;

/** Settings marked public, as a key-value map. */
export async function publicSettings(db: Db): Promise<Record<string, string>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.public, true));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** GET /getSiteConfig: every public setting, with the known keys filled in. Never a non-public row. */
export async function siteConfig(db: Db): Promise<SiteConfig> {
  const stored = await publicSettings(db);
  const defaults: SiteConfig = Object.fromEntries(SITE_CONFIG_KEYS.map((key) => [key, ""]));
  return { ...defaults, ...stored };
}

/**
 * One setting for GET /getSetting. Public rows are for everyone; other rows
 * only for operators (the original answered any key to anyone). Null means
 * "answer 404", so a caller cannot tell a private key from a missing one.
 * `isOperator` is asked only for a private row, so public reads never look up a session.
 */
export async function readSetting(db: Db, key: string, isOperator: () => Promise<boolean>): Promise<SettingEntry | null> {
  const row = await db.select().from(settings).where(eq(settings.key, key)).get();
  if (!row || (!row.public && !(await isOperator()))) return null;
  return { key: row.key, value: row.value };
}
