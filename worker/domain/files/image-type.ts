import type { UploadType } from "../../../schema/api/files.ts";

/** What the first bytes of a file say it is, among the accepted image formats; null for anything else. */
export function sniffImageType(head: Uint8Array): UploadType | null {
  const starts = (sig: readonly number[], at = 0) => head.length >= at + sig.length && sig.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x47, 0x49, 0x46, 0x38]) && (starts([0x37, 0x61], 4) || starts([0x39, 0x61], 4))) return "image/gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** The declared MIME type normalised to an accepted one (browsers and apps also send image/jpg, image/pjpeg). */
export function declaredImageType(type: string): UploadType | null {
  const t = type.split(";")[0]!.trim().toLowerCase();
  if (t === "image/jpg" || t === "image/pjpeg") return "image/jpeg";
  if (t === "image/png" || t === "image/jpeg" || t === "image/webp" || t === "image/gif") return t;
  return null;
}

export const EXTENSIONS: Record<UploadType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};
