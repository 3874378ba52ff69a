import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createUser } from "./helpers.ts";

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO settings (key, value, public) VALUES ('version', 'wgt|apk,0.8.0', 1)"),
    env.DB.prepare("INSERT INTO settings (key, value, public) VALUES ('telegram_url', 'https://t.me/edge_support', 1)"),
    env.DB.prepare("INSERT INTO settings (key, value, public) VALUES ('mail_api_note', 'internal only', 0)"),
    env.DB.prepare("INSERT INTO settings (key, value, public) VALUES ('withdraw_daily_review', 'manual', 0)"),
  ]);
});

describe("GET /getSetting", () => {
  it("answers {key, value} for a public setting to a guest", async () => {
    const res = await api<{ key: string; value: string }>("/getSetting?keyword=version");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: "ok", message: { key: "version", value: "wgt|apk,0.8.0" } });
  });

  it("hides a private setting from guests behind the same 404 as a missing key", async () => {
    const hidden = await api("/getSetting?keyword=mail_api_note&lang=zh");
    const missing = await api("/getSetting?keyword=no_such_key&lang=zh");
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body).toMatchObject({ type: "error", code: "SETTING_NOT_FOUND", message: "该配置不存在" });
    expect(JSON.stringify(hidden.body)).not.toContain("internal only");
  });

  it("hides a private setting from signed-in users who are not operators", async () => {
    const user = await createUser();
    const res = await api("/getSetting?keyword=mail_api_note", { token: user.token });
    expect(res.status).toBe(404);
  });

  it("treats a bad or expired token as a guest instead of answering 999", async () => {
    const pub = await api("/getSetting?keyword=version", { token: "not-a-real-token" });
    expect(pub.status).toBe(200);
    const priv = await api("/getSetting?keyword=mail_api_note", { token: "x".repeat(43) });
    expect(priv.status).toBe(404);
  });

  it("answers private settings to operators", async () => {
    const operator = await createUser({ role: "operator" });
    const res = await api<{ key: string; value: string }>("/getSetting?keyword=withdraw_daily_review", {
      token: `Bearer ${operator.token}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual({ key: "withdraw_daily_review", value: "manual" });
  });

  it("rejects a missing, malformed or extra parameter with a translated 400", async () => {
    const missing = await api("/getSetting");
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("PARAMETER_ERROR");
    const malformed = await api("/getSetting?keyword=a%20b;drop&lang=fra");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: "INVALID_SETTING_KEY", message: "Nom de paramètre invalide" });
    const tooLong = await api(`/getSetting?keyword=${"k".repeat(65)}`);
    expect(tooLong.status).toBe(400);
    const extra = await api("/getSetting?keyword=version&user_id=1");
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe("UNKNOWN_FIELD");
  });
});

describe("GET /getSiteConfig", () => {
  it("always carries the known keys, empty when unset, and never a private row", async () => {
    const res = await api<Record<string, string>>("/getSiteConfig");
    expect(res.status).toBe(200);
    const config = res.body.message;
    for (const key of [
      "site_name",
      "site_logo",
      "down_logo",
      "zxkf_url",
      "telegram_url",
      "whatsApp_url",
      "line_url",
      "apk_download_url",
      "ios_apk_download_url",
      "version",
    ]) {
      expect(config).toHaveProperty(key);
    }
    expect(config.telegram_url).toBe("https://t.me/edge_support");
    expect(config.version).toBe("wgt|apk,0.8.0");
    expect(config.line_url).toBe("");
    expect(config).not.toHaveProperty("mail_api_note");
    expect(config).not.toHaveProperty("withdraw_daily_review");
  });

  it("does not show private rows to operators either", async () => {
    const operator = await createUser({ role: "operator" });
    const res = await api<Record<string, string>>("/getSiteConfig", { token: operator.token });
    expect(res.body.message).not.toHaveProperty("mail_api_note");
  });

  it("does not fill a known key from a private row", async () => {
    await env.DB.prepare("INSERT INTO settings (key, value, public) VALUES ('line_url', 'https://line.example/private', 0)").run();
    const res = await api<Record<string, string>>("/getSiteConfig");
    expect(res.body.message.line_url).toBe("");
  });
});
