import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createUser } from "./helpers.ts";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0];
const GIF_HEAD = [...new TextEncoder().encode("GIF89a"), 1, 0, 1, 0];
const WEBP_HEAD = [...new TextEncoder().encode("RIFF"), 0x1a, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")];

const withHead = (head: number[], size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
};

async function upload(token: string | undefined, file: File, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", file);
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return api<string>("/upload", { token, body: form });
}

const get = (url: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(new Request(`http://localhost${url}`, { headers }));

describe("POST /upload", () => {
  it("stores a PNG under an unguessable key and serves it back to anyone with long cache headers", async () => {
    const user = await createUser();
    const res = await upload(user.token, new File([PNG], "avatar.png", { type: "image/png" }));
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("ok");
    const url = res.body.message;
    expect(url).toMatch(new RegExp(`^/api/files/u/${user.id}/[\\w-]{22}\\.png$`));

    const row = await env.DB.prepare("SELECT owner_id, content_type, size, private FROM uploads WHERE key = ?")
      .bind(url.slice("/api/files/".length))
      .first();
    expect(row).toEqual({ owner_id: user.id, content_type: "image/png", size: PNG.byteLength, private: 0 });

    const file = await get(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);

    const again = await get(url, { "If-None-Match": file.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("gives every upload its own key", async () => {
    const user = await createUser();
    const a = await upload(user.token, new File([PNG], "a.png", { type: "image/png" }));
    const b = await upload(user.token, new File([PNG], "a.png", { type: "image/png" }));
    expect(a.body.message).not.toBe(b.body.message);
  });

  it("accepts JPEG, GIF and WebP by content, naming the key by the real type", async () => {
    const user = await createUser();
    const cases: [number[], string, string][] = [
      [JPEG_HEAD, "image/jpeg", "jpg"],
      [JPEG_HEAD, "image/jpg", "jpg"],
      [GIF_HEAD, "image/gif", "gif"],
      [WEBP_HEAD, "image/webp", "webp"],
    ];
    for (const [head, type, ext] of cases) {
      const res = await upload(user.token, new File([withHead(head)], "x.bin", { type }));
      expect(res.status, type).toBe(200);
      expect(res.body.message.endsWith(`.${ext}`)).toBe(true);
      const served = await get(res.body.message);
      expect(served.headers.get("content-type")).toBe(type === "image/jpg" ? "image/jpeg" : type);
    }
  });

  it("refuses a text file renamed .png, even when it claims to be image/png", async () => {
    const user = await createUser();
    const text = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const res = await upload(user.token, new File([text], "evil.png", { type: "image/png" }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("UPLOAD_NOT_IMAGE");
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM uploads WHERE owner_id = ?").bind(user.id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("refuses real image bytes declared as another type, SVG, and an empty file", async () => {
    const user = await createUser();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const file of [
      new File([PNG], "a.png", { type: "text/plain" }),
      new File([PNG], "a.png", { type: "image/jpeg" }),
      new File([svg], "a.svg", { type: "image/svg+xml" }),
      new File([], "a.png", { type: "image/png" }),
    ]) {
      const res = await upload(user.token, file);
      expect(res.status, file.type).toBe(400);
      expect(res.body.code).toBe("UPLOAD_NOT_IMAGE");
    }
  });

  it("refuses a 6 MB image with 413 and an 11 MB request before reading it", async () => {
    const user = await createUser();
    const six = await upload(user.token, new File([withHead([...PNG.subarray(0, 8)], 6 * 1024 * 1024)], "big.png", { type: "image/png" }));
    expect(six.status).toBe(413);
    expect(six.body.code).toBe("BODY_TOO_LARGE");
    const eleven = await upload(
      user.token,
      new File([withHead([...PNG.subarray(0, 8)], 11 * 1024 * 1024)], "huge.png", { type: "image/png" }),
    );
    expect(eleven.status).toBe(413);
    expect(eleven.body.code).toBe("BODY_TOO_LARGE");
    const listed = await env.FILES.list({ prefix: `u/${user.id}/` });
    expect(listed.objects).toHaveLength(0);
  });

  it("accepts an image of exactly 5 MB", async () => {
    const user = await createUser();
    const res = await upload(user.token, new File([withHead([...PNG.subarray(0, 8)], 5 * 1024 * 1024)], "max.png", { type: "image/png" }));
    expect(res.status).toBe(200);
  });

  it("refuses uploads past the hourly limit with 429", async () => {
    const user = await createUser();
    const hour = 3600_000;
    const windowStart = Date.now() - (Date.now() % hour);
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 60)")
      .bind(`upload:${user.id}`, windowStart)
      .run();
    const res = await upload(user.token, new File([PNG], "a.png", { type: "image/png" }));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("TOO_MANY_REQUESTS");
  });

  it("needs a session and a file field", async () => {
    expect((await upload(undefined, new File([PNG], "a.png", { type: "image/png" }))).status).toBe(401);
    const user = await createUser();
    const noFile = await api("/upload", { token: user.token, form: { file: "not a file" } });
    expect(noFile.status).toBe(400);
    expect(noFile.body.code).toBe("PARAMETER_ERROR");
    const extra = await upload(user.token, new File([PNG], "a.png", { type: "image/png" }), { owner_id: "1" });
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe("UNKNOWN_FIELD");
  });
});

describe("private files", () => {
  it("are 404 for strangers and other users, 200 for the owner and operators, never cached", async () => {
    const owner = await createUser();
    const other = await createUser();
    const operator = await createUser({ role: "operator" });
    const res = await upload(owner.token, new File([PNG], "id-front.png", { type: "image/png" }), { private: "1" });
    expect(res.status).toBe(200);
    const url = res.body.message;

    expect((await get(url)).status).toBe(404);
    const asOther = await get(url, { Authorization: other.token });
    expect(asOther.status).toBe(404);
    expect(((await asOther.json()) as { code: string }).code).toBe("NOT_FOUND");
    expect((await get(url, { Authorization: "garbage" })).status).toBe(404);

    for (const token of [owner.token, `Bearer ${operator.token}`]) {
      const ok = await get(url, { Authorization: token });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("cache-control")).toBe("private, no-store");
      expect(new Uint8Array(await ok.arrayBuffer())).toEqual(PNG);
    }
  });

  it("can be stored by other features through storeUpload", async () => {
    const { drizzle } = await import("drizzle-orm/d1");
    const tables = await import("../../schema/db/index.ts");
    const { storeUpload } = await import("../../worker/domain/files/uploads.ts");
    const owner = await createUser();
    const db = drizzle(env.DB, { schema: tables });
    const stored = await storeUpload(env, db, owner.id, new File([PNG], "voucher.png", { type: "image/png" }), { private: true });
    expect(stored).toMatchObject({ private: true, contentType: "image/png", size: PNG.byteLength });
    expect((await get(stored.url)).status).toBe(404);
    expect((await get(stored.url, { Authorization: owner.token })).status).toBe(200);
  });
});

describe("GET /files", () => {
  it("answers 404 for unknown keys, path tricks and objects missing from the bucket", async () => {
    expect((await get("/api/files/u/1/nothing.png")).status).toBe(404);
    expect((await get("/api/files/u/../../etc/passwd")).status).toBe(404);
    await env.DB.prepare(
      "INSERT INTO uploads (key, owner_id, content_type, size, private, created_at) VALUES ('u/9/gone.png', 9, 'image/png', 1, 0, 0)",
    ).run();
    expect((await get("/api/files/u/9/gone.png")).status).toBe(404);
  });
});
