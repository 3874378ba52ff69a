import { eq } from "drizzle-orm";
import { nftMedia } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import { b64url } from "../auth/password.ts";
import type { Db } from "../db.ts";
import type { Env } from "../env.ts";
import { ApiError, badRequest } from "../errors.ts";
import { NFT_MEDIA_TYPES, sniffMediaType } from "./media-type.ts";

/**
 * Operator uploads of NFT media into R2 (`nft/<128 random bits>.<ext>`): the type comes from the content, the size
 * limit from that type; anything else (HTML, SVG, scripts, unknown) is refused before it is stored.
 */
export async function storeNftMedia(env: Env, db: Db, operatorId: number, file: File, now = Date.now()) {
  if (file.size === 0) throw badRequest("NFT_MEDIA_TYPE");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffMediaType(bytes.subarray(0, 16));
  if (!type) throw badRequest("NFT_MEDIA_TYPE");
  const spec = NFT_MEDIA_TYPES[type];
  if (bytes.byteLength > spec.maxBytes) throw new ApiError(413, "NFT_MEDIA_TOO_LARGE", { max: `${spec.maxBytes / 1024 / 1024} MB` });
  const key = `nft/${b64url(crypto.getRandomValues(new Uint8Array(16)))}.${spec.ext}`;
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: type } });
  try {
    await db.batch([
      db.insert(nftMedia).values({ key, contentType: type, size: bytes.byteLength, uploadedBy: operatorId, createdAt: now }),
      auditStatement(
        db,
        { actorId: operatorId, action: "nft.media", subjectType: "nft_media", subjectId: key, detail: { type, size: bytes.byteLength } },
        now,
      ),
    ]);
  } catch (err) {
    await env.FILES.delete(key).catch(() => undefined);
    throw err;
  }
  return { key, content_type: type, size: bytes.byteLength, kind: spec.kind };
}

export const findMedia = (db: Db, key: string) => db.select().from(nftMedia).where(eq(nftMedia.key, key)).get();
