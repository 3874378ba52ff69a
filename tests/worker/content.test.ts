import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "./helpers.ts";

describe("site config", () => {
  it("answers only public settings", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO settings (key, value, public) VALUES ('site_name', 'Edge', 1)"),
      env.DB.prepare("INSERT INTO settings (key, value, public) VALUES ('secret_thing', 'x', 0)"),
    ]);
    const res = await api<Record<string, string>>("/getSiteConfig");
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("ok");
    expect(res.body.message.site_name).toBe("Edge");
    expect(res.body.message).not.toHaveProperty("secret_thing");
  });

  it("answers unknown routes with a translated 404 envelope", async () => {
    const res = await api("/no/such/route?lang=fra");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ type: "error", code: "NOT_FOUND", message: "Introuvable" });
  });
});
