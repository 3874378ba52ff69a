// What the app's workerd thread was doing while the one-connection tail waited:
// the placement bench's one-connection run (app orders and peer inserts alternating,
// bench/lib/orders.ts) under `perf record`, with every app answer's send and answer
// times on the same clock (CLOCK_MONOTONIC). The "slow" answers are those slower
// than the peer's p99 (they are what lifts the app's p99 above the peer's). Prints
// how busy the thread was during them against the whole run, and which functions,
// GC, SQLite and disk syncs are over-represented there. Needs Linux `perf` and
// root; not part of `npm run bench`:
//
//   node bench/profile-tail.ts            BENCH_ORDERS=3000, BENCH_PORT=8879
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drained, marketStub, orderFlow } from "./lib/orders.ts";
import { fmtMs, summarize } from "./lib/stats.ts";
import { startMinimalPeer, startWorkerd } from "./lib/workerd.ts";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 3_000);
const PORT = Number(process.env.BENCH_PORT ?? 8879);
const HZ = 499; // perf refuses higher rates on these VMs

// V8 writes /tmp/perf-<pid>.map, so perf names JS functions (approximately: V8 moves code after naming it).
process.env.MINIFLARE_WORKERD_V8_FLAGS = "--perf-basic-prof";
const app = await startWorkerd(PORT, { assets: false });
const peer = await startMinimalPeer(PORT + 1);
const dir = mkdtempSync(join(tmpdir(), "profile-tail-"));
try {
  const flow = await orderFlow(app.mf, app.base);
  const market = await marketStub(app.mf);
  const { insert } = peer;
  for (let i = 0; i < 100; i++) {
    await flow.place();
    await insert();
  }
  await drained(market);

  const pid = execFileSync("pgrep", ["-f", `entry=127.0.0.1:${PORT}`])
    .toString()
    .trim()
    .split("\n")[0]!;
  const data = join(dir, "perf.data");
  const perf = spawn("perf", ["record", "-k", "CLOCK_MONOTONIC", "-F", String(HZ), "-g", "-p", pid, "-o", data], { stdio: "ignore" });
  await new Promise((r) => setTimeout(r, 500));

  const answers: { from: number; to: number; ms: number }[] = [];
  const peerMs: number[] = [];
  const ns = () => Number(process.hrtime.bigint()) / 1e9;
  for (let i = 0; i < ORDERS; i++) {
    const from = ns();
    const { ms } = await flow.place();
    answers.push({ from, to: ns(), ms });
    peerMs.push(await insert());
  }
  perf.kill("SIGINT");
  await new Promise((r) => perf.once("exit", r));
  await drained(market);

  const threshold = summarize(peerMs).p99;
  const slow = answers.filter((a) => a.ms > threshold);
  const script = execFileSync("perf", ["script", "-i", data, "-F", "tid,time,ip,sym", "--no-demangle"], {
    maxBuffer: 1 << 30,
    stdio: ["ignore", "pipe", "ignore"],
  }).toString();
  const samples = parseSamples(script).filter((s) => s.tid === Number(pid) && s.t >= answers[0]!.from && s.t <= answers.at(-1)!.to);
  const inSlow = (t: number) => {
    let lo = 0;
    let hi = slow.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (slow[mid]!.to < t) lo = mid + 1;
      else if (slow[mid]!.from > t) hi = mid - 1;
      else return true;
    }
    return false;
  };
  const slowSamples = samples.filter((s) => inSlow(s.t));
  const seconds = answers.at(-1)!.to - answers[0]!.from;
  const slowSeconds = slow.reduce((sum, a) => sum + (a.to - a.from), 0);
  const app1 = summarize(answers.map((a) => a.ms));

  console.log(`${ORDERS} orders on one connection, alternating with the peer's inserts, perf at ${HZ} Hz on the app's workerd thread`);
  console.log(`  app p50 ${fmtMs(app1.p50)}  p99 ${fmtMs(app1.p99)};  peer p99 ${fmtMs(threshold)}`);
  console.log(
    `  ${slow.length} answers (${pct(slow.length / ORDERS)}) slower than the peer's p99, ${(slowSeconds * 1000).toFixed(0)} ms in all`,
  );
  console.log(
    `  thread busy during them ${pct(slowSamples.length / (slowSeconds * HZ))}, over the whole run ${pct(samples.length / (seconds * HZ))}`,
  );
  console.log(`share of the thread's samples (inclusive): during the slow answers / over the run / ratio`);
  const share = (list: Sample[]) => {
    const counts = new Map<string, number>();
    for (const s of list) for (const k of s.labels) counts.set(k, (counts.get(k) ?? 0) + 1);
    return counts;
  };
  const inSlowShare = share(slowSamples);
  const overall = share(samples);
  const rows = [...overall.entries()]
    .filter(([, n]) => n >= 8)
    .map(([k, n]) => ({ k, slow: (inSlowShare.get(k) ?? 0) / Math.max(1, slowSamples.length), all: n / samples.length }))
    .sort((a, b) => b.slow - a.slow)
    .slice(0, 30);
  for (const r of rows) console.log(`  ${pct(r.slow).padStart(6)}  ${pct(r.all).padStart(6)}  x${(r.slow / r.all).toFixed(2)}  ${r.k}`);
} finally {
  await app.stop();
  await peer.stop();
  rmSync(dir, { recursive: true, force: true });
}

type Sample = { tid: number; t: number; labels: Set<string> };

/** perf script's samples (a "tid time:" line, then one frame a line), each labelled by what is on its stack. */
function parseSamples(text: string): Sample[] {
  const out: Sample[] = [];
  let current: Sample | null = null;
  for (const line of text.split("\n")) {
    const head = line.match(/^\s*(\d+)\s+([\d.]+):\s*$/);
    if (head) {
      current = { tid: Number(head[1]), t: Number(head[2]), labels: new Set() };
      out.push(current);
      continue;
    }
    const frame = line.trim().split(/\s+/).slice(1).join(" ");
    if (!current || !frame) continue;
    const label = labelOf(frame);
    if (label) current.labels.add(label);
  }
  return out;
}

/** A frame's label: a JS function with its file, or one of the native costs worth telling apart. */
function labelOf(frame: string): string | null {
  const js = frame.match(/^JS:[\^+*~']*(\S*) (\S+)/);
  if (js) {
    const file = js[2]!.replace(/:\d+:\d+$/, "").replace(/^.*\//, "");
    return js[1] ? `${js[1]} (${file})` : null;
  }
  if (/Scavenge/.test(frame)) return "[GC: scavenge]";
  if (/MarkCompact/.test(frame)) return "[GC: mark-compact]";
  if (/ActorSqlite.*(commit|Commit|ImplicitTxn)/.test(frame)) return "[SQLite commit]";
  if (/sqlite3VdbeExec/.test(frame)) return "[SQLite statements]";
  if (/^(fsync|fdatasync|__x64_sys_fsync)/.test(frame)) return "[fsync]";
  return null;
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}
