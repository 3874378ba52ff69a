import { describe, expect, it } from "vitest";
import { UPLOAD_PATHS, createApp } from "../../worker/app.ts";
import { api, createUser } from "./helpers.ts";

/**
 * Walks every registered /api route with malformed input and requires a 4xx
 * envelope — never a 5xx, never a stack trace. Routes come from the app itself,
 * so a new route is walked without touching this file.
 */
type Route = { method: string; path: string };

/** Routes that answer something other than the JSON envelope on purpose. */
const NON_ENVELOPE = [/^\/api\/files\//];

const routes: Route[] = [
  ...new Map(
    createApp()
      .routes.filter((r) => ["GET", "POST", "PUT", "DELETE"].includes(r.method) && r.path.startsWith("/api/") && !r.path.includes("*"))
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
].filter((r) => !NON_ENVELOPE.some((re) => re.test(r.path)));

/** Field names the API uses; each route either knows a field (and validates it) or refuses it. */
const FIELDS = [
  "id",
  "page",
  "limit",
  "currency",
  "currency_id",
  "number",
  "amount",
  "price",
  "target_price",
  "type",
  "user_string",
  "password",
  "re_password",
  "code",
  "mobile",
  "area_code",
  "nickname",
  "signature",
  "address",
  "name",
  "status",
  "legal_id",
  "from_field",
  "to_field",
  "c_id",
  "keyword",
  "wallet_address",
  "signature_hex",
  "real_type",
  "card_id",
];
const BAD_VALUES = ["NaN", "1e309", "-1", "😀".repeat(400)];

const concrete = (path: string) => path.replace(/:\w+(\{[^}]*\})?/g, "1");

async function send(route: Route, token: string, init: { form?: Record<string, string>; body?: string; contentType?: string }) {
  const path = concrete(route.path).replace(/^\/api/, "");
  if (route.method === "GET" || route.method === "DELETE") {
    const qs = init.form ? `?${new URLSearchParams(init.form)}` : "";
    return api(`${path}${qs}`, { method: route.method, token });
  }
  if (init.form) return api(path, { method: route.method, token, form: init.form });
  return api(path, { method: route.method, token, body: init.body, headers: { "content-type": init.contentType ?? "text/plain" } });
}

function expectEnvelope(res: Awaited<ReturnType<typeof api>>, where: string) {
  expect(res.status, where).toBeLessThan(500);
  if (res.status >= 400) {
    expect(["error", "999", "998"], where).toContain(res.body.type);
    expect(typeof res.body.message, where).toBe("string");
    expect(res.body.code, where).toMatch(/^[A-Z0-9_]+$/);
    expect(JSON.stringify(res.body), where).not.toMatch(/\bat \w+.*\.(ts|js):\d+/);
  }
}

describe("every route refuses malformed input with a 4xx envelope", () => {
  it("has routes to walk", () => {
    expect(routes.length).toBeGreaterThan(5);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}`, async () => {
      // A fresh operator session per route, so a route that ends sessions (log-out) harms no other.
      const { token } = await createUser({ role: "operator" });
      const where = (what: string) => `${route.method} ${route.path} ${what}`;

      const extra = await send(route, token, { form: { zz_unexpected: "1" } });
      expectEnvelope(extra, where("extra key"));
      expect(extra.status, where("extra key")).toBeGreaterThanOrEqual(400);

      for (const field of FIELDS) {
        for (const value of BAD_VALUES) {
          expectEnvelope(await send(route, token, { form: { [field]: value } }), where(`${field}=${value.slice(0, 12)}`));
        }
      }

      if (route.method === "POST" || route.method === "PUT") {
        const badJson = await send(route, token, { body: "{not json", contentType: "application/json" });
        expectEnvelope(badJson, where("malformed JSON"));
        expect(badJson.status, where("malformed JSON")).toBe(400);

        const arrayJson = await send(route, token, { body: "[1,2,3]", contentType: "application/json" });
        expect(arrayJson.status, where("JSON array")).toBe(400);

        const huge = await send(route, token, {
          body: `a=${"x".repeat(UPLOAD_PATHS.has(route.path) ? 11 * 1024 * 1024 : 70 * 1024)}`,
          contentType: "application/x-www-form-urlencoded",
        });
        expectEnvelope(huge, where("huge body"));
        expect(huge.status, where("huge body")).toBe(413);
      }

      const anonymous = await send(route, "", { form: { zz_unexpected: "1" } });
      expectEnvelope(anonymous, where("anonymous"));
    });
  }
});
