import { startTransition } from "react";
import type { SiteConfig } from "../../../../schema/api/content.ts";
import { get } from "../../lib/api.ts";
import { store } from "../../lib/ui.ts";
import { siteAtom } from "./atoms.ts";

/**
 * Refreshes the stored site branding from GET /getSiteConfig (name and logos).
 * The stored copy paints the header before the answer; empty values keep it.
 */
export async function refreshSite(): Promise<void> {
  let config: SiteConfig;
  try {
    config = await get<SiteConfig>("/getSiteConfig", undefined, { silent: true, background: true });
  } catch {
    return; // the stored branding stays
  }
  const prev = store.get(siteAtom);
  const next = {
    site_name: config.site_name?.trim() || prev.site_name,
    logo: config.site_logo?.trim() || prev.logo,
    logoRed: config.site_logo?.trim() || prev.logoRed,
    down_logo: config.down_logo?.trim() || prev.down_logo,
  };
  // The header and home render again: as a transition, so a first visit's branding is not one long task.
  if (JSON.stringify(next) !== JSON.stringify(prev)) startTransition(() => store.set(siteAtom, next));
}
