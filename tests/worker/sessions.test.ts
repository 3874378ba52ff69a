import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_CACHE_MS, findSession } from "../../worker/domain/auth/sessions.ts";
import { api, createUser } from "./helpers.ts";
import { db } from "./money-helpers.ts";

describe("session middleware", () => {
  it("answers 401 with type 999 and a translated message without a token", async () => {
    const res = await api("/user/info?lang=zh");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ type: "999", code: "PLEASE_LOG_IN", message: "请先登录" });
  });

  it("accepts the raw token and the Bearer form", async () => {
    const user = await createUser();
    expect((await api("/user/info", { token: user.token })).status).toBe(200);
    expect((await api("/user/info", { token: `Bearer ${user.token}` })).status).toBe(200);
    expect((await api("/user/info", { token: `${user.token}x` })).status).toBe(401);
  });
});

describe("session cache", () => {
  it("trusts a session read from D1 for SESSION_CACHE_MS in this isolate, then reads it again", async () => {
    const me = await createUser();
    const t0 = Date.now();
    expect(await findSession(db(), me.token, t0)).toMatchObject({ id: me.id });
    // Ended behind this isolate's back (another isolate's log-out, say).
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(me.id).run();
    expect(await findSession(db(), me.token, t0 + 1_000)).toMatchObject({ id: me.id });
    expect(await findSession(db(), me.token, t0 + 1_000, { fresh: true })).toBeNull();
    expect(await findSession(db(), me.token, t0 + SESSION_CACHE_MS + 1)).toBeNull();
  });

  it("forgets a session at once when this isolate ends it (log-out, password change)", async () => {
    const me = await createUser();
    expect((await api("/user/info", { token: me.token })).status).toBe(200);
    expect((await api("/user/logout", { token: me.token })).status).toBe(200);
    expect((await api("/user/info", { token: me.token })).status).toBe(401);
  });
});
