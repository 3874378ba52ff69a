import * as z from "zod/mini";

/** POST /upload: multipart field `file`; `private=1` for KYC photos and deposit vouchers. */
export const uploadSchema = z.strictObject({
  file: z.custom<File>((v) => typeof File !== "undefined" && v instanceof File),
  private: z._default(z.optional(z.enum(["0", "1"])), "0"),
});

/** Images up to this size are accepted (the request itself may be up to 10 MB). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Declared types accepted by /upload; the content must match by its magic bytes too. */
export const UPLOAD_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Where /upload's answer points: `/api/files/<key>`. */
export const FILES_PATH = "/api/files/";
