import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { UserInfo } from "../../schema/api/profile.ts";
import { api, createUser } from "./helpers.ts";

const kyc = (userId: number, level: number, status: "auditing" | "hasaudit" | "failed") =>
  env.DB.prepare("INSERT INTO identity_verifications (user_id, level, status, created_at) VALUES (?, ?, ?, ?)").bind(
    userId,
    level,
    status,
    Date.now(),
  );

describe("GET /user/info", () => {
  it("answers the caller's own profile with every field the client reads and no secret", async () => {
    const user = await createUser();
    const res = await api<UserInfo>("/user/info", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("ok");
    const info = res.body.message;
    expect(info).toMatchObject({
      id: user.id,
      email: user.email,
      account_number: user.email,
      score: 100,
      level: 0,
      has_password: true,
      has_pay_password: false,
      role: "user",
      real_state: { level: 0, status: "noaudit" },
    });
    expect(Object.keys(info).sort()).toEqual(
      [
        "id",
        "uid",
        "email",
        "mobile",
        "area_code",
        "account_number",
        "nickname",
        "signature",
        "head_portrait",
        "score",
        "level",
        "extension_code",
        "wallet_address",
        "has_password",
        "has_pay_password",
        "role",
        "real_state",
        "created_at",
      ].sort(),
    );
    expect(info.uid).toMatch(/\S/);
    expect(info.extension_code).toMatch(/\S/);
    const raw = JSON.stringify(res.body);
    expect(raw).not.toContain("pbkdf2");
    expect(raw).not.toMatch(/password_hash|passwordHash/);
  });

  it("refuses a user_id parameter instead of answering someone else's row", async () => {
    const me = await createUser();
    const other = await createUser();
    const res = await api(`/user/info?user_id=${other.id}`, { token: me.token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("UNKNOWN_FIELD");
  });

  it("needs a session", async () => {
    const res = await api("/user/info");
    expect(res.status).toBe(401);
    expect(res.body.type).toBe("999");
  });

  it("uses the mobile as account number when there is no email, and reports a pay password without revealing it", async () => {
    const user = await createUser({ areaCode: "86", mobile: "13800138000" });
    await env.DB.prepare("UPDATE users SET email = NULL, pay_password_hash = 'pbkdf2-sha256$v1$1$AAAA$BBBB' WHERE id = ?")
      .bind(user.id)
      .run();
    const res = await api<UserInfo>("/user/info", { token: user.token });
    expect(res.body.message).toMatchObject({
      email: null,
      mobile: "13800138000",
      area_code: "86",
      account_number: "13800138000",
      has_pay_password: true,
    });
    expect(JSON.stringify(res.body)).not.toContain("pbkdf2");
  });

  it("says whether a log-in password is set, so the password page knows to ask for the old one", async () => {
    const user = await createUser();
    const hasPassword = async () => (await api<UserInfo>("/user/info", { token: user.token })).body.message.has_password;
    expect(await hasPassword()).toBe(true);
    // An account made by wallet sign-in has no log-in password until it sets one.
    await env.DB.prepare("UPDATE users SET password_hash = NULL WHERE id = ?").bind(user.id).run();
    expect(await hasPassword()).toBe(false);
    await env.DB.prepare("UPDATE users SET password_hash = '' WHERE id = ?").bind(user.id).run();
    expect(await hasPassword()).toBe(false);
    // Setting the first one needs no old password; then it is reported as set.
    const set = await api("/safe/login_password", {
      token: user.token,
      form: { password: "first-password-1", re_password: "first-password-1" },
    });
    expect(set.status).toBe(200);
    expect(await hasPassword()).toBe(true);
  });

  it("derives real_state from identity verifications: highest level passed and the latest submission's status", async () => {
    const user = await createUser();
    const state = async () => (await api<UserInfo>("/user/info", { token: user.token })).body.message.real_state;

    await kyc(user.id, 1, "failed").run();
    expect(await state()).toEqual({ level: 0, status: "failed" });
    await kyc(user.id, 1, "auditing").run();
    expect(await state()).toEqual({ level: 0, status: "auditing" });
    await env.DB.prepare("UPDATE identity_verifications SET status = 'hasaudit' WHERE user_id = ? AND status = 'auditing'")
      .bind(user.id)
      .run();
    expect(await state()).toEqual({ level: 1, status: "hasaudit" });
    await kyc(user.id, 2, "auditing").run();
    expect(await state()).toEqual({ level: 1, status: "auditing" });
    await env.DB.prepare("UPDATE identity_verifications SET status = 'hasaudit' WHERE user_id = ? AND level = 2").bind(user.id).run();
    expect(await state()).toEqual({ level: 2, status: "hasaudit" });
  });

  it("is not affected by another user's verification", async () => {
    const me = await createUser();
    const other = await createUser();
    await kyc(other.id, 1, "hasaudit").run();
    const res = await api<UserInfo>("/user/info", { token: me.token });
    expect(res.body.message.real_state).toEqual({ level: 0, status: "noaudit" });
  });
});
