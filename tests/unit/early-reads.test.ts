import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApi, read, sendEarly } from "../../web/src/lib/api.ts";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { matchesRoute, routeOf } from "../../web/src/boot/route-match.ts";
import { contractReads, tradeReads } from "../../web/src/pages/transaction/first-reads.ts";
import type { Opening } from "../../web/src/pages/types.ts";

// The boot script sends the opened page's first reads before the app's code arrives; the app's first identical request
// takes the answer instead of sending its own. These tests hold the hand-over to one request, for the same session only.

type Sent = { url: string; init: RequestInit };
let sent: Sent[] = [];
let token = "";

beforeEach(() => {
  sent = [];
  token = "";
  vi.useFakeTimers();
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(new Response(JSON.stringify({ type: "ok", message: { n: sent.length } }), { status: 200 }));
  });
  configureApi({
    token: () => token,
    lang: () => "en",
    notify: () => {},
    sessionEnded: () => {},
    verificationRequired: () => {},
    pending: () => {},
    text: (key) => key,
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("early reads", () => {
  it("answer the app's first identical read, so it is sent once", async () => {
    const depth = { path: "/currency/depth", params: { symbol: "BTC/USDT" } };
    sendEarly(depth, "en", "");
    expect(sent.map((s) => s.url)).toEqual(["/api/currency/depth?symbol=BTC%2FUSDT&lang=en"]);
    expect(await read(depth)).toEqual({ n: 1 });
    expect(sent).toHaveLength(1);
    // Only once: a second read asks the server again.
    expect(await read(depth)).toEqual({ n: 2 });
    expect(sent).toHaveLength(2);
  });

  it("hand over a POST read with the same body", async () => {
    const banners = { path: "/news/list", method: "POST" as const, params: { c_id: 5, page: 1, limit: 10 } };
    sendEarly(banners, "en", "");
    expect(String(sent[0]!.init.body)).toBe("c_id=5&page=1&limit=10&lang=en");
    await read(banners);
    expect(sent).toHaveLength(1);
    await read({ ...banners, params: { c_id: 5, page: 2, limit: 10 } });
    expect(sent).toHaveLength(2);
  });

  it("are never handed to another session or language", async () => {
    const wallet = { path: "/wallet/list", method: "POST" as const };
    sendEarly(wallet, "en", "token-a");
    expect(new Headers(sent[0]!.init.headers).get("Authorization")).toBe("token-a");
    token = "token-b";
    await read(wallet);
    expect(sent).toHaveLength(2);
    expect(new Headers(sent[1]!.init.headers).get("Authorization")).toBe("token-b");
    sendEarly({ path: "/menu" }, "fra", "");
    await read({ path: "/menu" });
    expect(sent.map((s) => s.url).slice(2)).toEqual(["/api/menu?lang=fra", "/api/menu?lang=en"]);
  });

  it("are dropped when nobody asks within 20 s", async () => {
    sendEarly({ path: "/menu" }, "en", "");
    vi.advanceTimersByTime(20_001);
    await read({ path: "/menu" });
    expect(sent).toHaveLength(2);
  });

  it("send the page's own request when the early one failed on the network", async () => {
    let first = true;
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
      sent.push({ url, init });
      if (first) {
        first = false;
        return Promise.reject(new TypeError("offline"));
      }
      return Promise.resolve(new Response(JSON.stringify({ type: "ok", message: "fine" }), { status: 200 }));
    });
    sendEarly({ path: "/menu" }, "en", "");
    expect(await read({ path: "/menu" })).toBe("fine");
    expect(sent).toHaveLength(2);
  });
});

describe("the opened route", () => {
  it("matches patterns by segment, with named parts", () => {
    expect(matchesRoute("/", "/")).toBe(true);
    expect(matchesRoute("/", "/market")).toBe(false);
    expect(matchesRoute("/article/:id", "/article/12")).toBe(true);
    expect(matchesRoute("/article/:id", "/article/")).toBe(false);
    expect(matchesRoute("/article/:id", "/article/12/x")).toBe(false);
    expect(matchesRoute("/market", "/market/")).toBe(true);
    expect(matchesRoute("/market", "/market/search")).toBe(false);
  });

  it("is found from the hash with its query, as the router finds it", () => {
    const routes = [{ path: "/" }, { path: "/transaction/contract" }];
    expect(routeOf("", routes).route?.path).toBe("/");
    expect(routeOf("#/", routes).route?.path).toBe("/");
    const contract = routeOf("#/transaction/contract?symbol=AAPL-USDT", routes);
    expect(contract.route?.path).toBe("/transaction/contract");
    expect(contract.query.get("symbol")).toBe("AAPL-USDT");
    expect(routeOf("#/nowhere", routes).route).toBeUndefined();
  });

  it("finds every page of the route tables by its own path", () => {
    // The tables' text, as tests/unit/page-routes.test.ts reads it (their pages are TSX, outside this project's types).
    const tables = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? tables(join(dir, e.name)) : e.name === "routes.ts" ? [readFileSync(join(dir, e.name), "utf8")] : [],
      );
    const pageRoutes = tables(join(import.meta.dirname, "../../web/src/pages")).flatMap((text) =>
      [...text.matchAll(/path: "([^"]+)"/g)].map((m) => ({ path: m[1]! })),
    );
    expect(pageRoutes.length).toBeGreaterThan(100);
    for (const route of pageRoutes) {
      const path = route.path.replace(/:\w+/g, "7");
      expect(routeOf(`#${path}`, pageRoutes).route?.path, path).toBe(route.path);
    }
  });

  const opening = (query: string, stored: Record<string, unknown>): Opening => ({
    query: new URLSearchParams(query),
    signedIn: false,
    stored: (value) => (value.key in stored ? stored[value.key] : value.initial) as never,
  });
  const symbols = (reads: { params?: Record<string, unknown> }[]) => reads.map((r) => r.params?.symbol).filter(Boolean);

  it("reads the trade pair from the query, else the stored last pair, else BTC/USDT", () => {
    expect(symbols(tradeReads(opening("symbol=eth-usdt", { tradeSymbol: "SOL-USDT" })))).toEqual(["ETH/USDT", "ETH/USDT", "ETH/USDT"]);
    expect(symbols(tradeReads(opening("", { tradeSymbol: "SOL-USDT" })))).toEqual(["SOL/USDT", "SOL/USDT", "SOL/USDT"]);
    expect(symbols(tradeReads(opening("", {})))).toEqual(["BTC/USDT", "BTC/USDT", "BTC/USDT"]);
  });

  it("sends for a contract ?symbol= (spot pair or stock) only the quotations, which both kinds read", () => {
    expect(contractReads(opening("symbol=AAPL-USDT", {})).map((r) => r.path)).toEqual(["/currency/quotation_new"]);
    expect(symbols(contractReads(opening("", { tradeSymbol: "ETH-USDT" })))).toEqual(["ETH/USDT", "ETH/USDT", "ETH/USDT"]);
  });
});
