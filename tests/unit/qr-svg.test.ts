import { describe, expect, it } from "vitest";
import { qrSvg } from "../../web/src/features/qr/qr-svg.ts";

describe("qrSvg", () => {
  it("encodes on this thread where there are no workers: one SVG, the same for the same text, another for another", async () => {
    const a = await qrSvg("https://example.com/#/register?code=ABC123");
    expect(a.startsWith("<svg")).toBe(true);
    expect(a).toContain('viewBox="0 0');
    expect(await qrSvg("https://example.com/#/register?code=ABC123")).toBe(a);
    expect(await qrSvg("https://example.com/#/register?code=XYZ789")).not.toBe(a);
  });
});
