import type { NavigateFunction } from "react-router";

/**
 * Navigation for code outside React (the API client's 999/998 handling).
 * The router registers its navigate function here when it mounts.
 */
let navigateFn: NavigateFunction | null = null;

export const registerNavigate = (fn: NavigateFunction) => {
  navigateFn = fn;
};

export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  if (navigateFn) void navigateFn(path, options);
  else location.hash = `#${path}`;
}
