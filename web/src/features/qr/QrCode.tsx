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
  // svg null: the code could not be made (its text is shown beside it on every page that uses one).
  const [drawn, setDrawn] = useState<{ text: string; svg: string | null } | null>(null);
  const done = drawn?.text === text ? drawn : null;
  useEffect(() => {
    let cancelled = false;
    const show = (svg: string | null) => {
      if (!cancelled) setDrawn({ text, svg });
    };
    qrSvg(text).then(show, () => show(null));
    return () => {
      cancelled = true;
    };
  }, [text]);
  return (
    <div className="qr" style={{ width: size, height: size }}>
      {done?.svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(done.svg)}`}
          width={size}
          height={size}
          alt={label}
          data-testid={testId}
        />
      ) : (
        !done && <span className="qr-placeholder" aria-busy="true" />
      )}
    </div>
  );
}
