import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "../../worker/domain/auth/password.ts";
import { createUser } from "./helpers.ts";
import { emailCode, freshEmail, freshIp, freshMobile, login, mobileCode, post } from "./auth-support.ts";

const hashes = (id: number) =>
  env.DB.prepare("SELECT password_hash, pay_password_hash, area_code, mobile FROM users WHERE id = ?")
    .bind(id)
    .first<{ password_hash: string; pay_password_hash: string | null; area_code: string | null; mobile: string | null }>();

describe("POST /safe/update_password (pay password)", () => {
  it("sets a first pay password without oldPassword (re-authenticated by the log-in password), stored hashed, apart from it", async () => {
    const client = { ip: freshIp(), lang: "zh" };
    const user = await createUser();
    const res = await post(
      "/safe/update_password",
      { password: "246810", re_password: "246810", login_password: user.password },
      client,
      user.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("支付密码已设置");
    const row = await hashes(user.id);
    expect(row!.pay_password_hash).toMatch(/^pbkdf2-sha256\$v1\$/);
    expect(await verifyPassword("246810", row!.pay_password_hash!, env.PASSWORD_PEPPER!)).toBe(true);
    expect(await verifyPassword(user.password, row!.password_hash, env.PASSWORD_PEPPER!)).toBe(true);
  });

  it("once set, changing it needs the right oldPassword", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    const first = { password: "111111", re_password: "111111", login_password: user.password };
    expect((await post("/safe/update_password", first, client, user.token)).status).toBe(200);

    const missing = await post(
      "/safe/update_password",
      { password: "222222", re_password: "222222" },
      { ...client, lang: "fra" },
      user.token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "OLD_PASSWORD_REQUIRED", message: "Veuillez saisir votre mot de passe actuel" });
    const blank = await post("/safe/update_password", { oldPassword: "", password: "222222", re_password: "222222" }, client, user.token);
    expect(blank.body.code).toBe("OLD_PASSWORD_REQUIRED");
    const wrong = await post(
      "/safe/update_password",
      { oldPassword: "999999", password: "222222", re_password: "222222" },
      client,
      user.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("OLD_PASSWORD_WRONG");
    const right = await post(
      "/safe/update_password",
      { oldPassword: "111111", password: "222222", re_password: "222222" },
      client,
      user.token,
    );
    expect(right.status).toBe(200);
    expect(await verifyPassword("222222", (await hashes(user.id))!.pay_password_hash!, env.PASSWORD_PEPPER!)).toBe(true);
  });

  it("throttles guessing the old pay password", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    await post("/safe/update_password", { password: "111111", re_password: "111111", login_password: user.password }, client, user.token);
    for (let i = 0; i < 5; i++) {
      expect(
        (await post("/safe/update_password", { oldPassword: `00000${i}`, password: "222222", re_password: "222222" }, client, user.token))
          .body.code,
      ).toBe("OLD_PASSWORD_WRONG");
    }
    const throttled = await post(
      "/safe/update_password",
      { oldPassword: "111111", password: "222222", re_password: "222222" },
      client,
      user.token,
    );
    expect(throttled.status).toBe(429);
  });

  it("accepts 6 to 16 characters and matching confirmation only", async () => {
    const client = { ip: freshIp(), lang: "jp" };
    const user = await createUser();
    const short = await post("/safe/update_password", { password: "12345", re_password: "12345" }, client, user.token);
    expect(short.body).toMatchObject({ code: "PAY_PASSWORD_LENGTH", message: "支払いパスワードは6〜16文字にしてください" });
    const long = await post("/safe/update_password", { password: "x".repeat(17), re_password: "x".repeat(17) }, client, user.token);
    expect(long.body.code).toBe("PAY_PASSWORD_LENGTH");
    const differ = await post("/safe/update_password", { password: "123456", re_password: "654321" }, client, user.token);
    expect(differ.body.code).toBe("PASSWORDS_DIFFER");
    expect(
      (
        await post(
          "/safe/update_password",
          { password: "x".repeat(16), re_password: "x".repeat(16), login_password: user.password },
          client,
          user.token,
        )
      ).status,
    ).toBe(200);
  });

  it("with a code, the code must be a pay_password code for the user's own email", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    const stranger = await createUser();
    const strangerCode = await emailCode(stranger.email, "pay_password", client);
    const foreign = await post(
      "/safe/update_password",
      { password: "135790", re_password: "135790", code: strangerCode },
      client,
      user.token,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe("CODE_INVALID");

    const code = await emailCode(user.email, "pay_password", client);
    const wrongShape = await post("/safe/update_password", { password: "135790", re_password: "135790", code: "12" }, client, user.token);
    expect(wrongShape.body.code).toBe("CODE_MUST_BE_6_DIGITS");
    const ok = await post("/safe/update_password", { password: "135790", re_password: "135790", code }, client, user.token);
    expect(ok.status).toBe(200);
    const reused = await post(
      "/safe/update_password",
      { oldPassword: "135790", password: "135791", re_password: "135791", code },
      client,
      user.token,
    );
    expect(reused.body.code).toBe("CODE_INVALID");
  });

  it("needs a session", async () => {
    const res = await post("/safe/update_password", { password: "123456", re_password: "123456" }, { ip: freshIp() });
    expect(res.status).toBe(401);
    expect(res.body.type).toBe("999");
  });
});

describe("POST /safe/mobile", () => {
  it("binds a mobile after a bind code to that mobile and the log-in password; the mobile then logs in", async () => {
    const client = { ip: freshIp(), lang: "kor" };
    const user = await createUser();
    const mobile = freshMobile();
    const code = await mobileCode("86", mobile, "bind", client);
    const res = await post("/safe/mobile", { mobile, code, login_password: user.password }, client, user.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("휴대폰 번호가 연결되었습니다");
    expect(await hashes(user.id)).toMatchObject({ area_code: "86", mobile });
    expect((await login(client, mobile, user.password)).status).toBe(200);
  });

  it("refuses a mobile another account uses, without spending the code", async () => {
    const client = { ip: freshIp(), lang: "spa" };
    const mobile = freshMobile();
    const code = await mobileCode("86", mobile, "bind", client);
    await createUser({ areaCode: "86", mobile });
    const user = await createUser();
    const res = await post("/safe/mobile", { mobile, code, area_code: "86" }, client, user.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "MOBILE_TAKEN", message: "Este número de móvil ya lo usa otra cuenta" });
    expect((await hashes(user.id))!.mobile).toBeNull();
  });

  it("refuses a wrong code, a code for another number or purpose, and an expired code", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    const mobile = freshMobile();
    const code = await mobileCode("86", mobile, "bind", client);
    const wrong = await post("/safe/mobile", { mobile, code: code === "000001" ? "000002" : "000001" }, client, user.token);
    expect(wrong.body.code).toBe("CODE_INVALID");
    const otherArea = await post("/safe/mobile", { mobile, code, area_code: "1" }, client, user.token);
    expect(otherArea.body.code).toBe("CODE_INVALID");
    const registerCode = await mobileCode("86", freshMobile(), "register", client);
    const otherPurpose = await post("/safe/mobile", { mobile, code: registerCode }, client, user.token);
    expect(otherPurpose.body.code).toBe("CODE_INVALID");
    await env.DB.prepare("UPDATE verification_codes SET expires_at = 0 WHERE target = ?").bind(`+86${mobile}`).run();
    const expired = await post("/safe/mobile", { mobile, code }, client, user.token);
    expect(expired.body.code).toBe("CODE_EXPIRED");
    expect((await hashes(user.id))!.mobile).toBeNull();
  });

  it("validates the number and needs a session", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    const bad = await post("/safe/mobile", { mobile: "12ab", code: "123456" }, client, user.token);
    expect(bad.body.code).toBe("INVALID_MOBILE");
    const anon = await post("/safe/mobile", { mobile: freshMobile(), code: "123456" }, client);
    expect(anon.status).toBe(401);
  });

  it("a pay_password code can also reach a mobile-only account", async () => {
    const client = { ip: freshIp() };
    const mobile = freshMobile();
    const user = await createUser({ email: freshEmail(), areaCode: "86", mobile });
    await env.DB.prepare("UPDATE users SET email = NULL WHERE id = ?").bind(user.id).run();
    const code = await mobileCode("86", mobile, "pay_password", client);
    const res = await post("/safe/update_password", { password: "864200", re_password: "864200", code }, client, user.token);
    expect(res.status).toBe(200);
  });
});
