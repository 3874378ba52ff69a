import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AdminSetting } from "../../schema/api/admin-settings.ts";
import { api, createUser } from "./helpers.ts";

/** Operator-managed settings: the web view's host allow-list, edited in the console, audited, readable by the app. */

const auditRows = async () =>
  (
    await env.DB.prepare("SELECT actor_id, action, subject_id, detail FROM audit_log WHERE action = 'setting.update' ORDER BY id").all<{
      actor_id: number;
      action: string;
      subject_id: string;
      detail: string;
    }>()
  ).results;

describe("POST /admin/settings (webview_hosts)", () => {
  it("stores a canonical host list, audits old and new value, and the app reads it from /getSiteConfig", async () => {
    const op = await createUser({ role: "operator" });
    const res = await api<AdminSetting>("/admin/settings", {
      token: op.token,
      form: { key: "webview_hosts", value: " Example.com,\n*.docs.example.org  example.com news.test " },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual({ key: "webview_hosts", value: "example.com,*.docs.example.org,news.test", public: true });
    const listed = await api<AdminSetting[]>("/admin/settings", { token: op.token });
    expect(listed.body.message).toEqual([{ key: "webview_hosts", value: "example.com,*.docs.example.org,news.test", public: true }]);
    const site = await api<Record<string, string>>("/getSiteConfig");
    expect(site.body.message.webview_hosts).toBe("example.com,*.docs.example.org,news.test");

    await api("/admin/settings", { token: op.token, form: { key: "webview_hosts", value: "" } });
    const rows = await auditRows();
    expect(rows.slice(-2).map((r) => ({ ...r, detail: JSON.parse(r.detail) }))).toEqual([
      {
        actor_id: op.id,
        action: "setting.update",
        subject_id: "webview_hosts",
        detail: { from: null, to: "example.com,*.docs.example.org,news.test" },
      },
      {
        actor_id: op.id,
        action: "setting.update",
        subject_id: "webview_hosts",
        detail: { from: "example.com,*.docs.example.org,news.test", to: "" },
      },
    ]);
    expect((await api<Record<string, string>>("/getSiteConfig")).body.message.webview_hosts).toBe("");
  });

  it("refuses entries that are not host names (translated, naming the entry) and stores nothing", async () => {
    const op = await createUser({ role: "operator" });
    await api("/admin/settings", { token: op.token, form: { key: "webview_hosts", value: "keep.test" } });
    for (const bad of ["https://evil.test", "evil.test/path", "evil.test:8080", "javascript:alert(1)", "*.", "a..b"]) {
      const res = await api("/admin/settings", { token: op.token, form: { key: "webview_hosts", value: `ok.test ${bad}`, lang: "en" } });
      expect(res.status, bad).toBe(400);
      expect(res.body.code, bad).toBe("WEBVIEW_HOST_INVALID");
      expect(res.body.message, bad).toContain(`"${bad}"`);
    }
    const many = Array.from({ length: 51 }, (_, i) => `h${i}.test`).join(",");
    expect((await api("/admin/settings", { token: op.token, form: { key: "webview_hosts", value: many } })).body.code).toBe(
      "WEBVIEW_HOSTS_TOO_MANY",
    );
    expect((await api<Record<string, string>>("/getSiteConfig")).body.message.webview_hosts).toBe("keep.test");
  });

  it("edits only listed keys, and only for operators", async () => {
    const op = await createUser({ role: "operator" });
    const user = await createUser();
    const other = await api("/admin/settings", { token: op.token, form: { key: "site_name", value: "Mine" } });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe("SETTING_NOT_EDITABLE");
    expect((await api("/admin/settings", { token: user.token, form: { key: "webview_hosts", value: "x.test" } })).status).toBe(403);
    expect((await api("/admin/settings", { token: user.token })).status).toBe(403);
    expect((await api("/admin/settings", { form: { key: "webview_hosts", value: "x.test" } })).status).toBe(401);
  });
});

describe("API security headers", () => {
  it("every API answer, errors included, refuses framing and sniffing", async () => {
    for (const [path, status] of [
      ["/getSiteConfig", 200],
      ["/user/info", 401],
      ["/no/such/route", 404],
      ["/getSetting?keyword=bad%20key", 400],
    ] as const) {
      const res = await api(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});
