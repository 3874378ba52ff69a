// Where a page's main-thread time goes on a first visit. A tool for the TBT work of the Lighthouse bench, not a
// benchmark: it prints no target.
// Run: node bench/profile-page.ts [path] (default /#/transaction/currency). PROFILE_SESSION=1 logs in first;
// PROFILE_MS=6000 how long to record.
//   By default, one visit under Lighthouse's 4x CPU slowdown: a CPU profile summed by function (self time) and by
//   script, then each long task with what ran in it (PROFILE_TOP names per task, PROFILE_TRACE=file keeps the trace).
//   PROFILE_RUNS=3: three visits at full speed, each task's thread time times 4 as Lighthouse's simulation does, and
//   the median main-thread CPU and blocking, from the first paint or, with PROFILE_FROM=start, from the document's
//   first parse; then the last visit's biggest tasks. PROFILE_SELF=1 adds each long task's self time by function and line.
//   PROFILE_CONSOLE=1 prints the page's console (a build instrumented by hand says what it logs).
import { existsSync, writeFileSync } from "node:fs";
import puppeteer from "puppeteer-core";
import { DEMO_USERS } from "../worker/domain/seed/demo.ts";
import { readyFirstVisit } from "./lib/first-visit.ts";
import { startH2Proxy } from "./lib/h2-proxy.ts";
import { logIn, startWorkerd } from "./lib/workerd.ts";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** The events inside a task that say what it did. */
const PARTS = [
  "EvaluateScript",
  "v8.evaluateModule",
  "FunctionCall",
  "TimerFire",
  "EventDispatch",
  "Layout",
  "UpdateLayoutTree",
  "Paint",
  "ParseHTML",
  "v8.compileModule",
  "MajorGC",
  "MinorGC",
  "FireAnimationFrame",
  "RunMicrotasks",
  "v8.run",
];

const path = process.argv[2] ?? "/#/transaction/currency";
const recordMs = Number(process.env.PROFILE_MS ?? 6000);
/** Trace categories; PROFILE_CATEGORIES=...,fonts adds more (the font lookups inside a layout, say). */
const categories = (process.env.PROFILE_CATEGORIES ?? "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8").split(",");
const chromePath = ["/usr/lib/chromium/chromium", "/usr/bin/chromium"].find((p) => existsSync(p));
if (!chromePath) throw new Error("Chromium is not installed");

const served = await startWorkerd(8895, { assets: true });
const proxy = await startH2Proxy(served.base, 9895);
const browser = await puppeteer.launch({
  executablePath: chromePath,
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors"],
});
try {
  const token = process.env.PROFILE_SESSION ? await logIn(served.base, DEMO_USERS[0]!) : "";
  /** A first visit: fresh tab, the visitor's storage only, an empty cache; traced, and under 4x and profiled if asked. */
  const visit = async (slow: boolean) => {
    const tab = await browser.newPage();
    if (process.env.PROFILE_CONSOLE) tab.on("console", (m) => console.log(`console: ${m.text()}`));
    await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const cdp = await readyFirstVisit(tab, proxy.base, token);
    if (slow) {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    await tab.tracing.start({ categories });
    await tab.goto(`${proxy.base}${path}`);
    await new Promise((r) => setTimeout(r, recordMs));
    const trace = JSON.parse(Buffer.from((await tab.tracing.stop())!).toString("utf8")) as { traceEvents: TraceEvent[] };
    const profile = slow ? ((await cdp.send("Profiler.stop")) as unknown as { profile: Profile }).profile : null;
    await tab.close();
    return { events: trace.traceEvents, profile };
  };

  const runs = Number(process.env.PROFILE_RUNS ?? 0);
  if (runs > 0) {
    // Comparable figures on a shared machine: each task's thread time (CPU, not wall clock), at full speed, times 4 as
    // Lighthouse's simulation multiplies it; the blocking part of each beyond 50 ms, summed from the first paint.
    const figures: { cpu: number; blocking: number }[] = [];
    let last: TraceEvent[] = [];
    for (let i = 0; i < runs; i++) {
      last = (await visit(false)).events;
      figures.push(simulatedBlocking(last));
    }
    if (process.env.PROFILE_TRACE) writeFileSync(process.env.PROFILE_TRACE, JSON.stringify({ traceEvents: last }));
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
    const cpu = figures.map((f) => f.cpu);
    const blocking = figures.map((f) => f.blocking);
    console.log(`${path}: main-thread CPU ${list(cpu)} ms (median ${median(cpu).toFixed(0)})`);
    console.log(`${path}: blocking at 4x ${list(blocking)} ms (median ${median(blocking).toFixed(0)})`);
    // The last run's biggest tasks, by thread time, with what ran in them.
    const fcp = countedFrom(last);
    const onMain = mainThread(last);
    const big = onMain.filter((e) => e.name === "RunTask" && e.ts >= fcp).sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0));
    for (const t of big.slice(0, Number(process.env.PROFILE_TOP ?? 10))) {
      const parts = partsOf(onMain, t, (e) => e.tdur ?? e.dur ?? 0);
      const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 5);
      const at = `${((t.ts - fcp) / 1000).toFixed(0).padStart(6)} ms in, ${((t.tdur ?? 0) / 1000).toFixed(1)} ms`;
      console.log(`  ${at}: ${top.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(", ")}`);
    }
  } else {
    const { events, profile } = await visit(true);
    report(profile!);
    if (process.env.PROFILE_TRACE) writeFileSync(process.env.PROFILE_TRACE, JSON.stringify({ traceEvents: events }));
    longTasks(events, profile!);
  }
} finally {
  await browser.close();
  await proxy.stop();
  await served.stop();
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown> };
};

/** The page's renderer main thread's complete events: of the renderer main threads (the blank tab's too), the busiest. */
function mainThread(events: TraceEvent[]): TraceEvent[] {
  const mains = events.filter((e) => e.name === "thread_name" && (e.args as { name?: string } | undefined)?.name === "CrRendererMain");
  const busy = (m: TraceEvent) =>
    events.reduce((s, e) => (e.pid === m.pid && e.tid === m.tid && e.name === "RunTask" ? s + (e.dur ?? 0) : s), 0);
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  return events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === "X");
}

/**
 * Where the figures start: the first contentful paint, or with PROFILE_FROM=start the document's first parse (Lighthouse's
 * simulated first paint can come before tasks that ran before the observed one: its optimistic graph keeps only what
 * the paint needs).
 */
function countedFrom(events: TraceEvent[]): number {
  if (process.env.PROFILE_FROM !== "start") return events.find((e) => e.name === "firstContentfulPaint")?.ts ?? 0;
  // The page's document starts being parsed (the blank page before it unloads in a task of its own, not counted).
  return mainThread(events).find((e) => e.name === "ParseHTML")?.ts ?? 0;
}

/** What ran inside a task, in ms by kind of event and script: the events of PARTS, timed by `time` (wall or thread). */
function partsOf(onMain: TraceEvent[], task: TraceEvent, time: (e: TraceEvent) => number): Map<string, number> {
  const parts = new Map<string, number>();
  for (const e of onMain) {
    if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + task.dur! || !PARTS.includes(e.name)) continue;
    const d = e.args?.data ?? {};
    const where = String(d.url ?? d.functionName ?? d.type ?? "")
      .split("/")
      .pop();
    const key = `${e.name}${where ? ` ${where}` : ""}`;
    parts.set(key, (parts.get(key) ?? 0) + time(e) / 1000);
  }
  return parts;
}

/** Main-thread CPU time from where the figures start, and what its tasks would block at 4x (TBT's rule). */
function simulatedBlocking(events: TraceEvent[]): { cpu: number; blocking: number } {
  const from = countedFrom(events);
  const tasks = mainThread(events).filter((e) => e.name === "RunTask" && e.ts >= from);
  let cpu = 0;
  let blocking = 0;
  for (const t of tasks) {
    const ms = (t.tdur ?? t.dur ?? 0) / 1000;
    cpu += ms;
    blocking += Math.max(0, 4 * ms - 50);
  }
  return { cpu, blocking };
}

/** The main thread's tasks of 50 ms and more (under the 4x slowdown), each with what took its time. */
function longTasks(events: TraceEvent[], profile: Profile): void {
  // Each sample's time and its stack's function names, innermost first, to say what ran inside each task.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const samples: { ts: number; stack: string[]; leaf: string }[] = [];
  let ts = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    ts += profile.timeDeltas[i]!;
    const stack: string[] = [];
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      if (f.functionName && f.functionName !== "(root)") stack.push(f.functionName);
    }
    const f = byId.get(profile.samples[i]!)!.callFrame;
    samples.push({ ts, stack, leaf: `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber}` });
  }
  const onMain = mainThread(events);
  const start = Math.min(...events.filter((e) => e.name === "navigationStart" || e.name === "TracingStartedInBrowser").map((e) => e.ts));
  const tasks = onMain.filter((e) => e.name === "RunTask" && (e.dur ?? 0) >= 50_000);
  console.log(`\nlong tasks (4x slowdown): ${tasks.length}, blocking ${tasks.reduce((s, t) => s + (t.dur! - 50_000), 0) / 1000} ms in all`);
  for (const t of tasks) {
    const parts = partsOf(onMain, t, (e) => e.dur ?? 0);
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 6);
    const at = `${((t.ts - start) / 1000).toFixed(0).padStart(6)} ms +${(t.dur! / 1000).toFixed(0)} ms`;
    console.log(`${at}: ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", ")}`);
    // Functions by inclusive samples within the task (a name counted once per sample).
    const inclusive = new Map<string, number>();
    const within = samples.filter((x) => x.ts >= t.ts && x.ts <= t.ts + t.dur!);
    for (const x of within) for (const name of new Set(x.stack)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
    const share = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 12));
    console.log(`         ${share.map(([k, v]) => `${k} ${Math.round((100 * v) / Math.max(1, within.length))}%`).join(", ")}`);
    if (process.env.PROFILE_SELF) {
      // PROFILE_SELF=1: where the samples themselves fell (self time), with the script and line.
      const self = new Map<string, number>();
      for (const x of within) self.set(x.leaf, (self.get(x.leaf) ?? 0) + 1);
      const leaves = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 12));
      console.log(`         self: ${leaves.map(([k, v]) => `${k} ${Math.round((100 * v) / Math.max(1, within.length))}%`).join(", ")}`);
    }
  }
}

function report(p: Profile): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byScript = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const n = byId.get(p.samples[i]!)!;
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const f = n.callFrame;
    if (f.functionName === "(idle)" || f.functionName === "(program)") continue;
    total += dt;
    const file = f.url.split("/").pop() || f.functionName;
    const key = `${f.functionName || "(anonymous)"} ${file}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    byScript.set(file, (byScript.get(file) ?? 0) + dt);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(`busy ${total.toFixed(0)} ms (4x slowdown) in ${recordMs} ms of ${path}`);
  console.log("\nby script:");
  for (const [k, v] of top(byScript, 15)) console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
  console.log("\nby function (self):");
  for (const [k, v] of top(self, 40)) console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
}
