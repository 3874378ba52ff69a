/**
 * QR codes are encoded off the main thread: the library scores all eight mask patterns, and encoding an invite link
 * took about 26 ms of a phone's main thread at Lighthouse's 4x slowdown, the invite page's one long task after its
 * first paint. One worker serves every code on the page; where workers are missing or the worker fails, the library
 * runs here instead.
 */

export type QrAsk = { id: number; text: string };
export type QrAnswer = { id: number; svg?: string; error?: string };

type Waiter = { text: string; resolve: (svg: string) => void; reject: (err: Error) => void };

let worker: Worker | null = null;
let broken = false;
let nextId = 0;
const waiting = new Map<number, Waiter>();

const onThisThread = (text: string): Promise<string> => import("./qr-encode.ts").then((m) => m.encodeQrSvg(text));

function start(): Worker {
  const w = new Worker(new URL("./qr.worker.ts", import.meta.url), { type: "module" });
  w.onmessage = (event: MessageEvent<QrAnswer>) => {
    const { id, svg, error } = event.data;
    const waiter = waiting.get(id);
    waiting.delete(id);
    if (!waiter) return;
    if (svg !== undefined) waiter.resolve(svg);
    else waiter.reject(new Error(error ?? "qr"));
  };
  // A worker that cannot start (a blocked script, an old browser): everything asked of it is encoded here.
  w.onerror = () => {
    broken = true;
    worker = null;
    w.terminate();
    for (const [id, waiter] of waiting) {
      waiting.delete(id);
      onThisThread(waiter.text).then(waiter.resolve, waiter.reject);
    }
  };
  return w;
}

/** The SVG markup of `text`'s QR code. */
export function qrSvg(text: string): Promise<string> {
  if (broken || typeof Worker === "undefined") return onThisThread(text);
  worker ??= start();
  const id = ++nextId;
  const asked = worker;
  return new Promise((resolve, reject) => {
    waiting.set(id, { text, resolve, reject });
    asked.postMessage({ id, text } satisfies QrAsk);
  });
}
