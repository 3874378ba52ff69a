import { isImplementedRoute } from "../implemented.ts";

const HOME = "/";
/** Resolves a target against a placeholder origin, so anything that leaves the app shows as another origin. */
const BASE = "http://app.invalid";
const AUTH_PAGES = /^\/(login|register|forget|area)(\/|$)/;

/**
 * Where log-in sends the user afterwards: only a known in-app hash route (one
 * the route table has a page for), with its query. Anything else goes home:
 * absolute URLs, "//host", "javascript:", backslashes or control characters,
 * unknown paths, and the auth pages themselves (no loop back to log-in).
 */
export function safeRedirect(target: string | null): string {
  if (!target || !/^\/(?!\/)[\x21-\x7e]*$/.test(target) || target.includes("\\")) return HOME;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return HOME;
  }
  if (url.origin !== BASE || AUTH_PAGES.test(url.pathname) || !isImplementedRoute(url.pathname)) return HOME;
  return `${url.pathname}${url.search}`;
}

/** What the log-in form may be opened with (after sign-up or a reset), passed as router state, not in the URL. */
export type LoginPrefill = { type: "email" | "mobile"; account: string; areaIso?: string };

export const isLoginPrefill = (value: unknown): value is LoginPrefill => {
  const v = value as LoginPrefill | null;
  return !!v && (v.type === "email" || v.type === "mobile") && typeof v.account === "string";
};
