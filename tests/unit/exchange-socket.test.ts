import { afterEach, describe, expect, it } from "vitest";
import { type AddressInfo, WebSocketServer } from "ws";
import { type Connector, ExchangeSocket } from "../../durable/common/exchange-socket.ts";
import { ExchangeFeed } from "../../durable/spot/feed.ts";

/**
 * The live exchange-feed connection against a local WebSocket server (never the real exchange): messages reach the
 * feed, a dropped socket is reconnected after the retry delay and not before, and a refused connection is retried.
 * Node's own WebSocket client stands in for workerd's fetch upgrade.
 */

const servers: WebSocketServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function localServer(): Promise<{ server: WebSocketServer; url: string }> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  return { server, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/stream` };
}

const nodeConnector: Connector = (url) =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.addEventListener("open", () => resolve(ws), { once: true });
    ws.addEventListener("error", () => reject(new Error("connect failed")), { once: true });
  });

const until = async (check: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A Binance combined-stream trade message, as tests/fixtures/binance-btcusdt.jsonl records them. */
const trade = (price: string, time: number) =>
  JSON.stringify({ stream: "btcusdt@trade", data: { e: "trade", E: time, s: "BTCUSDT", t: time, p: price, q: "0.01", T: time } });

describe("the exchange-feed socket", () => {
  it("feeds what the exchange sends into the reference feed", async () => {
    const { server, url } = await localServer();
    server.on("connection", (ws) => ws.send(trade("65000.12", Date.now())));
    const feed = new ExchangeFeed({ symbol: "BTCUSDT", tickSize: "0.01" });
    const errors: unknown[] = [];
    const socket = new ExchangeSocket({
      url,
      retryMs: 1_000,
      connect: nodeConnector,
      onMessage: (text) => feed.onMessage(text, Date.now()),
      onError: (e) => errors.push(e),
    });
    await socket.ensure(Date.now());
    expect(socket.connected).toBe(true);
    await until(() => feed.tick(Date.now()) !== null);
    expect(feed.tick(Date.now())).toBe(6_500_012);
    expect(errors).toEqual([]);
    socket.close();
  });

  it("reconnects after the server drops it, only once the retry delay has passed", async () => {
    const { server, url } = await localServer();
    let connections = 0;
    server.on("connection", (ws) => {
      connections++;
      if (connections === 1) setTimeout(() => ws.terminate(), 20);
    });
    const socket = new ExchangeSocket({ url, retryMs: 500, connect: nodeConnector, onMessage: () => {}, onError: () => {} });
    const t0 = Date.now();
    await socket.ensure(t0);
    await until(() => !socket.connected);
    await socket.ensure(t0 + 100); // too soon: no new connection
    expect(connections).toBe(1);
    expect(socket.connected).toBe(false);
    await socket.ensure(t0 + 600);
    expect(socket.connected).toBe(true);
    await until(() => connections === 2);
    socket.close();
  });

  it("a refused connection is reported and retried after the delay", async () => {
    const { server, url } = await localServer();
    await new Promise((r) => server.close(r));
    servers.length = 0;
    const errors: unknown[] = [];
    const socket = new ExchangeSocket({ url, retryMs: 500, connect: nodeConnector, onMessage: () => {}, onError: (e) => errors.push(e) });
    await socket.ensure(0);
    expect(socket.connected).toBe(false);
    expect(errors).toHaveLength(1);
    await socket.ensure(100);
    expect(errors).toHaveLength(1);
    // The exchange is back on the same port.
    const port = Number(new URL(url).port);
    const back = new WebSocketServer({ host: "127.0.0.1", port });
    servers.push(back);
    await new Promise((r) => back.once("listening", r));
    await socket.ensure(600);
    expect(socket.connected).toBe(true);
    socket.close();
  });
});
