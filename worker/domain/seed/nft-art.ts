/**
 * Small pixel-art PNGs for the demo NFT catalogue, drawn in code (no binary files in the tree, no SVG): a painter
 * gives each pixel's colour, and the image is stored uncompressed (zlib "stored" blocks), so the bytes are
 * deterministic and need no compression library. Pure.
 */
export type Rgb = readonly [number, number, number];
export type Painter = (x: number, y: number, size: number) => Rgb;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

function chunk(type: string, data: Uint8Array): number[] {
  const body = new Uint8Array([...[...type].map((ch) => ch.charCodeAt(0)), ...data]);
  return [...u32(data.length), ...body, ...u32(crc32(body))];
}

/** A size × size RGB PNG painted pixel by pixel. */
export function pixelPng(size: number, paint: Painter): Uint8Array {
  const raw: number[] = [];
  for (let y = 0; y < size; y++) {
    raw.push(0); // filter: none
    for (let x = 0; x < size; x++) raw.push(...paint(x, y, size).map((v) => Math.max(0, Math.min(255, Math.round(v)))));
  }
  const data = new Uint8Array(raw);
  // zlib header (no compression), stored blocks of at most 65535 bytes, Adler-32 of the raw data.
  const z: number[] = [0x78, 0x01];
  for (let at = 0; at < data.length; at += 65535) {
    const block = data.subarray(at, at + 65535);
    const last = at + 65535 >= data.length ? 1 : 0;
    z.push(last, block.length & 0xff, block.length >>> 8, ~block.length & 0xff, (~block.length >>> 8) & 0xff, ...block);
  }
  z.push(...u32(adler32(data)));
  const header = new Uint8Array([...u32(size), ...u32(size), 8, 2, 0, 0, 0]);
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", header),
    ...chunk("IDAT", new Uint8Array(z)),
    ...chunk("IEND", new Uint8Array(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const near = (x: number, y: number, cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

/** The demo artworks' painters, by name. */
export const PAINTERS: Record<string, Painter> = {
  // A harbour at dawn: warm sky, low sun, striped sea.
  dawn: (x, y, s) => {
    if (y < s * 0.6)
      return near(x, y, s * 0.5, s * 0.55, s * 0.18) ? [255, 214, 102] : mix([255, 138, 101], [255, 205, 178], y / (s * 0.6));
    return (x + y * 2) % 7 === 0 ? [255, 190, 140] : mix([41, 98, 155], [20, 52, 99], (y - s * 0.6) / (s * 0.4));
  },
  // A night ferry: stars, a moon, a boat with lit windows.
  ferry: (x, y, s) => {
    if (near(x, y, s * 0.75, s * 0.22, s * 0.1)) return [240, 236, 210];
    if (y >= s * 0.62 && y < s * 0.72 && x > s * 0.2 && x < s * 0.8)
      return x % 3 === 0 && y === Math.floor(s * 0.65) ? [255, 220, 120] : [200, 60, 60];
    if (y >= s * 0.72) return mix([16, 40, 72], [8, 20, 40], (y - s * 0.72) / (s * 0.28));
    return x + y > 0 && (x * 7 + y * 13) % 37 === 0 ? [255, 255, 255] : mix([10, 14, 40], [30, 40, 90], y / s);
  },
  // A fox in the snow.
  fox: (x, y, s) => {
    const body = y > s * 0.45 && y < s * 0.75 && x > s * 0.3 && x < s * 0.7 - (y - s * 0.45) * 0.3;
    const head = near(x, y, s * 0.66, s * 0.42, s * 0.1);
    const ear = y > s * 0.26 && y < s * 0.36 && Math.abs(x - s * 0.66) < (y - s * 0.26) * 0.6 + 0.5;
    if (body || head || ear) return [232, 118, 42];
    if (y > s * 0.75) return [236, 242, 248];
    return (x * 5 + y * 3) % 11 === 0 ? [255, 255, 255] : [176, 196, 222];
  },
  // A moth circling a lantern.
  moth: (x, y, s) => {
    const d = Math.sqrt((x - s / 2) ** 2 + (y - s * 0.6) ** 2);
    if (Math.abs(x - s * 0.3) + Math.abs(y - s * 0.28) < s * 0.08) return [214, 196, 160];
    if (d < s * 0.1) return [255, 236, 150];
    return mix([120, 90, 30], [18, 16, 28], Math.min(1, d / (s * 0.5)));
  },
  // Coral under teal water.
  coral: (x, y, s) => {
    const branch = y > s * 0.45 && ((x + Math.floor(y / 2)) % 6 === 0 || (x - Math.floor(y / 3)) % 8 === 0) && x > s * 0.2 && x < s * 0.8;
    if (branch) return [255, 111, 145];
    if (y > s * 0.85) return [214, 190, 140];
    return mix([64, 200, 200], [10, 90, 120], y / s);
  },
};
