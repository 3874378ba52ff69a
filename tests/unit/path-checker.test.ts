import { describe, expect, it } from "vitest";
import { pathChecker } from "../../web/src/lib/path-checker.ts";

describe("whether a path has a route", () => {
  const has = pathChecker(["/", "/market", "/article/:id", "/transaction/currency", "/docs/*"]);

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
});
