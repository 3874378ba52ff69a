import type { PageRoute } from "../pages/types.ts";

/** Whether a route pattern ("/article/:id") matches a path; the router's own matching decides what renders. */
export function matchesRoute(pattern: string, path: string): boolean {
  const have = path === "/" ? [""] : path.replace(/\/+$/, "").split("/");
  const want = pattern === "/" ? [""] : pattern.split("/");
  return want.length === have.length && want.every((part, i) => (part.startsWith(":") ? have[i] !== "" : part === have[i]));
}

/** The route a hash URL ("#/transaction/contract?symbol=AAPL-USDT") opens, with its query. */
export function routeOf<R extends Pick<PageRoute, "path">>(hash: string, routes: readonly R[]): { route?: R; query: URLSearchParams } {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?");
  return { route: routes.find((r) => matchesRoute(r.path, path || "/")), query: new URLSearchParams(query) };
}
