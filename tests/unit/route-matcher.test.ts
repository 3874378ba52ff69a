import { describe, expect, it } from "vitest";
import { routeMatcher } from "../../web/src/lib/route-matcher.ts";

describe("the route a path opens", () => {
  const routes = ["/", "/market", "/article/:id", "/article/latest", "/transaction/currency", "/docs/*"].map((path) => ({ path }));
  const routeAt = routeMatcher(routes);
  const has = (path: string) => routeAt(path) !== null;

  it("knows paths by exact pattern, by parameter and splat, and ignores the query", () => {
    expect(has("/")).toBe(true);
    expect(has("/market")).toBe(true);
    expect(has("/article/42")).toBe(true);
    expect(has("/docs/a/b")).toBe(true);
    expect(has("/transaction/currency?symbol=BTC-USDT")).toBe(true);
    expect(has("/Market")).toBe(true); // the router matches without regard to case, and so does this
  });

  it("answers no for a path without a route, the same when asked again", () => {
    expect(has("/lockming/lockming")).toBe(false);
    expect(has("/lockming/lockming")).toBe(false);
    expect(has("/article")).toBe(false);
    expect(has("/article/42/comments")).toBe(false);
  });

  it("gives the route the router would render: fixed segments before parameters, the same route for each path", () => {
    expect(routeAt("/article/latest")?.path).toBe("/article/latest");
    expect(routeAt("/article/42")?.path).toBe("/article/:id");
    expect(routeAt("/Market")).toBe(routeAt("/market"));
  });
});
