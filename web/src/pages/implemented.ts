import { routeMatcher } from "../lib/route-matcher.ts";
import { pageRoutes } from "./routes.ts";

const pageAt = routeMatcher(pageRoutes);

/**
 * Whether an in-app path has a page yet. Menu entries (home grid, finance tab)
 * point at products that arrive in later issues; until their page is in the
 * route table they show "Feature under development" instead of a 404.
 * The route table is the one place that knows: adding a page enables its entries.
 */
export const isImplementedRoute = (path: string): boolean => pageAt(path) !== null;
