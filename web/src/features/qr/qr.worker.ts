import { encodeQrSvg } from "./qr-encode.ts";
import type { QrAnswer, QrAsk } from "./qr-svg.ts";

/** Encodes QR codes for the page (qr-svg.ts), off its main thread. */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<QrAsk>) => void) | null;
  postMessage: (answer: QrAnswer) => void;
};

scope.onmessage = (event) => {
  const { id, text } = event.data;
  encodeQrSvg(text).then(
    (svg) => scope.postMessage({ id, svg }),
    (err: unknown) => scope.postMessage({ id, error: String(err) }),
  );
};
