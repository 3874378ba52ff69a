import { routePartykitRequest } from "partyserver";
import type { EarnJobs } from "../durable/earn/earn-jobs.ts";
import type { ContractMarket } from "../durable/contract/contract-market.ts";
import type { Market } from "../durable/spot/market.ts";
import type { QuizMarket } from "../durable/quiz/quiz-market.ts";
import { createApp } from "./app.ts";
import { MARKETS_CRON, runContractsCron, runMarketsCron, runOvernightFees, runQuizCron, runScheduled } from "./cron.ts";
import { runAuctionCron } from "./auction-cron.ts";
import type { Env } from "./domain/env.ts";
import { roomName } from "./domain/markets/config.ts";
import { roomRouting } from "./realtime/guards.ts";
import { devOutboxPage } from "./routes/dev-outbox.ts";
import { log } from "./domain/log.ts";

export { UserRoom } from "../durable/rooms/user-room.ts";
export { Market } from "../durable/spot/market.ts";
export { MarketRoom } from "../durable/rooms/market-room.ts";
export { EarnJobs } from "../durable/earn/earn-jobs.ts";
export { SupportRoom } from "../durable/support/support-room.ts";
export { SupportDesk } from "../durable/support/support-desk.ts";
export { SecondsMarket } from "../durable/seconds/seconds-market.ts";
export { ContractMarket } from "../durable/contract/contract-market.ts";
export { QuizMarket } from "../durable/quiz/quiz-market.ts";
export { AuctionLot } from "../durable/auction/auction-lot.ts";
export { AuctionRoom } from "../durable/auction/auction-room.ts";
export { StockFeed } from "../durable/stocks/stock-feed.ts";

const app = createApp();

/** Wakes one market's object (it boots and arms its alarm); see worker/domain/markets/wake.ts. */
const wakeMarket = (env: Env) => (symbol: string) => (env.Market as DurableObjectNamespace<Market>).getByName(roomName(symbol)).wake();

/** Arms the earn products' job alarm (durable/earn/earn-jobs.ts); failures are logged, never thrown. */
const kickEarnJobs = (env: Env) =>
  (env.EarnJobs as DurableObjectNamespace<EarnJobs>)
    .getByName("earn")
    .nudge()
    .catch((err: unknown) => log("error", { job: "earn_kick", error: String(err) }));

/** Wakes one contract pair's object (it boots, rebuilds its triggers from D1 and arms its alarm). */
const wakeContract = (env: Env) => (symbol: string) =>
  (env.ContractMarket as DurableObjectNamespace<ContractMarket>).getByName(roomName(symbol)).state();

/** Wakes one market's quiz object (it boots, plans its hourly rounds and arms settlement). */
const wakeQuiz = (env: Env) => (symbol: string) =>
  (env.QuizMarket as DurableObjectNamespace<QuizMarket>).getByName(roomName(symbol)).refresh();

/**
 * The isolate's first request wakes every market and the earn jobs once (after answering), so they run before the first
 * cron. Not under test: markets ticking in the background of unrelated test files only add noise; market tests wake them explicitly.
 */
let marketsWoken = false;

export default {
  async fetch(request, env, ctx) {
    if (!marketsWoken && env.ENVIRONMENT !== "test") {
      marketsWoken = true;
      ctx.waitUntil(
        Promise.all([runMarketsCron(env, wakeMarket(env)), runContractsCron(env, wakeContract(env)), runQuizCron(env, wakeQuiz(env))]),
      );
      ctx.waitUntil(kickEarnJobs(env));
    }
    const url = new URL(request.url);
    if (url.pathname.startsWith("/parties/")) {
      return (await routePartykitRequest(request, env, roomRouting(env))) ?? new Response("Not found", { status: 404 });
    }
    if (url.pathname.startsWith("/api/") || url.pathname === "/api") return app.fetch(request, env, ctx);
    if (url.pathname.startsWith("/dev/")) return devOutboxPage(request, env);
    return env.ASSETS.fetch(request);
  },
  async scheduled(controller, env) {
    if (controller.cron === MARKETS_CRON) {
      // The earn jobs' object keeps its own alarm chain; the kick restarts it should it ever stop.
      await Promise.all([
        runMarketsCron(env, wakeMarket(env)),
        runContractsCron(env, wakeContract(env)),
        runQuizCron(env, wakeQuiz(env)),
        kickEarnJobs(env),
        runAuctionCron(env),
      ]);
    } else {
      const contracts = env.ContractMarket as DurableObjectNamespace<ContractMarket>;
      await Promise.all([
        runScheduled(env, controller.scheduledTime),
        runOvernightFees(env, controller.scheduledTime, (symbol, ids) => contracts.getByName(roomName(symbol)).refresh(ids)),
      ]);
    }
  },
} satisfies ExportedHandler<Env>;

/** The composition root's own exports and objects, for `cloudflare:workers` typing (tests read `exports.default`). */
declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof import("./index.ts");
      durableNamespaces:
        | "UserRoom"
        | "Market"
        | "MarketRoom"
        | "EarnJobs"
        | "SupportRoom"
        | "SupportDesk"
        | "SecondsMarket"
        | "ContractMarket"
        | "QuizMarket"
        | "AuctionLot"
        | "AuctionRoom"
        | "StockFeed";
    }
  }
}
