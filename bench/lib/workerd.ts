import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

/**
 * The app served by workerd directly, as the budgets in the issues are stated:
 * the Worker bundle `wrangler deploy` would upload, run by Miniflare with the
 * bindings of wrangler.toml and the vars of .dev.vars, on a freshly migrated and
 * seeded local state. `wrangler dev` puts a proxy Worker (in a second workerd)
 * and the inspector in front of the app; that hop is what a deployed Worker
 * does not have, so the latency benches leave it out.
 */
export async function startWorkerd(port: number): Promise<{ base: string; stop: () => Promise<void> }> {
  const state = resolve(`.wrangler/bench-state-${port}`);
  const out = resolve(`.wrangler/bench-build-${port}`);
  rmSync(state, { recursive: true, force: true });
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "true" } });
  run("bash", ["scripts/local-db.sh", state]);
  run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out]);

  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const vars = Object.fromEntries(
    readFileSync(".dev.vars", "utf8")
      .split("\n")
      .map((line) => line.match(/^([A-Z0-9_]+)=(.*)$/))
      .filter((m): m is RegExpMatchArray => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
  const mf = new Miniflare(
    convertV4MiniflareOptions({
    host: "127.0.0.1",
    port,
    ...(process.env.BENCH_INSPECT ? { inspectorPort: Number(process.env.BENCH_INSPECT) } : {}),
    resourcePersistencePath: resolve(state, "v3"),
    workers: [
      {
        ...workerOptions,
        // One bundled module: nothing for import rules to match.
        modulesRules: undefined,
        ...(process.env.BENCH_NO_ASSETS ? { assets: undefined } : {}),
        name: "edge-exchange",
        bindings: { ...(workerOptions.bindings as Record<string, unknown>), ...vars, ...(process.env.BENCH_FEED ? { MARKET_FEED: process.env.BENCH_FEED } : {}) },
        modules: true,
        scriptPath: resolve(out, "index.js"),
      },
    ],
  } as Parameters<typeof convertV4MiniflareOptions>[0]));
  const url = await mf.ready;
  return { base: url.origin, stop: () => mf.dispose() };
}
