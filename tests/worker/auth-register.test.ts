import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createUser } from "./helpers.ts";
import { ageCodes, emailCode, freshEmail, freshIp, freshMobile, login, mobileCode, post } from "./auth-support.ts";

const PASSWORD = "correct horse 1";

const userRow = (where: string, value: string) =>
  env.DB.prepare(`SELECT id, uid, email, area_code, mobile, nickname, invite_code, invited_by, password_hash FROM users WHERE ${where} = ?`)
    .bind(value)
    .first<{
      id: number;
      uid: string;
      email: string | null;
      area_code: string | null;
      mobile: string | null;
      nickname: string;
      invite_code: string;
      invited_by: number | null;
      password_hash: string;
    }>();

describe("POST /user/register", () => {
  it("registers by email with the code from the outbox and answers a session, as log-in does; the password then logs in", async () => {
    const client = { ip: freshIp(), lang: "hk" };
    const email = freshEmail("Alice");
    const code = await emailCode(email, "register", client);
    const res = await post(
      "/user/register",
      { user_string: email, code, password: PASSWORD, re_password: PASSWORD, extension_code: "", type: "email" },
      client,
    );
    expect(res.status).toBe(200);
    expect(res.body.type).toBe("ok");
    const token = res.body.message as string;
    expect(token).toMatch(/^[\w-]{43}$/);

    const row = await userRow("email", email.toLowerCase());
    expect(row).not.toBeNull();
    expect(row!.uid).toMatch(/^[1-9]\d{7}$/);
    expect(row!.invite_code).toMatch(/^[A-Z2-9]{6,8}$/);
    expect(row!.nickname).toBe("ali***");
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$v1\$/);
    expect(row!.password_hash).not.toContain(PASSWORD);
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(row!.id).first<{ n: number }>();
    expect(sessions!.n).toBe(1);
    const me = await api<{ id: number; uid: string }>("/user/info", { token });
    expect(me.body.message).toMatchObject({ id: row!.id, uid: row!.uid });

    const logged = await login(client, email, PASSWORD);
    expect(logged.status).toBe(200);
    expect(logged.body.message).toMatch(/^[\w-]{43}$/);
  });

  it("registers by mobile with area code and an invite code, and the mobile logs in", async () => {
    const client = { ip: freshIp() };
    const inviter = await createUser();
    const invite = await env.DB.prepare("SELECT invite_code FROM users WHERE id = ?").bind(inviter.id).first<{ invite_code: string }>();
    const mobile = freshMobile();
    const code = await mobileCode("44", mobile, "register", client);
    const res = await post(
      "/user/register",
      {
        user_string: mobile,
        code,
        password: PASSWORD,
        re_password: PASSWORD,
        type: "mobile",
        area_code: "+44",
        area_code_id: "7",
        extension_code: invite!.invite_code.toLowerCase(),
      },
      client,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await userRow("mobile", mobile);
    expect(row).toMatchObject({ area_code: "44", email: null, invited_by: inviter.id });
    expect(row!.nickname).toBe(`${mobile.slice(0, 3)}***${mobile.slice(-2)}`);
    // The original client logs in with the number alone.
    expect((await login(client, mobile, PASSWORD)).status).toBe(200);
    expect((await post("/user/login", { user_string: mobile, area_code: "44", password: PASSWORD }, client)).status).toBe(200);
  });

  it("gives every account a distinct uid and invite code", async () => {
    const client = { ip: freshIp() };
    for (let i = 0; i < 3; i++) {
      const email = freshEmail();
      const code = await emailCode(email, "register", client);
      expect((await post("/user/register", { user_string: email, code, password: PASSWORD, re_password: PASSWORD }, client)).status).toBe(
        200,
      );
    }
    const dup = await env.DB.prepare("SELECT count(*) AS n FROM (SELECT uid FROM users GROUP BY uid HAVING count(*) > 1)").first<{
      n: number;
    }>();
    expect(dup!.n).toBe(0);
  });

  it("refuses an address that already has an account, and leaves the code unused", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    expect((await post("/user/register", { user_string: email, code, password: PASSWORD, re_password: PASSWORD }, client)).status).toBe(
      200,
    );
    const again = await post(
      "/user/register",
      { user_string: email.toUpperCase(), code, password: PASSWORD, re_password: PASSWORD },
      client,
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("ACCOUNT_EXISTS");
  });

  it("a code works once, even after the account it made is gone", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    const first = await post("/user/register", { user_string: email, code, password: PASSWORD, re_password: PASSWORD }, client);
    expect(first.status).toBe(200);
    await env.DB.prepare("DELETE FROM users WHERE email = ?").bind(email.toLowerCase()).run();
    const replay = await post("/user/register", { user_string: email, code, password: PASSWORD, re_password: PASSWORD }, client);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("CODE_INVALID");
  });

  it("refuses a wrong code, and after 5 wrong codes refuses the right one", async () => {
    const client = { ip: freshIp(), lang: "vn" };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    const wrong = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < 5; i++) {
      const res = await post("/user/register", { user_string: email, code: wrong, password: PASSWORD, re_password: PASSWORD }, client);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "CODE_INVALID", message: "Mã xác minh không đúng" });
    }
    const right = await post("/user/register", { user_string: email, code, password: PASSWORD, re_password: PASSWORD }, client);
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ code: "CODE_TOO_MANY_TRIES", message: "Nhập sai mã quá nhiều lần, vui lòng yêu cầu mã mới" });
    expect(await userRow("email", email.toLowerCase())).toBeNull();
  });

  it("refuses an expired code", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    await ageCodes(email.toLowerCase(), 11 * 60_000);
    const res = await post("/user/register", { user_string: email, code, password: PASSWORD, re_password: PASSWORD }, client);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("CODE_EXPIRED");
  });

  it("refuses a code sent for another purpose or to another address", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    const other = await post("/user/register", { user_string: freshEmail(), code, password: PASSWORD, re_password: PASSWORD }, client);
    expect(other.body.code).toBe("CODE_INVALID");
    const mobile = freshMobile();
    const smsCode = await mobileCode("86", mobile, "bind", client);
    const wrongPurpose = await post(
      "/user/register",
      { user_string: mobile, type: "mobile", code: smsCode, password: PASSWORD, re_password: PASSWORD },
      client,
    );
    expect(wrongPurpose.body.code).toBe("CODE_INVALID");
  });

  it("a short password is refused with a translated message (en, zh, th)", async () => {
    const email = freshEmail();
    const cases: [string, string][] = [
      ["en", "The password must be at least 8 characters"],
      ["zh", "密码至少需要 8 个字符"],
      ["th", "รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร"],
    ];
    for (const [lang, message] of cases) {
      const res = await post(
        "/user/register",
        { user_string: email, code: "123456", password: "short1", re_password: "short1" },
        { ip: freshIp(), lang },
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ type: "error", code: "PASSWORD_TOO_SHORT", message });
    }
  });

  it("different passwords are refused with a translated message (fra, jp)", async () => {
    const email = freshEmail();
    const fr = await post(
      "/user/register",
      { user_string: email, code: "123456", password: PASSWORD, re_password: `${PASSWORD}x` },
      { ip: freshIp(), lang: "fra" },
    );
    expect(fr.status).toBe(400);
    expect(fr.body).toEqual({ type: "error", code: "PASSWORDS_DIFFER", message: "Les deux mots de passe ne correspondent pas" });
    const jp = await post(
      "/user/register",
      { user_string: email, code: "123456", password: PASSWORD, re_password: "" },
      { ip: freshIp(), lang: "jp" },
    );
    expect(jp.body).toMatchObject({ code: "PASSWORDS_DIFFER", message: "2つのパスワードが一致しません" });
  });

  it("validates the address for its type and the code format", async () => {
    const client = { ip: freshIp() };
    const badEmail = await post(
      "/user/register",
      { user_string: "13800138000", code: "123456", password: PASSWORD, re_password: PASSWORD },
      client,
    );
    expect(badEmail.body.code).toBe("INVALID_EMAIL");
    const badMobile = await post(
      "/user/register",
      { user_string: "a@b.co", type: "mobile", code: "123456", password: PASSWORD, re_password: PASSWORD },
      client,
    );
    expect(badMobile.body.code).toBe("INVALID_MOBILE");
    const shortMobile = await post(
      "/user/register",
      { user_string: "1234567", type: "mobile", code: "123456", password: PASSWORD, re_password: PASSWORD },
      client,
    );
    expect(shortMobile.body.code).toBe("INVALID_MOBILE");
    const badCode = await post(
      "/user/register",
      { user_string: freshEmail(), code: "12a456", password: PASSWORD, re_password: PASSWORD },
      client,
    );
    expect(badCode.body.code).toBe("CODE_MUST_BE_6_DIGITS");
    const unknownField = await post(
      "/user/register",
      { user_string: freshEmail(), code: "123456", password: PASSWORD, re_password: PASSWORD, role: "operator" },
      client,
    );
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.code).toBe("UNKNOWN_FIELD");
  });

  it("an unknown invite code is refused before the code is spent", async () => {
    const client = { ip: freshIp(), lang: "kor" };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    const res = await post(
      "/user/register",
      { user_string: email, code, password: PASSWORD, re_password: PASSWORD, extension_code: "NOPE42" },
      client,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "INVALID_INVITE_CODE", message: "존재하지 않는 초대 코드입니다" });
    const retry = await post("/user/register", { user_string: email, code, password: PASSWORD, re_password: PASSWORD }, client);
    expect(retry.status).toBe(200);
  });

  it("accepts JSON bodies as well as form-encoded", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    const res = await api("/user/register", {
      json: { user_string: email, code, password: PASSWORD, re_password: PASSWORD },
      headers: { "cf-connecting-ip": client.ip },
    });
    expect(res.status).toBe(200);
  });
});
