import { routePartykitRequest } from "partyserver";
import { createApp } from "./app.ts";
import type { Env } from "./env.ts";

export { UserRoom } from "../durable/user-room.ts";

const app = createApp();

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/parties/")) {
      return (await routePartykitRequest(request, env)) ?? new Response("Not found", { status: 404 });
    }
    if (url.pathname.startsWith("/api/") || url.pathname === "/api") return app.fetch(request, env, ctx);
    return env.ASSETS.fetch(request);
  },
} satisfies ExportedHandler<Env>;
