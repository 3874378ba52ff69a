import WebSocket from "ws";

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
