import { useEffect, useState } from "react";
import { qrSvg } from "./qr-svg.ts";

/** A QR code drawn in the browser, encoded by a worker (qr-svg.ts), so only a page that shows a code downloads the library. */
export function QrCode({
  text,
  size = 184,
  label,
  testId = "deposit-qr",
}: {
  text: string;
  size?: number;
  label: string;
  testId?: string;
}) {
  const [drawn, setDrawn] = useState<{ text: string; svg: string } | null>(null);
  const svg = drawn?.text === text ? drawn.svg : null;
  useEffect(() => {
    let cancelled = false;
    qrSvg(text).then(
      (markup) => {
        if (!cancelled) setDrawn({ text, svg: markup });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [text]);
  return (
    <div className="qr" style={{ width: size, height: size }}>
      {svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          width={size}
          height={size}
          alt={label}
          data-testid={testId}
        />
      ) : (
        <span className="qr-placeholder" aria-busy="true" />
      )}
    </div>
  );
}
