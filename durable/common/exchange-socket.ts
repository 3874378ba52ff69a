/**
 * The live connection to a public exchange's trade stream that feeds a market's reference price (ExchangeFeed parses
 * what arrives). At most one socket; when it drops or never opens, the next `ensure` after `retryMs` connects again.
 * The connector is injected: the Market object upgrades a fetch (workerd's outbound WebSocket), and tests connect to a
 * local WebSocket server.
 */

export type FeedSocket = {
  addEventListener(type: "message", fn: (e: { data: unknown }) => void): void;
  addEventListener(type: "close" | "error", fn: () => void): void;
  close(): void;
};

export type Connector = (url: string) => Promise<FeedSocket>;

export class ExchangeSocket {
  private ws: FeedSocket | null = null;
  private lastTry = Number.NEGATIVE_INFINITY;
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly opts: {
      url: string;
      retryMs: number;
      connect: Connector;
      onMessage: (text: string) => void;
      onError: (err: unknown) => void;
    },
  ) {}

  get connected(): boolean {
    return this.ws !== null;
  }

  /** Connects unless connected, connecting, or the last try was under `retryMs` ago; resolves when that try ends. */
  ensure(now: number): Promise<void> {
    if (this.ws || this.connecting || now - this.lastTry < this.opts.retryMs) return this.connecting ?? Promise.resolve();
    this.lastTry = now;
    this.connecting = this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  close(): void {
    this.ws?.close();
    this.ws = null;
  }

  private async open(): Promise<void> {
    try {
      const ws = await this.opts.connect(this.opts.url);
      ws.addEventListener("message", (e) => {
        if (typeof e.data === "string") this.opts.onMessage(e.data);
      });
      const drop = () => {
        if (this.ws === ws) this.ws = null;
      };
      ws.addEventListener("close", drop);
      ws.addEventListener("error", drop);
      this.ws = ws;
    } catch (err) {
      this.opts.onError(err);
    }
  }
}
