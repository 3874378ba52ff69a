import { describe, expect, it } from "vitest";
import { royaltyDue, saleSplit } from "../../worker/domain/nft/fees.ts";
import { parseRange, sniffMediaType } from "../../worker/domain/nft/media-type.ts";
import { canBuy, saleStatus, sellerOf } from "../../worker/domain/nft/status.ts";

const rates = { feeRate: "0.025", royaltyRate: "0.05" };

describe("saleSplit", () => {
  it("rounds the fee up, the royalty down, and the parts always add up to the price", () => {
    expect(saleSplit(10_000_001, rates, false)).toEqual({ fee: 250_001, royalty: 0, seller: 9_750_000 });
    expect(saleSplit(10_000_001, rates, true)).toEqual({ fee: 250_001, royalty: 500_000, seller: 9_250_000 });
    expect(saleSplit(1, rates, true)).toEqual({ fee: 1, royalty: 0, seller: 0 });
    expect(saleSplit(0, rates, true)).toEqual({ fee: 0, royalty: 0, seller: 0 });
    for (let price = 1; price < 2_000; price += 7) {
      const s = saleSplit(price, { feeRate: "0.0333", royaltyRate: "0.1111" }, true);
      expect(s.fee + s.royalty + s.seller).toBe(price);
      expect(s.seller).toBeGreaterThanOrEqual(0);
    }
  });

  it("refuses a fractional or negative price", () => {
    expect(() => saleSplit(1.5, rates, false)).toThrow();
    expect(() => saleSplit(-1, rates, false)).toThrow();
  });

  it("charges a royalty only on a resale by someone other than the artist's user", () => {
    expect([royaltyDue(null, 5), royaltyDue(7, null), royaltyDue(5, 5), royaltyDue(7, 5)]).toEqual([false, false, false, true]);
  });
});

describe("saleStatus and canBuy", () => {
  const listing = { listed: true, startAt: 1_000, endAt: 2_000, payType: 1, ownerId: null as number | null };
  it("is 2 before the window, 1 inside [start, end), 0 from the end or when not listed", () => {
    expect([999, 1_000, 1_999, 2_000].map((t) => saleStatus(listing, t))).toEqual([2, 1, 1, 0]);
    expect(saleStatus({ ...listing, listed: false }, 1_500)).toBe(0);
  });
  it("lets anyone but the seller buy a fixed-price listing on sale", () => {
    expect(sellerOf({ ownerId: null }, 9)).toBe(9);
    expect(sellerOf({ ownerId: 3 }, 9)).toBe(3);
    expect(canBuy(listing, 9, 9, 1_500)).toBe(false);
    expect(canBuy(listing, 9, 4, 1_500)).toBe(true);
    expect(canBuy(listing, null, null, 1_500)).toBe(true);
    expect(canBuy({ ...listing, payType: 2 }, 9, 4, 1_500)).toBe(false);
    expect(canBuy({ ...listing, ownerId: 4 }, 9, 4, 1_500)).toBe(false);
    expect(canBuy(listing, 9, 4, 2_000)).toBe(false);
  });
});

describe("sniffMediaType", () => {
  const bytes = (...parts: (string | number[])[]) =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
  it("names the eight accepted types by their magic bytes and nothing else", () => {
    expect(sniffMediaType(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xdb]))).toBe("image/jpeg");
    expect(sniffMediaType(bytes("GIF87a"))).toBe("image/gif");
    expect(sniffMediaType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image/webp");
    expect(sniffMediaType(bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "))).toBeNull();
    expect(sniffMediaType(bytes("ID3", [4, 0]))).toBe("audio/mpeg");
    expect(sniffMediaType(bytes([0xff, 0xfb, 0x90, 0x00]))).toBe("audio/mpeg");
    expect(sniffMediaType(bytes([0xff, 0xe0]))).toBeNull();
    expect(sniffMediaType(bytes("OggS"))).toBe("audio/ogg");
    expect(sniffMediaType(bytes([0, 0, 0, 0x20], "ftypisom"))).toBe("video/mp4");
    expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBe("video/webm");
    for (const evil of ["<html>", "<!DOCTYPE html>", "<svg xmlns=", "<?xml ", "\uFEFF<svg>", "%PDF-1.7", ""]) {
      expect(sniffMediaType(bytes(evil))).toBeNull();
    }
  });
});

describe("parseRange", () => {
  it("reads one range, clamps an open or long end, and marks ranges outside the file unsatisfiable", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=9-3", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
    expect(parseRange("bytes=-", 100)).toBeNull();
  });
});

describe("pixelPng (demo artwork)", () => {
  it("writes a PNG whose image data inflates to the painted rows", async () => {
    const { inflateSync } = await import("node:zlib");
    const { PAINTERS, pixelPng } = await import("../../worker/domain/seed/nft-art.ts");
    const png = pixelPng(4, () => [10, 20, 30]);
    expect(sniffMediaType(png.subarray(0, 16))).toBe("image/png");
    const view = new DataView(png.buffer, png.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([4, 4]);
    const idatLength = view.getUint32(33);
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...raw]).toEqual(Array.from({ length: 4 }, () => [0, ...Array.from({ length: 4 }, () => [10, 20, 30]).flat()]).flat());
    expect(pixelPng(24, PAINTERS.dawn!)).toEqual(pixelPng(24, PAINTERS.dawn!));
  });
});
