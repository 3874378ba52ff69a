import { Hono } from "hono";
import { uploadSchema } from "../../schema/api/files.ts";
import { findSession } from "../domain/auth/sessions.ts";
import { canRead, findUpload, isPlausibleKey, storeUpload } from "../domain/files/uploads.ts";
import { notFound } from "../domain/errors.ts";
import { bearerToken, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

const PUBLIC_CACHE = "public, max-age=31536000, immutable";
const PRIVATE_CACHE = "private, no-store";

/** POST /upload stores an image (message = its URL); GET /files/<key> serves it. */
export const fileRoutes = new Hono<AppEnv>()
  .post("/upload", requireUser, async (c) => {
    const input = parse(c, uploadSchema);
    const stored = await storeUpload(c.env, c.var.db, c.var.user.id, input.file, { private: input.private === "1" });
    return ok(c, stored.url);
  })
  .get("/files/:key{.+}", async (c) => {
    const key = c.req.param("key");
    if (!isPlausibleKey(key)) throw notFound();
    const upload = await findUpload(c.var.db, key);
    if (!upload) throw notFound();
    // Private files: only the owner or an operator, and everyone else learns nothing (404, not 403).
    const viewer = upload.private ? await findSession(c.var.db, bearerToken(c)) : null;
    if (!canRead(upload, viewer)) throw notFound();

    const object = await c.env.FILES.get(key);
    if (!object) throw notFound();
    const headers = new Headers({
      "Content-Type": upload.contentType,
      "Cache-Control": upload.private ? PRIVATE_CACHE : PUBLIC_CACHE,
      ETag: object.httpEtag,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": "inline",
    });
    if (upload.private) headers.set("Vary", "Authorization");
    if (c.req.header("if-none-match") === object.httpEtag) {
      await object.body.cancel();
      return c.body(null, 304, Object.fromEntries(headers));
    }
    headers.set("Content-Length", String(object.size));
    return c.body(object.body, 200, Object.fromEntries(headers));
  });
