import { matchPath } from "react-router";
import { pageRoutes } from "./routes.ts";

/**
 * Whether an in-app path has a page yet. Menu entries (home grid, finance tab)
 * point at products that arrive in later issues; until their page is in the
 * route table they show "Feature under development" instead of a 404.
 * The route table is the one place that knows: adding a page enables its entries.
 */
export function isImplementedRoute(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] || "/";
  return pageRoutes.some((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}
