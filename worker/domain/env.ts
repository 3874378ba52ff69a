/** Bindings, vars and secrets of the Worker (see wrangler.toml and README "Configuration"). */
declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      FILES: R2Bucket;
      ASSETS: Fetcher;
      UserRoom: DurableObjectNamespace;
      /** Per-market order book object and its public room (durable/spot). */
      Market: DurableObjectNamespace;
      MarketRoom: DurableObjectNamespace;
      /** The earn products' chunked daily jobs (durable/earn), one instance named "earn". */
      EarnJobs: DurableObjectNamespace;
      /** Customer-service chat: a room per conversation, and the agents' desk (durable/support). */
      SupportRoom: DurableObjectNamespace;
      SupportDesk: DurableObjectNamespace;
      /** Per-market seconds contracts (durable/seconds). */
      SecondsMarket: DurableObjectNamespace;
      /** Per-contract-pair trigger ladders and settlement outbox (durable/contract). */
      ContractMarket: DurableObjectNamespace;
      /** Per-market quiz rounds: settlement at each end, hourly planning (durable/quiz). */
      QuizMarket: DurableObjectNamespace;
      /** One object per NFT auction lot, and each auction item's public bid room (durable/auction). */
      AuctionLot: DurableObjectNamespace;
      AuctionRoom: DurableObjectNamespace;
      /** Per-stock-pair reference feed with NYSE hours and its price trail (durable/stocks). */
      StockFeed: DurableObjectNamespace;
      /** Stock reference feed: "simulator" (default, local only), "finnhub" or "off". */
      STOCK_FEED?: string;
      /** Secret: Finnhub API token for STOCK_FEED=finnhub. */
      FINNHUB_TOKEN?: string;
      /** Reference price feed of the markets: "simulator" (default), "binance" or "off". */
      MARKET_FEED?: string;
      /** Orders one user may send to one market per second (default 20); beyond it, 429. */
      ORDER_LIMIT_PER_SECOND?: string;
      /** "production" or "development"; development enables the outbox page and endpoint. */
      ENVIRONMENT: string;
      /** Public origin of the site, used for Origin checks on sockets and wallet messages. */
      SITE_ORIGIN: string;
      /** Secret: mixed into every password hash. */
      PASSWORD_PEPPER?: string;
      /** HTTP mail API (production transport). */
      MAIL_API_URL: string;
      MAIL_API_KEY?: string;
      /** HTTP SMS API (production transport). */
      SMS_API_URL: string;
      SMS_API_KEY?: string;
      /** Fiat rate provider; empty means keep the stored rates. */
      FIAT_RATES_URL: string;
    }
  }
}

export type Env = Cloudflare.Env;

/** Local runs (wrangler dev, tests): codes go to the outbox table, and /dev/outbox exists. */
export const isLocalEnvironment = (env: Pick<Env, "ENVIRONMENT">): boolean =>
  env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test";
