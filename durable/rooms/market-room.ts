import { database } from "../../worker/domain/db.ts";
import { type Connection, Server, type WSMessage } from "partyserver";
import {
  type Depth,
  type MarketRoomOutbound,
  marketRoomInbound,
  type Period,
  type PublicTrade,
  type Ticker,
} from "../../schema/api/market.ts";
import { loadMarkets } from "../../worker/domain/markets/markets.ts";
import { tickerOf, tickerRows } from "../../worker/domain/markets/tickers.ts";
import type { Env } from "../../worker/domain/env.ts";
import { readFrame } from "../common/frames.ts";
import type { MarketSnapshot } from "../spot/publisher.ts";
import { log } from "../../worker/domain/log.ts";

/**
 * Public, read-only market rooms (partyserver): /parties/market-room/BTC-USDT for
 * one market, /parties/market-room/ALL for every market's ticker. The Market
 * object publishes coalesced updates (at most 10 per second) and the room fans
 * them out, so the matching object never writes to thousands of sockets.
 * Inbound frames: ping, and subscribe to candle periods (default 1min). A frame
 * that does not parse gets {type:"error",code:"BAD_FRAME"}; the room goes on.
 * Hibernates between updates; what it caches is only a copy for new sockets.
 */

type ConnState = { periods: Period[] };
const DEFAULT_PERIODS: Period[] = ["1min"];
const ALL = "ALL";

export class MarketRoom extends Server<Env> {
  static override options = { hibernate: true };

  #ticker: Ticker | null = null;
  #depth: Depth | null = null;
  #trades: PublicTrade[] = [];
  #tickers = new Map<string, Ticker>();
  #tickersLoaded = false;
  #periods = new WeakMap<WebSocket, readonly Period[]>();

  override async onConnect(connection: Connection<ConnState>): Promise<void> {
    connection.setState({ periods: DEFAULT_PERIODS });
    this.#periods.set(connection, DEFAULT_PERIODS);
    if (this.name === ALL) {
      if (!this.#tickersLoaded) await this.#loadTickers();
      send(connection, { type: "tickers", tickers: [...this.#tickers.values()] });
      return;
    }
    if (!this.#depth) await this.#loadSnapshot();
    const symbol = this.name.replace("-", "/");
    if (this.#ticker) send(connection, { type: "ticker", ticker: this.#ticker });
    send(connection, { type: "depth", symbol, depth: this.#depth ?? { bids: [], asks: [] }, time: Date.now() });
    send(connection, { type: "trades", symbol, trades: this.#trades, time: Date.now() });
  }

  override onMessage(connection: Connection<ConnState>, message: WSMessage): void {
    const frame = readFrame(connection, marketRoomInbound, message);
    if (frame?.type === "subscribe") {
      const periods = [...new Set(frame.periods)];
      connection.setState({ periods });
      this.#periods.set(connection, periods);
    }
  }

  /** Rooms are for sockets; plain HTTP is refused before it gets here (worker/realtime/guards.ts). */
  override onRequest(): Response {
    return new Response("Not found", { status: 404 });
  }

  /**
   * RPC from a Market object: fan the frames out, kline frames only to sockets
   * subscribed to that period. One pass over the room's sockets per publish,
   * straight on the hibernatable sockets (partyserver's broadcast re-reads every
   * socket's attachment per frame, which dominates at a thousand sockets).
   */
  publish(frames: MarketRoomOutbound[]): void {
    const plain: string[] = [];
    const klines: [Period, string][] = [];
    for (const frame of frames) {
      this.#remember(frame);
      if (frame.type === "kline") klines.push([frame.period, JSON.stringify(frame)]);
      else plain.push(JSON.stringify(frame));
    }
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.READY_STATE_OPEN) continue;
      try {
        for (const text of plain) ws.send(text);
        if (klines.length > 0) {
          const periods = this.#periodsOf(ws);
          for (const [period, text] of klines) if (periods.includes(period)) ws.send(text);
        }
      } catch {
        /* a socket that closed meanwhile */
      }
    }
  }

  /** A socket's candle periods: cached per socket, read from its state once after a wake. */
  #periodsOf(ws: WebSocket): readonly Period[] {
    let periods = this.#periods.get(ws);
    if (!periods) {
      periods = (ws as Connection<ConnState>).state?.periods ?? DEFAULT_PERIODS;
      this.#periods.set(ws, periods);
    }
    return periods;
  }

  #remember(frame: MarketRoomOutbound): void {
    switch (frame.type) {
      case "ticker":
        this.#ticker = frame.ticker;
        return;
      case "tickers":
        for (const t of frame.tickers) this.#tickers.set(t.symbol, t);
        return;
      case "depth":
        this.#depth = frame.depth;
        return;
      case "trades":
        this.#trades = [...frame.trades, ...this.#trades].slice(0, 50);
        return;
      default:
        return;
    }
  }

  async #loadSnapshot(): Promise<void> {
    try {
      // Typed structurally: a room does not import the Market object's module.
      const market = this.env.Market.getByName(this.name) as unknown as { snapshot(): Promise<MarketSnapshot> };
      const snap = await market.snapshot();
      this.#ticker ??= snap.ticker;
      this.#depth ??= snap.depth;
      if (this.#trades.length === 0) this.#trades = snap.trades;
    } catch (err) {
      log("warn", { event: "market_room_snapshot_failed", room: this.name, error: String(err) });
    }
  }

  async #loadTickers(): Promise<void> {
    const db = database(this.env.DB);
    const [list, rows] = await Promise.all([loadMarkets(db), tickerRows(db)]);
    // Tickers published since the room woke are newer than the D1 copy: keep them.
    for (const m of list) if (m.enabled && !this.#tickers.has(m.symbol)) this.#tickers.set(m.symbol, tickerOf(m, rows.get(m.id)));
    this.#tickersLoaded = true;
  }
}

const send = (connection: Connection, frame: MarketRoomOutbound) => connection.send(JSON.stringify(frame));
