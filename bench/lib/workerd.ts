import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { post } from "./http-client.ts";

/**
 * The app served by workerd directly, as the budgets in the issues are stated:
 * the Worker bundle `wrangler deploy` would upload, run by Miniflare with the
 * bindings of wrangler.toml and the vars of .dev.vars, on a freshly migrated and
 * seeded local state. `wrangler dev` puts a proxy Worker (in a second workerd)
 * and the inspector in front of the app; that hop is what a deployed Worker
 * does not have, so the latency benches leave it out. `reuse` starts again on the
 * state and bundle a previous start on this port left (a restart: every object
 * wakes from its storage).
 */
export async function startWorkerd(
  port: number,
  opts: { assets?: boolean; reuse?: boolean } = {},
): Promise<{ base: string; mf: Miniflare; state: string; stop: () => Promise<void> }> {
  const state = resolve(`.wrangler/bench-state-${port}`);
  const out = resolve(`.wrangler/bench-build-${port}`);
  if (!opts.reuse) {
    rmSync(state, { recursive: true, force: true });
    const run = (cmd: string, args: string[]) =>
      execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "true" } });
    run("bash", ["scripts/local-db.sh", state]);
    run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out]);
  }

  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const vars = devVars();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      // BENCH_INSPECT=9229: a V8 inspector for profiling (bench/profile-orders.ts).
      ...(process.env.BENCH_INSPECT ? { inspectorPort: Number(process.env.BENCH_INSPECT) } : {}),
      resourcePersistencePath: resolve(state, "v3"),
      workers: [
        {
          ...workerOptions,
          // One bundled module: nothing for import rules to match.
          modulesRules: undefined,
          // Without the SPA, /api requests reach the Worker first-hand (locally the asset router is a Worker of its own).
          ...(opts.assets === false ? { assets: undefined } : {}),
          name: "edge-exchange",
          // The placement benches measure the order path, not the per-user limit (two demo users send every order).
          bindings: { ...(workerOptions.bindings as Record<string, unknown>), ...vars, ORDER_LIMIT_PER_SECOND: "1000000" },
          modules: true,
          scriptPath: resolve(out, "index.js"),
        },
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const url = await mf.ready;
  return { base: url.origin, mf, state, stop: () => mf.dispose() };
}

/** The vars of .dev.vars (the local secrets and settings the app runs with). */
export function devVars(): Record<string, string> {
  return Object.fromEntries(
    readFileSync(".dev.vars", "utf8")
      .split("\n")
      .map((line) => line.match(/^([A-Z0-9_]+)=(.*)$/))
      .filter((m): m is RegExpMatchArray => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
}

/**
 * The same-run peer of the order bench: the smallest Worker that does what the
 * order path must at least do, a POST through a Worker into a Durable Object that
 * inserts one SQLite row, served by workerd the same way. `insert()` sends one
 * such POST (an order's form, as the app's orders carry) and answers its latency (ms).
 */
export async function startMinimalPeer(port: number): Promise<{ base: string; insert: () => Promise<number>; stop: () => Promise<void> }> {
  const script = `
    import { DurableObject } from "cloudflare:workers";
    export class Book extends DurableObject {
      constructor(ctx, env) {
        super(ctx, env);
        ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
      }
      insert(body) {
        this.ctx.storage.sql.exec("INSERT INTO orders (body) VALUES (?)", body);
        return { ok: true };
      }
    }
    export default {
      async fetch(request, env) {
        const body = await request.text();
        return Response.json(await env.BOOK.getByName("BTC-USDT").insert(body));
      },
    };`;
  const peer = await startScript(port, script, { BOOK: "Book" });
  const body = new URLSearchParams({ currency_id: "1", legal_id: "3", type: "1", amount: "0.0001", target_price: "10000.00" }).toString();
  const insert = async (): Promise<number> => {
    const t0 = performance.now();
    const res = await post(`${peer.base}/`, body);
    if (res.status !== 200) throw new Error(`peer: HTTP ${res.status}`);
    return performance.now() - t0;
  };
  return { ...peer, insert };
}

/**
 * The same-run peer of the room bench: one Durable Object with hibernatable
 * sockets that sends each frame POSTed to it to every socket.
 */
export async function startBroadcastPeer(port: number): Promise<{ base: string; stop: () => Promise<void> }> {
  const script = `
    import { DurableObject } from "cloudflare:workers";
    export class Room extends DurableObject {
      async fetch(request) {
        if (request.headers.get("Upgrade") === "websocket") {
          const pair = new WebSocketPair();
          this.ctx.acceptWebSocket(pair[1]);
          return new Response(null, { status: 101, webSocket: pair[0] });
        }
        const frame = await request.text();
        for (const ws of this.ctx.getWebSockets()) ws.send(frame);
        return new Response("ok");
      }
    }
    export default { fetch: (request, env) => env.ROOM.getByName("room").fetch(request) };`;
  return startScript(port, script, { ROOM: "Room" });
}

/** A one-module Worker with SQLite-backed Durable Object bindings (binding name → class), served by workerd. */
async function startScript(
  port: number,
  script: string,
  objects: Record<string, string>,
): Promise<{ base: string; stop: () => Promise<void> }> {
  const durableObjects = Object.fromEntries(
    Object.entries(objects).map(([binding, className]) => [binding, { className, useSQLite: true }]),
  );
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      workers: [{ name: "peer", compatibilityDate: "2026-10-01", modules: true, script, durableObjects }],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const url = await mf.ready;
  return { base: url.origin, stop: () => mf.dispose() };
}

/** Logs a demo user in and answers the session token. */
export async function logIn(base: string, user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ user_string: user.email, password: user.password }),
  });
  const body = (await res.json()) as { type: string; message: string };
  if (body.type !== "ok") throw new Error(`log-in failed: ${JSON.stringify(body)}`);
  return body.message;
}
