import * as QR from "qrcode";

/** A QR code as SVG markup: black on white, a one-module margin, error correction M (a phone camera reads it). */
export const encodeQrSvg = (text: string): Promise<string> =>
  QR.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
