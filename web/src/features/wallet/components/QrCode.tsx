import { useEffect, useState } from "react";

/**
 * A QR code drawn in the browser. The `qrcode` library is imported on demand,
 * so only the page that shows a code downloads it.
 */
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
    void import("qrcode").then(async (QR) => {
      const markup = await QR.toString(text, {
        type: "svg",
        margin: 1,
        errorCorrectionLevel: "M",
        color: { dark: "#000000", light: "#ffffff" },
      });
      if (!cancelled) setDrawn({ text, svg: markup });
    });
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
