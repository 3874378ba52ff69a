/**
 * Links that come from content (banner `link`, menu `url`): an in-app hash
 * route, an external http(s) page (opened in the web view), or nothing.
 * Anything else (javascript:, data:, protocol-relative //host) is ignored.
 */
export type LinkTarget = { kind: "route"; path: string } | { kind: "web"; url: string } | { kind: "none" };

const NONE: LinkTarget = { kind: "none" };

/** True for an absolute http: or https: URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export function resolveLink(raw: string): LinkTarget {
  const link = raw.trim();
  if (!link) return NONE;
  if (/^https?:\/\//i.test(link)) {
    if (!isHttpUrl(link)) return NONE;
    const url = new URL(link);
    // A link to this app itself opens the route, not the app inside its own web view.
    if (url.origin === location.origin && url.hash.startsWith("#/")) return { kind: "route", path: url.hash.slice(1) };
    return { kind: "web", url: url.href };
  }
  if (link.startsWith("#/")) return { kind: "route", path: link.slice(1) };
  if (link.startsWith("/") && !link.startsWith("//")) return { kind: "route", path: link };
  return NONE;
}

/** The in-app web view for an external page. */
export const webViewPath = (url: string) => `/webView?url=${encodeURIComponent(url)}`;
