/**
 * Media of NFT items: the type is decided by the first bytes of the content, never by the name or the declared type,
 * and only these types are ever stored or served (no HTML, no SVG, nothing a browser would run). Pure.
 */
export const NFT_MEDIA_TYPES = {
  "image/png": { ext: "png", kind: 1, maxBytes: 5 * 1024 * 1024 },
  "image/jpeg": { ext: "jpg", kind: 1, maxBytes: 5 * 1024 * 1024 },
  "image/webp": { ext: "webp", kind: 1, maxBytes: 5 * 1024 * 1024 },
  "image/gif": { ext: "gif", kind: 2, maxBytes: 5 * 1024 * 1024 },
  "audio/mpeg": { ext: "mp3", kind: 3, maxBytes: 9 * 1024 * 1024 },
  "audio/ogg": { ext: "ogg", kind: 3, maxBytes: 9 * 1024 * 1024 },
  "video/mp4": { ext: "mp4", kind: 4, maxBytes: 9 * 1024 * 1024 },
  "video/webm": { ext: "webm", kind: 4, maxBytes: 9 * 1024 * 1024 },
} as const;
export type NftMediaType = keyof typeof NFT_MEDIA_TYPES;

export const isNftMediaType = (t: string): t is NftMediaType => Object.hasOwn(NFT_MEDIA_TYPES, t);
/** nft_items.media_type (1 image, 2 GIF, 3 audio, 4 video) of a stored content type; anything else shows as an image. */
export const mediaKind = (contentType: string): number => (isNftMediaType(contentType) ? NFT_MEDIA_TYPES[contentType].kind : 1);

/** The media type the content's magic bytes name, or null (HTML, SVG, anything else). */
export function sniffMediaType(head: Uint8Array): NftMediaType | null {
  const at = (sig: readonly number[], offset = 0) => head.length >= offset + sig.length && sig.every((b, i) => head[offset + i] === b);
  const ascii = (s: string, offset = 0) =>
    at(
      [...s].map((ch) => ch.charCodeAt(0)),
      offset,
    );
  if (at([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (at([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (ascii("GIF87a") || ascii("GIF89a")) return "image/gif";
  if (ascii("RIFF") && ascii("WEBP", 8)) return "image/webp";
  if (ascii("OggS")) return "audio/ogg";
  // MP3: an ID3v2 tag, or an MPEG audio frame sync (11 set bits) with a layer other than "reserved".
  if (ascii("ID3") || (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0)) return "audio/mpeg";
  // ISO base media: a box size, then "ftyp" at offset 4.
  if (ascii("ftyp", 4)) return "video/mp4";
  if (at([0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  return null;
}

export type ByteRange = { start: number; end: number };

/**
 * One byte range of a `Range` header against a file of `size` bytes: `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * Null when there is no usable single range (the whole file is answered), "unsatisfiable" when it lies outside (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
