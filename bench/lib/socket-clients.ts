import WebSocket from "ws";

/**
 * Many WebSocket clients in this process, measuring delivery latency of frames
 * that carry their publish time as `"time":<ms>` (last field). The `ws` client and
 * a look at the bytes instead of a full JSON parse keep the client cheap: with
 * Node's built-in WebSocket and JSON.parse per frame, the clients, not the room,
 * were the busiest process on a two-core machine and doubled the measured p99.
 */
export async function openClients(url: string, count: number, kind: string) {
  const latencies: number[] = [];
  let deliveries = 0;
  let measuring = false;
  const marker = `{"type":"${kind}"`;
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
        if (at >= 0) latencies.push(arrived - Number.parseInt(data.toString("latin1", at + 7, at + 21), 10));
      });
    });
  const t0 = performance.now();
  for (let i = 0; i < count; i += 50) sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, open))));
  return {
    connectSeconds: (performance.now() - t0) / 1000,
    start() {
      latencies.length = 0;
      deliveries = 0;
      measuring = true;
    },
    stop() {
      measuring = false;
      return { latencies: [...latencies], deliveries };
    },
    close() {
      for (const ws of sockets) ws.close();
    },
  };
}
