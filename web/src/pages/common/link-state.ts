import { resolveLink } from "../../features/content/links.ts";
import { isImplementedRoute } from "../implemented.ts";

/**
 * What a content link (menu entry, banner) does when tapped: opens something ("open"), points at a product whose
 * page is not built yet ("soon"), or leads nowhere ("none"). A "soon" entry is hidden or visibly marked, never a
 * dead tap; the route table decides, so an entry switches itself on when its page is added.
 */
export function linkState(link: string): "open" | "soon" | "none" {
  const target = resolveLink(link);
  if (target.kind === "web") return "open";
  if (target.kind === "route") return isImplementedRoute(target.path) ? "open" : "soon";
  return "none";
}
