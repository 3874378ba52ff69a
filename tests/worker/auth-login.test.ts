import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createUser } from "./helpers.ts";
import { emailCode, freshEmail, freshIp, get, login, post, registerEmail } from "./auth-support.ts";

const sessionCount = async (userId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

describe("POST /user/login", () => {
  it("answers a session token as the message; the token opens protected routes", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    const res = await post<string>("/user/login", { user_string: user.email.toUpperCase(), password: user.password, type: "1" }, client);
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("ok");
    expect(res.body.message).toMatch(/^[\w-]{43}$/);
    expect((await get("/user/logout", client, res.body.message)).status).toBe(200);
  });

  it("wrong password and unknown account fail alike with LOGIN_FAILED, translated", async () => {
    const client = { ip: freshIp(), lang: "zh" };
    const user = await createUser();
    const wrong = await login(client, user.email, "not the password");
    const unknown = await login(client, freshEmail("nobody"), "not the password");
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ type: "error", code: "LOGIN_FAILED", message: "登录失败：账号或密码错误" });
    }
  });

  it("an unknown account costs the same password verification (PBKDF2) as a known one", async () => {
    const user = await createUser();
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    try {
      await login({ ip: freshIp() }, user.email, "wrong password 1");
      const forKnown = derive.mock.calls.length;
      derive.mockClear();
      await login({ ip: freshIp() }, freshEmail("nobody"), "wrong password 1");
      const forUnknown = derive.mock.calls.length;
      expect(forKnown).toBe(1);
      expect(forUnknown).toBe(forKnown);
      const params = derive.mock.calls[0]![0] as { iterations: number };
      expect(params.iterations).toBe(100_000);
    } finally {
      derive.mockRestore();
    }
  });

  it("a wallet-only account (no password) cannot log in with any password", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    await env.DB.prepare("INSERT INTO users (uid, email, invite_code, created_at) VALUES ('70000001', ?, 'NOPASS1', 0)")
      .bind(email.toLowerCase())
      .run();
    const res = await login(client, email, "");
    expect(res.status).toBe(400);
    const res2 = await login(client, email, "anything at all");
    expect(res2.body.code).toBe("LOGIN_FAILED");
  });

  it("a locked account is refused after a correct password", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    await env.DB.prepare("UPDATE users SET status = 'locked' WHERE id = ?").bind(user.id).run();
    const res = await login(client, user.email, user.password);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("ACCOUNT_LOCKED");
  });

  it("after 5 failures an account is throttled with 429 and Retry-After, even with the right password and from another IP", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      expect((await login({ ip: freshIp() }, user.email, `wrong ${i} password`)).status).toBe(400);
    }
    const blocked = await login({ ip: freshIp(), lang: "fra" }, user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("TOO_MANY_REQUESTS");
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.body.message).toBe(`Trop de tentatives, réessayez dans ${retryAfter} s`);
    // Another account is unaffected.
    const other = await createUser();
    expect((await login({ ip: freshIp() }, other.email, other.password)).status).toBe(200);
  });

  it("unknown accounts are throttled the same way (no enumeration through 429s)", async () => {
    const email = freshEmail("nobody");
    for (let i = 0; i < 5; i++) expect((await login({ ip: freshIp() }, email, "whatever 123")).status).toBe(400);
    expect((await login({ ip: freshIp() }, email, "whatever 123")).status).toBe(429);
  });

  it("a success clears the account counter", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    for (let i = 0; i < 4; i++) await login(client, user.email, "wrong password!");
    expect((await login(client, user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(client, user.email, "wrong password!")).status).toBe(400);
    expect((await login(client, user.email, user.password)).status).toBe(200);
  });

  it("one IP is throttled after 30 failures across many accounts", async () => {
    const client = { ip: freshIp() };
    for (let i = 0; i < 30; i++) {
      expect((await login(client, freshEmail(`spray${i}`), "password spray 1")).status).toBe(400);
    }
    const user = await createUser();
    const blocked = await login(client, user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await login({ ip: freshIp() }, user.email, user.password)).status).toBe(200);
  });

  it("refuses malformed input before touching the counters", async () => {
    const client = { ip: freshIp() };
    const res = await post("/user/login", { user_string: "not valid", password: "x" }, client);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_MOBILE");
    const noPassword = await post("/user/login", { user_string: "a@b.co" }, client);
    expect(noPassword.status).toBe(400);
  });
});

describe("GET /user/logout", () => {
  it("ends this session only: the token then gets 999, another session lives on", async () => {
    const client = { ip: freshIp(), lang: "hk" };
    const { email, password } = await registerEmail(client);
    const a = (await login(client, email, password)).body.message;
    const b = (await login(client, email, password)).body.message;
    const out = await get("/user/logout", client, a);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ type: "ok", message: "已登出" });
    const after = await get("/user/logout", client, a);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ type: "999", code: "PLEASE_LOG_IN", message: "請先登入" });
    expect((await get("/user/logout", client, b)).status).toBe(200);
  });

  it("without a token answers 999", async () => {
    const res = await get("/user/logout", { ip: freshIp() });
    expect(res.status).toBe(401);
    expect(res.body.type).toBe("999");
  });
});

describe("POST /user/forget", () => {
  it("resets the password with a forget code and ends ALL sessions of the user", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    const second = (await login(client, user.email, user.password)).body.message;
    expect(await sessionCount(user.id)).toBe(2);

    const code = await emailCode(user.email, "forget", client);
    const res = await post(
      "/user/forget",
      { user_string: user.email, code, password: "brand new pass 2", re_password: "brand new pass 2" },
      { ...client, lang: "spa" },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Su contraseña se ha restablecido, inicie sesión de nuevo");
    expect(await sessionCount(user.id)).toBe(0);
    expect((await get("/user/logout", client, user.token)).status).toBe(401);
    expect((await get("/user/logout", client, second)).status).toBe(401);
    expect((await login(client, user.email, user.password)).status).toBe(400);
    expect((await login(client, user.email, "brand new pass 2")).status).toBe(200);
  });

  it("clears the log-in throttle of the account it resets", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) await login({ ip: freshIp() }, user.email, "wrong password!");
    expect((await login({ ip: freshIp() }, user.email, user.password)).status).toBe(429);
    const client = { ip: freshIp() };
    const code = await emailCode(user.email, "forget", client);
    expect(
      (await post("/user/forget", { user_string: user.email, code, password: "after reset 99", re_password: "after reset 99" }, client))
        .status,
    ).toBe(200);
    expect((await login({ ip: freshIp() }, user.email, "after reset 99")).status).toBe(200);
  });

  it("refuses a register code, a wrong code, mismatched or short passwords", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    const code = await emailCode(user.email, "forget", client);
    const wrong = code === "123123" ? "321321" : "123123";
    const bad = await post(
      "/user/forget",
      { user_string: user.email, code: wrong, password: "new password 1", re_password: "new password 1" },
      client,
    );
    expect(bad.body.code).toBe("CODE_INVALID");
    const differ = await post(
      "/user/forget",
      { user_string: user.email, code, password: "new password 1", re_password: "new password 2" },
      client,
    );
    expect(differ.body.code).toBe("PASSWORDS_DIFFER");
    const short = await post("/user/forget", { user_string: user.email, code, password: "short", re_password: "short" }, client);
    expect(short.body.code).toBe("PASSWORD_TOO_SHORT");
    // The spec's names only: the original backend's aliases are unknown fields.
    const alias = await post(
      "/user/forget",
      { account: user.email, code, password: "new password 1", repassword: "new password 1" },
      client,
    );
    expect(alias.status).toBe(400);
    // The code still works after those refusals.
    expect(
      (await post("/user/forget", { user_string: user.email, code, password: "new password 1", re_password: "new password 1" }, client))
        .status,
    ).toBe(200);
  });

  it("an unknown address can never be reset (it was sent no usable code)", async () => {
    const client = { ip: freshIp() };
    const ghost = freshEmail("ghost");
    expect((await post("/sms_mail", { user_string: ghost, scene: "forget" }, client)).status).toBe(200);
    const res = await post(
      "/user/forget",
      { user_string: ghost, code: "123456", password: "new password 1", re_password: "new password 1" },
      client,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("CODE_INVALID");
  });
});

describe("POST /safe/login_password", () => {
  it("changes the login password after the old one and ends the OTHER sessions only", async () => {
    const client = { ip: freshIp(), lang: "th" };
    const user = await createUser();
    const other = (await login(client, user.email, user.password)).body.message;
    const res = await post(
      "/safe/login_password",
      { oldPassword: user.password, password: "changed pass 77", re_password: "changed pass 77" },
      client,
      user.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("เปลี่ยนรหัสผ่านเข้าสู่ระบบแล้ว");
    expect((await get("/user/logout", client, other)).status).toBe(401);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await login(client, user.email, user.password)).status).toBe(400);
    expect((await login(client, user.email, "changed pass 77")).status).toBe(200);
    expect((await get("/user/logout", client, user.token)).status).toBe(200);
  });

  it("refuses a missing or wrong old password, and throttles guessing it", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    const missing = await post("/safe/login_password", { password: "changed pass 77", re_password: "changed pass 77" }, client, user.token);
    expect(missing.body.code).toBe("OLD_PASSWORD_REQUIRED");
    for (let i = 0; i < 5; i++) {
      const wrong = await post(
        "/safe/login_password",
        { oldPassword: `guess ${i}`, password: "changed pass 77", re_password: "changed pass 77" },
        client,
        user.token,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe("OLD_PASSWORD_WRONG");
    }
    const throttled = await post(
      "/safe/login_password",
      { oldPassword: user.password, password: "changed pass 77", re_password: "changed pass 77" },
      client,
      user.token,
    );
    expect(throttled.status).toBe(429);
    expect((await login(client, user.email, user.password)).status).toBe(200);
  });

  it("validates the new password and needs a session", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    const short = await post(
      "/safe/login_password",
      { oldPassword: user.password, password: "short", re_password: "short" },
      client,
      user.token,
    );
    expect(short.body.code).toBe("PASSWORD_TOO_SHORT");
    const differ = await post(
      "/safe/login_password",
      { oldPassword: user.password, password: "long enough 1", re_password: "long enough 2" },
      client,
      user.token,
    );
    expect(differ.body.code).toBe("PASSWORDS_DIFFER");
    const anon = await post(
      "/safe/login_password",
      { oldPassword: user.password, password: "long enough 1", re_password: "long enough 1" },
      client,
    );
    expect(anon.status).toBe(401);
    expect(anon.body.type).toBe("999");
  });
});
