// Where the order path spends its CPU: the placement bench's ten-connection load
// (bench/lib/orders.ts, crossing orders included, drained to D1), with workerd's V8
// inspector sampling the app's isolate (Worker and Durable Objects share it). Prints
// self time by bundled module (esbuild's "// path" comments in the bundle) and the
// hottest functions. Not part of `npm run bench` (its name does not end in .bench.ts):
//
//   node bench/profile-orders.ts            BENCH_SECONDS=8, BENCH_INSPECT=9231
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import WebSocket from "ws";
import { drained, marketStub, orderFlow } from "./lib/orders.ts";
import { startWorkerd } from "./lib/workerd.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const INSPECT = Number(process.env.BENCH_INSPECT ?? 9231);
process.env.BENCH_INSPECT = String(INSPECT);
const PORT = Number(process.env.BENCH_PORT ?? 8879);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** A minimal Chrome DevTools Protocol session. */
async function inspect(url: string) {
  const ws = new WebSocket(url);
  await new Promise((r, j) => (ws.once("open", r), ws.once("error", j)));
  let id = 0;
  const pending = new Map<number, (v: unknown) => void>();
  ws.on("message", (data: Buffer) => {
    const msg = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.error ? Promise.reject(new Error(JSON.stringify(msg.error))) : msg.result);
  });
  return {
    send: <T>(method: string, params: Record<string, unknown> = {}) =>
      new Promise<T>((r) => {
        pending.set(++id, r as (v: unknown) => void);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

const app = await startWorkerd(PORT, { assets: false });
try {
  const flow = await orderFlow(app.mf, app.base);
  const stub = await marketStub(app.mf);
  for (let i = 0; i < 200; i++) await flow.place();
  await drained(stub);

  const targets = (await (await fetch(`http://127.0.0.1:${INSPECT}/json/list`)).json()) as { id: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((t) => t.id.includes("edge-exchange")) ?? targets[0]!;
  const cdp = await inspect(target.webSocketDebuggerUrl.replace("localhost", "127.0.0.1"));
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  console.error("profiling");

  let orders = 0;
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        await flow.place();
        orders++;
      }
    }),
  );
  console.error(`load done: ${orders} orders; draining`);
  await drained(stub);
  const elapsed = (performance.now() - t0) / 1000;
  console.error("drained");
  const { profile } = await cdp.send<{ profile: Profile }>("Profiler.stop");
  cdp.close();
  // BENCH_CPUPROFILE=file.cpuprofile keeps the raw profile (Chrome DevTools opens it).
  if (process.env.BENCH_CPUPROFILE) writeFileSync(process.env.BENCH_CPUPROFILE, JSON.stringify(profile));

  // Self time per node, attributed to the bundled module its line falls in.
  const bundle = readFileSync(resolve(`.wrangler/bench-build-${PORT}/index.js`), "utf8").split("\n");
  const modules: { line: number; name: string }[] = [];
  bundle.forEach((text, i) => {
    const m = text.match(/^\/\/ (\S+\.[cm]?[jt]s)$/);
    if (m) modules.push({ line: i, name: m[1]!.replace(/^(\.\.\/)+(main\/)?/, "") });
  });
  const moduleOf = (line: number): string => {
    let lo = 0;
    let hi = modules.length - 1;
    let found = "(bundle head)";
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (modules[mid]!.line <= line) {
        found = modules[mid]!.name;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const perModule = new Map<string, number>();
  const perFunction = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    const where = f.url.endsWith("index.js") ? moduleOf(f.lineNumber) : f.url || "(native)";
    const group = where.startsWith("node_modules/")
      ? where
          .split("/")
          .slice(0, where.startsWith("node_modules/@") ? 3 : 2)
          .join("/")
      : where;
    perModule.set(group, (perModule.get(group) ?? 0) + us);
    const fn = `${f.functionName || "(anonymous)"}  ${where}:${f.lineNumber + 1}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + us);
  }
  // Inclusive time: each sample counts once for every distinct app function on its stack.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number) => {
    const f = byId.get(id)!.callFrame;
    const where = f.url.endsWith("index.js") ? moduleOf(f.lineNumber) : "";
    return where && !where.startsWith("node_modules/") && where !== "(bundle head)" ? `${f.functionName || "(anonymous)"}  ${where}` : null;
  };
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const l = label(at);
      if (l && !seen.has(l)) {
        seen.add(l);
        inclusive.set(l, (inclusive.get(l) ?? 0) + us);
      }
    }
  }
  // Entry points: the outermost app function on each sample's stack (what the thread was doing it for).
  const entry = new Map<string, number>();
  for (const [id, us] of self) {
    let outer: string | null = null;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) outer = label(at) ?? outer;
    const f = byId.get(id)!.callFrame;
    const key = outer ?? `(no app frame) ${f.functionName || f.url || "?"}`;
    entry.set(key, (entry.get(key) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`)
      .join("\n");
  console.log(`${orders} orders in ${elapsed.toFixed(1)} s (drained): ${(orders / elapsed).toFixed(0)} committed orders/s`);
  console.log(`app isolate: ${(total / 1000).toFixed(0)} ms of samples in ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms`);
  console.log(`self time by module:\n${top(perModule, 25)}`);
  console.log(`hottest functions:\n${top(perFunction, 30)}`);
  console.log(`app functions, inclusive (synchronous part):\n${top(inclusive, 40)}`);
  const busyPerOrder = (total - (perFunction.get("(idle)  (native):0") ?? 0)) / orders / 1000;
  console.log(`by entry point (outermost app function; ${busyPerOrder.toFixed(3)} ms busy per order):\n${top(entry, 30)}`);
} finally {
  await app.stop();
}
