import { and, eq } from "drizzle-orm";
import { FILES_PATH, MAX_UPLOAD_BYTES } from "../../../schema/api/files.ts";
import { uploads } from "../../../schema/db/index.ts";
import type { Env } from "../env.ts";
import { ApiError, badRequest } from "../errors.ts";
import type { Db } from "../db.ts";
import { b64url } from "../auth/password.ts";
import { enforce } from "../limits/rate-limit.ts";
import { EXTENSIONS, declaredImageType, sniffImageType } from "./image-type.ts";

/** Uploads per user per hour, across /upload and the features that store files. */
export const UPLOADS_PER_HOUR = 60;

export type StoredUpload = { key: string; url: string; contentType: string; size: number; private: boolean };

/**
 * Stores an image for a user in R2 and records it: the declared type and the
 * magic bytes must agree on PNG, JPEG, WebP or GIF, at most 5 MB. The key is
 * unguessable (128 random bits). Private files (KYC photos, deposit vouchers)
 * are served only to their owner and operators.
 */
export async function storeUpload(
  env: Env,
  db: Db,
  userId: number,
  file: File,
  options: { private?: boolean } = {},
): Promise<StoredUpload> {
  await enforce(db, `upload:${userId}`, UPLOADS_PER_HOUR, 3600_000);
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(413, "BODY_TOO_LARGE");
  const declared = declaredImageType(file.type);
  if (!declared || file.size === 0) throw badRequest("UPLOAD_NOT_IMAGE");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new ApiError(413, "BODY_TOO_LARGE");
  const actual = sniffImageType(bytes.subarray(0, 16));
  if (actual !== declared) throw badRequest("UPLOAD_NOT_IMAGE");

  const isPrivate = options.private === true;
  const key = `u/${userId}/${b64url(crypto.getRandomValues(new Uint8Array(16)))}.${EXTENSIONS[actual]}`;
  await env.FILES.put(key, bytes, {
    httpMetadata: { contentType: actual },
    customMetadata: { owner: String(userId), private: isPrivate ? "1" : "0" },
  });
  try {
    await db.insert(uploads).values({
      key,
      ownerId: userId,
      contentType: actual,
      size: bytes.byteLength,
      private: isPrivate,
      createdAt: Date.now(),
    });
  } catch (err) {
    await env.FILES.delete(key).catch(() => undefined);
    throw err;
  }
  return { key, url: fileUrl(key), contentType: actual, size: bytes.byteLength, private: isPrivate };
}

export const fileUrl = (key: string) => `${FILES_PATH}${key}`;

/**
 * The key behind a URL /upload answered: `/api/files/<key>`, absolute or
 * relative, without query or fragment. Null for anything else.
 */
export function keyFromFileUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, "http://relative.invalid").pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(FILES_PATH)) return null;
  const key = path.slice(FILES_PATH.length);
  return isPlausibleKey(key) ? key : null;
}

export const isPlausibleKey = (key: string) => key.length > 0 && key.length <= 200 && /^[\w./-]+$/.test(key) && !key.includes("..");

/** The upload row if the user owns it, else null. */
export const findOwnUpload = (db: Db, userId: number, key: string) =>
  db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.ownerId, userId)))
    .get();

export const findUpload = (db: Db, key: string) => db.select().from(uploads).where(eq(uploads.key, key)).get();

/** Private files: the owner and operators. Public files: everyone. */
export function canRead(upload: { ownerId: number; private: boolean }, viewer: { id: number; role: string } | null): boolean {
  if (!upload.private) return true;
  if (!viewer) return false;
  return viewer.id === upload.ownerId || viewer.role === "operator";
}
