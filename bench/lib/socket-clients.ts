import WebSocket from "ws";
import { fmtMs, summarize } from "./stats.ts";

/**
 * Many WebSocket clients in this process, measuring how long after the client
 * side sent something its effect reached each screen. Frames of `kind` carry a
 * `"time":<ms>` field (last) that names them; the first client to receive a frame
 * asks `sentTimes(frame)` for the send times (Date.now() at the client, before its
 * request) of everything this frame shows for the first time, and every client
 * then counts arrival - send for each. The answer is cached by the frame's time,
 * so one frame is looked at once, not once per socket: with Node's built-in
 * WebSocket and JSON.parse per frame and socket, the clients, not the room, were
 * the busiest process on a two-core machine and doubled the measured p99.
 */
export async function openClients(url: string, count: number, kind: string, sentTimes: (frame: string) => number[]) {
  const latencies: number[] = [];
  let deliveries = 0;
  let measuring = false;
  const marker = `{"type":"${kind}"`;
  const seen = new Map<string, number[]>();
  const sockets: WebSocket[] = [];
  const open = (): Promise<WebSocket> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.once("open", () => resolve(ws));
      ws.once("error", () => reject(new Error("socket failed to open")));
      ws.on("message", (data: Buffer) => {
        if (!measuring) return;
        const arrived = Date.now();
        deliveries++;
        if (data.toString("latin1", 0, marker.length) !== marker) return;
        const at = data.lastIndexOf('"time":');
        if (at < 0) return;
        const key = data.toString("latin1", at + 7, at + 21);
        let sent = seen.get(key);
        if (!sent) {
          sent = sentTimes(data.toString("utf8"));
          seen.set(key, sent);
        }
        for (const t of sent) latencies.push(arrived - t);
      });
    });
  const t0 = performance.now();
  for (let i = 0; i < count; i += 50) sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, open))));
  return {
    connectSeconds: (performance.now() - t0) / 1000,
    start() {
      measuring = true;
    },
    /** Stops measuring; answers the latencies and deliveries since the last take. */
    stop() {
      measuring = false;
      const out = { latencies: [...latencies], deliveries };
      latencies.length = 0;
      deliveries = 0;
      return out;
    },
    close() {
      for (const ws of sockets) ws.close();
    },
  };
}

export type Clients = Awaited<ReturnType<typeof openClients>>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The send stamps of the app's steps (orders, bids), keyed by what their frame will show first (a price). Only steps
 * sent while a window is measured are stamped, and each before its request, so no frame can beat its stamp.
 */
export function sendStamps() {
  const unseen = new Map<string, number>();
  let tracking = false;
  let placed = 0;
  return {
    /** Steps stamped in all windows so far. */
    placed: () => placed,
    stamp(key: string) {
      if (!tracking) return;
      unseen.set(key, Date.now());
      placed++;
    },
    /** The send time of the step a frame shows for the first time, if it shows one. */
    take(key: string): number | undefined {
      const sent = unseen.get(key);
      unseen.delete(key);
      return sent;
    },
    start() {
      unseen.clear();
      tracking = true;
    },
    stop() {
      tracking = false;
    },
  };
}

/**
 * The same-run peer of the room benches (startBroadcastPeer in workerd.ts) with clients of its own: each step POSTs the
 * app's last frame of `kind` (the same size), restamped with the client's Date.now() at the send, which its clients read
 * back from the frame's `"time"` field.
 */
export async function broadcastPeerClients(base: string, count: number, kind: string) {
  const clients = await openClients(`${base.replace("http", "ws")}/`, count, kind, (frame) => [
    Number(frame.slice(frame.lastIndexOf('"time":') + 7, -1)),
  ]);
  let body = "";
  return {
    clients,
    /** Takes the app's frame as the template, the first time one is given. */
    copy(frame: string) {
      body ||= frame.slice(0, frame.lastIndexOf(',"time":'));
    },
    /** The size of the frames it sends. */
    bytes: () => body.length + 25,
    step: async () => {
      await (await fetch(`${base}/`, { method: "POST", body: `${body},"time":${Date.now()}}` })).text();
    },
  };
}

type Side = { clients: Clients; everyMs: number; step: () => Promise<void>; begin?: () => void; end?: () => void };

/**
 * App and peer windows alternating (app, peer, app, peer, ...), so both see the same machine. A window: five steps
 * unmeasured, then `step` every `everyMs` for `seconds`, and half a second for the last frames. After the last round
 * both sides' clients are closed. Answers each side's latency summary, steps and deliveries a second.
 */
export async function alternateWindows(rounds: number, seconds: number, app: Side, peer: Side) {
  const measure = async ({ clients, everyMs, step, begin, end }: Side) => {
    for (let i = 0; i < 5; i++) await step();
    await sleep(300);
    begin?.();
    clients.start();
    const started = performance.now();
    let steps = 0;
    while (performance.now() < started + seconds * 1000) {
      const tick = performance.now();
      await step();
      steps++;
      const wait = everyMs - (performance.now() - tick);
      if (wait > 0) await sleep(wait);
    }
    await sleep(500);
    const seen = clients.stop();
    const window = { latencies: seen.latencies, deliveries: seen.deliveries, steps, seconds: (performance.now() - started) / 1000 };
    end?.();
    return window;
  };
  const appRuns: Awaited<ReturnType<typeof measure>>[] = [];
  const peerRuns: Awaited<ReturnType<typeof measure>>[] = [];
  for (let r = 0; r < rounds; r++) {
    appRuns.push(await measure(app));
    peerRuns.push(await measure(peer));
  }
  app.clients.close();
  peer.clients.close();
  const sum = (runs: typeof appRuns) => ({
    ...summarize(runs.flatMap((x) => x.latencies)),
    steps: runs.reduce((s, x) => s + x.steps, 0),
    perSecond: runs.reduce((s, x) => s + x.deliveries, 0) / runs.reduce((s, x) => s + x.seconds, 0),
  });
  return { app: sum(appRuns), peer: sum(peerRuns) };
}

/** The peer's line and the ratio line every room bench prints (the peer steps every 100 ms). */
export function peerLines(
  app: ReturnType<typeof summarize>,
  peer: ReturnType<typeof summarize> & { perSecond: number },
  frameBytes: number,
): string[] {
  return [
    `  peer, one object broadcasting ${frameBytes}-byte frames 10/s, client send -> screen: p50 ${fmtMs(peer.p50)}  ` +
      `p99 ${fmtMs(peer.p99)}  max ${fmtMs(peer.max)}   ${peer.perSecond.toFixed(0)} deliveries/s`,
    `  ratio to the peer: p50 ${(app.p50 / peer.p50).toFixed(2)}x  p99 ${(app.p99 / peer.p99).toFixed(2)}x`,
  ];
}
