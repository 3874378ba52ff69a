import * as z from "zod/mini";

/**
 * Settings operators edit in the console (GET and POST /admin/settings), shared
 * by worker and web. Only the keys listed here are editable; each is checked by
 * its own rule before it is stored, and every change is audited.
 */

/** Hosts the app's web view may open (public: the app reads it from GET /getSiteConfig). */
export const WEBVIEW_HOSTS_KEY = "webview_hosts";

export const EDITABLE_SETTINGS = [WEBVIEW_HOSTS_KEY] as const;
export type EditableSetting = (typeof EDITABLE_SETTINGS)[number];

export const WEBVIEW_HOSTS_MAX = 50;

export const adminSettingSchema = z.strictObject({
  key: z.enum(EDITABLE_SETTINGS, { error: "SETTING_NOT_EDITABLE" }),
  value: z.string().check(z.maxLength(4000, { error: "PARAMETER_ERROR" })),
});

export type AdminSetting = { key: EditableSetting; value: string; public: boolean };

/** A host name (labels of letters, digits and dashes), optionally "*." for its subdomains. */
const HOST_RE = /^(\*\.)?(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * The allow-list as typed: host names separated by commas, spaces or lines,
 * lower-cased, duplicates dropped. Answers the first entry that is not a host
 * name (a URL, a path, a port) instead, so the console can say which.
 */
export function parseHostList(text: string): { hosts: string[] } | { invalid: string } {
  const hosts: string[] = [];
  for (const raw of text.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (!HOST_RE.test(entry)) return { invalid: raw.trim() };
    if (!hosts.includes(entry)) hosts.push(entry);
  }
  return { hosts };
}

/** Whether a web view may open a page on `hostname`: listed exactly, or under a listed "*.domain" (not the domain itself). */
export function hostAllowed(hosts: readonly string[], hostname: string): boolean {
  const host = hostname.toLowerCase();
  return hosts.some((h) => (h.startsWith("*.") ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h));
}
