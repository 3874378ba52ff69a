import { routePartykitRequest } from "partyserver";
import { createApp } from "./app.ts";
import { runScheduled } from "./cron.ts";
import type { Env } from "./domain/env.ts";
import { roomRouting } from "./realtime/guards.ts";
import { devOutboxPage } from "./routes/dev-outbox.ts";

export { UserRoom } from "../durable/rooms/user-room.ts";
export { Market } from "../durable/spot/market.ts";
export { MarketRoom } from "../durable/rooms/market-room.ts";

const app = createApp();

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/parties/")) {
      return (await routePartykitRequest(request, env, roomRouting(env))) ?? new Response("Not found", { status: 404 });
    }
    if (url.pathname.startsWith("/api/") || url.pathname === "/api") return app.fetch(request, env, ctx);
    if (url.pathname.startsWith("/dev/")) return devOutboxPage(request, env);
    return env.ASSETS.fetch(request);
  },
  async scheduled(controller, env) {
    await runScheduled(env, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;

/** The composition root's own exports and objects, for `cloudflare:workers` typing (tests read `exports.default`). */
declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof import("./index.ts");
      durableNamespaces: "UserRoom" | "Market" | "MarketRoom";
    }
  }
}
