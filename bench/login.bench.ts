// Log-in round trip in local workerd (the bundle run by Miniflare, local D1): p50 and p99,
// beside a trivial read through the same stack in the same run as the baseline.
// Log-in is dominated by PBKDF2 (100,000 iterations, Cloudflare's maximum).
import { DEMO_USERS } from "../worker/domain/seed/demo.ts";
import { startWorkerd } from "./lib/workerd.ts";
import { fmtMs, summarize } from "./lib/stats.ts";

const N = Number(process.env.BENCH_LOGINS ?? 200);
const { base, stop } = await startWorkerd(Number(process.env.BENCH_PORT ?? 8877), { assets: false });
try {
  const user = DEMO_USERS[0];
  const form = new URLSearchParams({ user_string: user.email, password: user.password, lang: "en" });
  const time = async (fn: () => Promise<Response>) => {
    const t0 = performance.now();
    const res = await fn();
    await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return performance.now() - t0;
  };
  const login = () =>
    fetch(`${base}/api/user/login`, { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } });
  const read = () => fetch(`${base}/api/getSiteConfig`);
  for (let i = 0; i < 20; i++) {
    await time(login);
    await time(read);
  }
  const logins: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i < N; i++) {
    logins.push(await time(login));
    reads.push(await time(read));
  }
  const l = summarize(logins);
  const r = summarize(reads);
  console.log(`log-in round trip (${l.n} sequential, local workerd): p50 ${fmtMs(l.p50)}  p99 ${fmtMs(l.p99)}  max ${fmtMs(l.max)}`);
  console.log(`baseline GET /api/getSiteConfig (same run):          p50 ${fmtMs(r.p50)}  p99 ${fmtMs(r.p99)}  max ${fmtMs(r.max)}`);
  console.log(
    `ratio log-in / baseline: p50 ${(l.p50 / r.p50).toFixed(1)}x  p99 ${(l.p99 / r.p99).toFixed(1)}x (PBKDF2-SHA256 100,000 ` +
      `iterations per log-in)`,
  );
} finally {
  await stop();
}
