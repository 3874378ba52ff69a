import { spawn, type ChildProcess } from "node:child_process";

/** Starts the app as the browser tests see it (fresh seeded state, wrangler dev) and waits until it answers. */
export async function startServer(port: number): Promise<{ base: string; stop: () => void }> {
  const child: ChildProcess = spawn("bash", ["scripts/serve-e2e.sh"], {
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/getSiteConfig`);
      if (res.ok) return { base, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error("server did not start");
}
