import { matchRoutes } from "react-router";

/**
 * The route a path ("/article/42?x=1") opens, by the router's own rules (the most specific pattern first), or null.
 * Answers are kept per path: matchRoutes flattens and ranks the whole table on every call (some 25 ms of a phone's
 * first render for 120 routes), and home asks about each of its links on every render. A path that is a route's
 * path exactly is that route, without matching (no pattern outranks one made only of fixed segments).
 */
export function routeMatcher<R extends { path: string }>(routes: readonly R[]): (path: string) => R | null {
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const patterns = routes.map((r) => ({ path: r.path }));
  const answers = new Map<string, R | null>();
  return (path) => {
    const pathname = path.split(/[?#]/)[0] || "/";
    const exact = byPath.get(pathname);
    if (exact) return exact;
    let route = answers.get(pathname);
    if (route === undefined) {
      const found = matchRoutes(patterns, pathname)?.[0]?.route.path;
      route = (found !== undefined && byPath.get(found)) || null;
      answers.set(pathname, route);
    }
    return route;
  };
}
