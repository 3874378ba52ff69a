import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { WalletAddressItem } from "../../schema/api/wallet-addresses.ts";
import { api, createUser } from "./helpers.ts";
import { emailCode, freshEmail, freshIp, freshMobile, mobileCode, post } from "./auth-support.ts";
import { currency } from "./kyc-support.ts";

/**
 * Sensitive changes need the log-in password or a fresh code to the account's
 * own address: the first pay password, binding a mobile, saving a withdrawal address.
 */

const payHash = async (id: number) =>
  (await env.DB.prepare("SELECT pay_password_hash AS h FROM users WHERE id = ?").bind(id).first<{ h: string | null }>())!.h;
const mobileOf = async (id: number) =>
  (await env.DB.prepare("SELECT mobile FROM users WHERE id = ?").bind(id).first<{ mobile: string | null }>())!.mobile;

const ETH_ADDR = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const OTHER_ETH = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";

describe("the first pay password needs re-authentication", () => {
  it("refuses without proof (translated) and with a wrong log-in password; sets it with the right one", async () => {
    const client = { ip: freshIp(), lang: "fra" };
    const user = await createUser();
    const form = { password: "246810", re_password: "246810" };
    const none = await post("/safe/update_password", form, client, user.token);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      code: "REAUTH_REQUIRED",
      message: "Confirmez qu'il s'agit bien de vous : saisissez votre mot de passe de connexion ou un code de vérification",
    });
    const wrong = await post("/safe/update_password", { ...form, login_password: "not it" }, client, user.token);
    expect(wrong.body).toMatchObject({ code: "REAUTH_PASSWORD_WRONG", message: "Le mot de passe de connexion est incorrect" });
    expect(await payHash(user.id)).toBeNull();
    const ok = await post("/safe/update_password", { ...form, login_password: user.password }, client, user.token);
    expect(ok.status).toBe(200);
    expect(await payHash(user.id)).toMatch(/^pbkdf2-sha256\$/);
  });

  it("a pay_password code to the account's own email also proves it; the code is then used up", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    const code = await emailCode(user.email, "pay_password", client);
    expect((await post("/safe/update_password", { password: "135790", re_password: "135790", code }, client, user.token)).status).toBe(200);
    const again = await post(
      "/safe/update_password",
      { oldPassword: "135790", password: "135791", re_password: "135791", code },
      client,
      user.token,
    );
    expect(again.body.code).toBe("CODE_INVALID");
  });

  it("wrong log-in passwords given as proof share the current-password budget (429 after five)", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      const res = await post(
        "/safe/update_password",
        { password: "246810", re_password: "246810", login_password: `no ${i}` },
        client,
        user.token,
      );
      expect(res.body.code).toBe("REAUTH_PASSWORD_WRONG");
    }
    const change = await post(
      "/safe/login_password",
      { oldPassword: user.password, password: "next-pass-1", re_password: "next-pass-1" },
      client,
      user.token,
    );
    expect(change.status).toBe(429);
  });
});

describe("binding a mobile needs re-authentication", () => {
  it("without proof the bind code is not spent; with the log-in password it binds", async () => {
    const client = { ip: freshIp(), lang: "zh" };
    const user = await createUser();
    const mobile = freshMobile();
    const code = await mobileCode("86", mobile, "bind", client);
    const none = await post("/safe/mobile", { mobile, code }, client, user.token);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: "REAUTH_REQUIRED", message: "请确认是您本人：输入登录密码或验证码" });
    const wrong = await post("/safe/mobile", { mobile, code, login_password: "nope" }, client, user.token);
    expect(wrong.body.code).toBe("REAUTH_PASSWORD_WRONG");
    expect(await mobileOf(user.id)).toBeNull();
    const ok = await post("/safe/mobile", { mobile, code, login_password: user.password }, client, user.token);
    expect(ok.status).toBe(200);
    expect(await mobileOf(user.id)).toBe(mobile);
  });

  it("a security code to the account's email proves it; a code sent to someone else does not", async () => {
    const client = { ip: freshIp() };
    const [user, stranger] = await Promise.all([createUser(), createUser()]);
    const mobile = freshMobile();
    const bind = await mobileCode("86", mobile, "bind", client);
    const foreign = await emailCode(stranger.email, "security", client);
    const refused = await post("/safe/mobile", { mobile, code: bind, auth_code: foreign }, client, user.token);
    expect(refused.body.code).toBe("CODE_INVALID");
    const own = await emailCode(user.email, "security", client);
    const ok = await post("/safe/mobile", { mobile, code: bind, auth_code: own }, client, user.token);
    expect(ok.status).toBe(200);
    expect(await mobileOf(user.id)).toBe(mobile);
  });

  it("a security code can be asked for an account's own address only when it has one (unknown addresses get nothing)", async () => {
    const client = { ip: freshIp() };
    const nobody = freshEmail("nobody");
    const res = await post("/sms_mail", { user_string: nobody, scene: "security" }, client);
    expect(res.status).toBe(200);
    const sent = await env.DB.prepare("SELECT count(*) AS n FROM message_outbox WHERE recipient = ?")
      .bind(nobody.toLowerCase())
      .first<{ n: number }>();
    expect(sent!.n).toBe(0);
  });
});

describe("saving a withdrawal address needs re-authentication and starts a 24-hour wait", () => {
  let eth: number;
  beforeAll(async () => {
    eth = await currency("ETH");
  });
  const save = (token: string, form: Record<string, string>) => api("/user/wallet/save", { token, form });
  const list = async (token: string) => (await api<{ data: WalletAddressItem[] }>("/user/wallet/list", { token })).body.message.data;

  it("refuses without proof or with a wrong password, saving nothing; a checked address does not spend a code", async () => {
    const client = { ip: freshIp() };
    const user = await createUser();
    const form = { currency: String(eth), name: "cold", address: ETH_ADDR };
    expect((await save(user.token, form)).body.code).toBe("REAUTH_REQUIRED");
    expect((await save(user.token, { ...form, login_password: "wrong" })).body.code).toBe("REAUTH_PASSWORD_WRONG");
    expect(await list(user.token)).toEqual([]);
    const code = await emailCode(user.email, "security", client);
    const typo = await save(user.token, { ...form, address: "0x123", code });
    expect(typo.body.code).toBe("WALLET_ADDRESS_INVALID");
    expect((await save(user.token, { ...form, code })).status).toBe(200);
    expect((await save(user.token, { ...form, address: OTHER_ETH, code })).body.code).toBe("CODE_INVALID");
  });

  it("a new address is usable 24 hours after saving; a rename keeps that time, a changed address starts it again", async () => {
    const user = await createUser();
    const before = Date.now();
    expect((await save(user.token, { currency: String(eth), name: "cold", address: ETH_ADDR, login_password: user.password })).status).toBe(
      200,
    );
    const [row] = await list(user.token);
    expect(row!.usable_at - row!.created_at).toBe(24 * 3600_000);
    expect(row!.created_at).toBeGreaterThanOrEqual(before);

    await env.DB.prepare("UPDATE withdraw_addresses SET usable_at = 1 WHERE id = ?").bind(row!.id).run();
    const renamed = { id: String(row!.id), currency: String(eth), name: "cold 2", address: ETH_ADDR, login_password: user.password };
    expect((await save(user.token, renamed)).status).toBe(200);
    expect((await list(user.token))[0]).toMatchObject({ name: "cold 2", usable_at: 1 });

    const moved = Date.now();
    expect((await save(user.token, { ...renamed, address: OTHER_ETH })).status).toBe(200);
    const [after] = await list(user.token);
    expect(after!.address).toBe(OTHER_ETH);
    expect(after!.usable_at).toBeGreaterThanOrEqual(moved + 24 * 3600_000);
  });
});
