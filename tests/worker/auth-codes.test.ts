import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createUser } from "./helpers.ts";
import { ageCodes, emailCode, freshEmail, freshIp, freshMobile, latestCode, mobileCode, outboxFor, post } from "./auth-support.ts";

const codeRows = async (target: string) =>
  (
    await env.DB.prepare("SELECT code_hash, purpose, attempts FROM verification_codes WHERE target = ? ORDER BY id")
      .bind(target)
      .all<{ code_hash: string; purpose: string; attempts: number }>()
  ).results;

describe("POST /sms_mail and /sms_send", () => {
  it("mails a translated 6-digit code that never appears in the answer and is stored only hashed", async () => {
    const client = { ip: freshIp(), lang: "fra" };
    const email = freshEmail();
    const res = await post(
      "/sms_mail",
      { user_string: email, scene: "register", area_code_id: "1", area_code: "86", email_code: "" },
      client,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: "ok", message: "Le code de vérification a été envoyé" });
    const [msg] = await outboxFor(email.toLowerCase());
    expect(msg).toMatchObject({ channel: "email", subject: "Votre code de vérification" });
    const code = await latestCode(email.toLowerCase());
    expect(msg!.body).toBe(`Votre code de vérification est ${code}. Il expire dans 10 minutes. Ne le communiquez à personne.`);
    expect(JSON.stringify(res.body)).not.toContain(code);
    const rows = await codeRows(email.toLowerCase());
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);
  });

  it("texts a code to +<area><mobile>, in English by default, with register as the default scene", async () => {
    const client = { ip: freshIp() };
    const mobile = freshMobile();
    const res = await post("/sms_send", { area_code: "+44", mobile }, client);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("The verification code has been sent");
    const [msg] = await outboxFor(`+44${mobile}`);
    expect(msg!.channel).toBe("sms");
    expect(msg!.body).toMatch(/^Your verification code is \d{6}\. It expires in 10 minutes\./);
    expect((await codeRows(`+44${mobile}`))[0]!.purpose).toBe("register");
  });

  it("accepts the purpose as `type` (the original forget call) and refuses an unknown purpose", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    expect((await post("/sms_mail", { user_string: user.email, type: "forget" }, client)).status).toBe(200);
    expect((await codeRows(user.email))[0]!.purpose).toBe("forget");
    const bad = await post("/sms_mail", { user_string: freshEmail(), scene: "steal" }, client);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_SCENE");
  });

  it("refuses a malformed email or mobile with a translated message", async () => {
    const client = { ip: freshIp(), lang: "zh" };
    const a = await post("/sms_mail", { user_string: "not-an-email", scene: "register" }, client);
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({ code: "INVALID_EMAIL", message: "请输入正确的邮箱地址" });
    const b = await post("/sms_send", { area_code: "86", mobile: "12345" }, client);
    expect(b.status).toBe(400);
    expect(b.body.code).toBe("INVALID_MOBILE");
  });

  it("re-sending within 60 s is refused with 429 and the seconds left; after 60 s a new code replaces the old", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    const first = await emailCode(email, "register", client);
    const again = await post("/sms_mail", { user_string: email, scene: "register" }, client);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe("CODE_SENT_RECENTLY");
    const seconds = Number(again.headers.get("Retry-After"));
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(again.body.message).toContain(String(seconds));
    expect(await outboxFor(email.toLowerCase())).toHaveLength(1);

    await ageCodes(email.toLowerCase(), 61_000);
    const second = await emailCode(email, "register", client);
    expect(await outboxFor(email.toLowerCase())).toHaveLength(2);
    // Only the newest code counts.
    const checkOld = await post("/user/check_email", { user_string: email, scene: "register", email_code: first }, client);
    if (first !== second) expect(checkOld.body.code).toBe("CODE_INVALID");
    const checkNew = await post("/user/check_email", { user_string: email, scene: "register", email_code: second }, client);
    expect(checkNew.status).toBe(200);
  });

  it("the 60 s gate is per purpose: a forget code right after a register code is fine", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    expect((await post("/sms_mail", { user_string: user.email, scene: "forget" }, client)).status).toBe(200);
    expect((await post("/sms_mail", { user_string: user.email, scene: "pay_password" }, client)).status).toBe(200);
  });

  it("one address gets at most 5 codes an hour", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    for (let i = 0; i < 5; i++) {
      expect((await post("/sms_mail", { user_string: email, scene: "register" }, client)).status).toBe(200);
      await ageCodes(email.toLowerCase(), 61_000);
    }
    const sixth = await post("/sms_mail", { user_string: email, scene: "register" }, client);
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe("TOO_MANY_REQUESTS");
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("one IP may ask for 10 codes an hour, whatever the addresses", async () => {
    const client = { ip: freshIp() };
    for (let i = 0; i < 10; i++) {
      expect((await post("/sms_mail", { user_string: freshEmail(), scene: "register" }, client)).status).toBe(200);
    }
    const eleventh = await post("/sms_send", { area_code: "86", mobile: freshMobile() }, client);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Another IP is unaffected.
    expect((await post("/sms_mail", { user_string: freshEmail(), scene: "register" }, { ip: freshIp() })).status).toBe(200);
  });

  it("register scene refuses an address that already has an account", async () => {
    const client = { ip: freshIp(), lang: "jp" };
    const user = await createUser();
    const res = await post("/sms_mail", { user_string: user.email.toUpperCase(), scene: "register" }, client);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "ACCOUNT_EXISTS", message: "このアカウントは登録済みです。ログインしてください" });
    expect(await outboxFor(user.email)).toHaveLength(0);
  });

  it("bind scene refuses a mobile another account uses", async () => {
    const client = { ip: freshIp() };
    const mobile = freshMobile();
    await createUser({ areaCode: "86", mobile });
    const res = await post("/sms_send", { area_code: "86", mobile, scene: "bind" }, client);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("MOBILE_TAKEN");
  });

  it("forget for an unknown address answers exactly like a known one but sends nothing", async () => {
    const client = { ip: freshIp() };
    const known = await createUser();
    const unknown = freshEmail("ghost").toLowerCase();
    const a = await post("/sms_mail", { user_string: known.email, scene: "forget" }, client);
    const b = await post("/sms_mail", { user_string: unknown, scene: "forget" }, client);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(await outboxFor(known.email)).toHaveLength(1);
    expect(await outboxFor(unknown)).toHaveLength(0);
    // Re-sending is throttled alike too, so the 60 s gate tells nothing either.
    const a2 = await post("/sms_mail", { user_string: known.email, scene: "forget" }, client);
    const b2 = await post("/sms_mail", { user_string: unknown, scene: "forget" }, client);
    expect([a2.status, b2.status]).toEqual([429, 429]);
  });
});

describe("POST /user/check_email", () => {
  it("confirms a right code without using it up, so registration can still use it", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    for (let i = 0; i < 3; i++) {
      const res = await post("/user/check_email", { user_string: email, scene: "register", email_code: code, country_code: "+86" }, client);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("The verification code is correct");
    }
    const reg = await post("/user/register", { user_string: email, code, password: "long enough 1", re_password: "long enough 1" }, client);
    expect(reg.status).toBe(200);
  });

  it("a wrong code counts as a try; after 5 wrong tries even the right code is refused", async () => {
    const client = { ip: freshIp(), lang: "kor" };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await post("/user/check_email", { user_string: email, scene: "register", email_code: wrong }, client);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "CODE_INVALID", message: "인증 코드가 올바르지 않습니다" });
    }
    const right = await post("/user/check_email", { user_string: email, scene: "register", email_code: code }, client);
    expect(right.status).toBe(400);
    expect(right.body.code).toBe("CODE_TOO_MANY_TRIES");
  });

  it("a code is bound to its purpose and its address", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    const otherPurpose = await post("/user/check_email", { user_string: email, scene: "forget", email_code: code }, client);
    expect(otherPurpose.body.code).toBe("CODE_INVALID");
    const otherAddress = await post("/user/check_email", { user_string: freshEmail(), scene: "register", email_code: code }, client);
    expect(otherAddress.body.code).toBe("CODE_INVALID");
  });

  it("an expired code is refused as expired", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    await ageCodes(email.toLowerCase(), 10 * 60_000 + 1);
    const res = await post("/user/check_email", { user_string: email, scene: "register", email_code: code }, client);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("CODE_EXPIRED");
  });

  it("checks mobile codes too, with country_code as the area code", async () => {
    const client = { ip: freshIp() };
    const mobile = freshMobile();
    const code = await mobileCode("852", mobile, "register", client);
    const res = await post("/user/check_email", { user_string: mobile, scene: "register", email_code: code, country_code: "+852" }, client);
    expect(res.status).toBe(200);
  });

  it("refuses a code that is not 6 digits", async () => {
    const res = await post(
      "/user/check_email",
      { user_string: freshEmail(), scene: "register", email_code: "12345" },
      { ip: freshIp(), lang: "spa" },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "CODE_MUST_BE_6_DIGITS", message: "El código de verificación debe tener 6 dígitos" });
  });

  it("fifty parallel wrong guesses use at most the 5 tries", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    const code = await emailCode(email, "register", client);
    const guesses = Array.from({ length: 50 }, (_, i) => String(100000 + i)).filter((g) => g !== code);
    const answers = await Promise.all(
      guesses.map((g) => post("/user/check_email", { user_string: email, scene: "register", email_code: g }, client)),
    );
    expect(answers.filter((a) => a.body.code === "CODE_INVALID").length).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const [row] = await codeRows(email.toLowerCase());
    expect(row!.attempts).toBe(5);
  });
});
