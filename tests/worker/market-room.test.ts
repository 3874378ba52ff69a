import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { MarketRoomOutbound } from "../../schema/api/market.ts";
import type { UserRoomOutbound } from "../../schema/api/realtime.ts";
import { roomRouting } from "../../worker/realtime/guards.ts";
import { api } from "./helpers.ts";
import { placed, seedMarkets, settle, trader } from "./market-helpers.ts";

const BTC_1 = 100_000_000;
const USDT_1 = 1_000_000;

type Frame = MarketRoomOutbound | UserRoomOutbound;
type Socket = { ws: WebSocket; next: (match?: (f: Frame) => boolean, ms?: number) => Promise<Frame>; all: Frame[] };
const open: WebSocket[] = [];

afterEach(() => {
  for (const ws of open.splice(0)) ws.close();
});

beforeAll(async () => {
  await seedMarkets();
});

const upgrade = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(new Request(`http://localhost${path}`, { headers: { Upgrade: "websocket", ...headers } }));

/** Connects and keeps every frame; next() waits for the first frame not yet returned that matches. */
async function connect(path: string): Promise<Socket> {
  const res = await upgrade(path);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const all: Frame[] = [];
  const taken = new Set<number>();
  const waiters: (() => void)[] = [];
  ws.addEventListener("message", (e) => {
    all.push(JSON.parse(e.data as string) as Frame);
    for (const w of waiters.splice(0)) w();
  });
  ws.accept();
  open.push(ws);
  const next = async (match: (f: Frame) => boolean = () => true, ms = 4000): Promise<Frame> => {
    const deadline = Date.now() + ms;
    for (;;) {
      for (let i = 0; i < all.length; i++) {
        if (!taken.has(i) && match(all[i]!)) {
          taken.add(i);
          return all[i]!;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(all.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return { ws, next, all };
}

const isType =
  <T extends Frame["type"]>(type: T) =>
  (f: Frame): f is Extract<Frame, { type: T }> =>
    f.type === type;

describe("market room", () => {
  it("sends a new socket the depth and recent trades, then coalesced updates as orders arrive", async () => {
    const u = await trader({ usdt: 10_000 * USDT_1 });
    await placed(u.token, { side: "buy", amount: "0.01", price: "1000" });
    const s = await connect("/parties/market-room/BTC-USDT");
    const depth = (await s.next(isType("depth"))) as Extract<Frame, { type: "depth" }>;
    expect(depth.symbol).toBe("BTC/USDT");
    expect(depth.depth.bids).toContainEqual(["1000", "0.01"]);
    expect(await s.next(isType("trades"))).toMatchObject({ type: "trades", symbol: "BTC/USDT" });

    for (let i = 0; i < 5; i++) await placed(u.token, { side: "buy", amount: "0.01", price: `${1001 + i}` });
    const update = (await s.next((f) => f.type === "depth" && f.depth.bids.some(([p]) => p === "1005"))) as Extract<
      Frame,
      { type: "depth" }
    >;
    expect(update.depth.bids.slice(0, 2)).toEqual([
      ["1005", "0.01"],
      ["1004", "0.01"],
    ]);
    expect(typeof update.time).toBe("number");
    // Five orders in a burst are at most a few updates (coalesced to 10 per second), not one per order per field.
    const depthFrames = s.all.filter((f) => f.type === "depth").length;
    expect(depthFrames).toBeLessThanOrEqual(6);
  });

  it("answers a malformed frame with BAD_FRAME and keeps serving that socket and the others", async () => {
    const u = await trader({ usdt: 10_000 * USDT_1 });
    const a = await connect("/parties/market-room/BTC-USDT");
    const b = await connect("/parties/market-room/BTC-USDT");
    await a.next(isType("depth"));
    await b.next(isType("depth"));
    for (const bad of [
      "not json",
      JSON.stringify({ type: "nope" }),
      JSON.stringify({ type: "subscribe", periods: ["2min"] }),
      JSON.stringify({ type: "ping", extra: 1 }),
      "x".repeat(5000),
    ]) {
      a.ws.send(bad);
      expect(await a.next((f) => f.type === "error")).toEqual({ type: "error", code: "BAD_FRAME" });
    }
    a.ws.send(JSON.stringify({ type: "ping" }));
    expect(await a.next(isType("pong"))).toEqual({ type: "pong" });
    await placed(u.token, { side: "buy", amount: "0.01", price: "1100" });
    const pred = (f: Frame) => f.type === "depth" && f.depth.bids.some(([p]) => p === "1100");
    await a.next(pred);
    await b.next(pred);
    expect(b.all.some((f) => f.type === "error")).toBe(false);
  });

  it("sends trades, the ticker and candle updates for the periods a socket subscribed to", async () => {
    const seller = await trader({ btc: BTC_1 });
    const buyer = await trader({ usdt: 100_000 * USDT_1 });
    const dflt = await connect("/parties/market-room/BTC-USDT");
    const five = await connect("/parties/market-room/BTC-USDT");
    five.ws.send(JSON.stringify({ type: "subscribe", periods: ["5min", "1D"] }));
    await dflt.next(isType("depth"));
    await five.next(isType("depth"));
    await placed(seller.token, { side: "sell", amount: "0.01", price: "2000" });
    await placed(buyer.token, { side: "buy", amount: "0.01", price: "2000" });
    const trades = (await dflt.next((f) => f.type === "trades" && f.trades.length > 0)) as Extract<Frame, { type: "trades" }>;
    expect(trades.trades[0]).toMatchObject({ price: "2000", qty: "0.01", side: "buy" });
    expect(await dflt.next((f) => f.type === "ticker" && f.ticker.now_price === "2000")).toMatchObject({
      ticker: { symbol: "BTC/USDT", volume: "0.01" },
    });
    expect(await dflt.next(isType("kline"))).toMatchObject({ period: "1min", candle: { close: "2000" } });
    const k = (await five.next(isType("kline"))) as Extract<Frame, { type: "kline" }>;
    expect(["5min", "1D"]).toContain(k.period);
    await new Promise((r) => setTimeout(r, 300));
    expect(five.all.filter((f) => f.type === "kline").every((f) => f.type === "kline" && f.period !== "1min")).toBe(true);
    expect(dflt.all.filter((f) => f.type === "kline").every((f) => f.type === "kline" && f.period === "1min")).toBe(true);
  });

  it("the ALL room sends every market's ticker, then ticker updates", async () => {
    const all = await connect("/parties/market-room/ALL");
    const first = (await all.next(isType("tickers"))) as Extract<Frame, { type: "tickers" }>;
    expect(first.tickers.map((t) => t.symbol).sort()).toEqual(["BTC/USDT", "DOGE/USDT", "ETH/USDT", "SOL/USDT", "TRX/USDT", "XRP/USDT"]);
    const seller = await trader({ btc: BTC_1 });
    const buyer = await trader({ usdt: 100_000 * USDT_1 });
    await placed(seller.token, { side: "sell", amount: "0.01", price: "2100" });
    await placed(buyer.token, { side: "buy", amount: "0.01", price: "2100" });
    const update = await all.next(
      (f) => f.type === "tickers" && f.tickers.some((t) => t.symbol === "BTC/USDT" && t.now_price === "2100"),
      5000,
    );
    expect(update.type).toBe("tickers");
  });

  it("refuses unknown markets and plain HTTP with 404, and a foreign Origin with 403", async () => {
    for (const name of ["NOPE-USDT", "BTCUSDT", "btc-usdt"]) {
      const res = await upgrade(`/parties/market-room/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.webSocket).toBeNull();
    }
    const http = await exports.default.fetch(new Request("http://localhost/parties/market-room/BTC-USDT"));
    expect(http.status).toBe(404);
    const routing = roomRouting({ ...env, SITE_ORIGIN: "https://app.example" });
    const lobby = { party: "market-room", className: "MarketRoom" as const, name: "BTC-USDT" };
    const attempt = (origin: string) =>
      routing.onBeforeConnect!(
        new Request("https://api.example/parties/market-room/BTC-USDT", { headers: { Upgrade: "websocket", Origin: origin } }),
        lobby,
      );
    expect(((await attempt("https://evil.example")) as Response).status).toBe(403);
    expect(await attempt("https://app.example")).toBeInstanceOf(Request);
  });
});

describe("user room: order updates", () => {
  it("every change of an order reaches its owner as {type:'order', order}", async () => {
    const u = await trader({ usdt: 10_000 * USDT_1 });
    const uid = (await env.DB.prepare("SELECT uid FROM users WHERE id = ?").bind(u.id).first<{ uid: string }>())!.uid;
    const room = await connect(`/parties/user-room/${uid}?token=${u.token}`);
    await room.next(isType("unread"));
    const id = await placed(u.token, { side: "buy", amount: "0.01", price: "1200" });
    await settle();
    const opened = (await room.next(isType("order"))) as Extract<Frame, { type: "order" }>;
    expect(opened.order).toMatchObject({ id, symbol: "BTC/USDT", state: "open", status: 1, amount: "0.01", target_price: "1200" });
    await api("/coin/cancel", { token: u.token, form: { id: String(id) } });
    await settle();
    const cancelled = (await room.next((f) => f.type === "order" && f.order.state === "cancelled")) as Extract<Frame, { type: "order" }>;
    expect(cancelled.order).toMatchObject({ id, status: 2 });
  });
});
