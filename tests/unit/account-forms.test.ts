import { describe, expect, it } from "vitest";
import { registerSchema, updatePayPasswordSchema } from "../../schema/api/auth.ts";
import { editNicknameSchema } from "../../schema/api/profile.ts";
import { AREA_CODES, areaName, DEFAULT_AREA, matchesArea } from "../../web/src/features/auth/area-codes.ts";
import { maskEmail, maskMobile } from "../../web/src/features/auth/mask.ts";
import { ERROR_CODES, validate } from "../../web/src/lib/form/validation.ts";
import { serverFieldError } from "../../web/src/lib/form/messages.ts";
import { utf8ToHex } from "../../web/src/features/auth/wallet.ts";

const register = (over: Partial<Record<string, string>> = {}) => ({
  user_string: "new@example.test",
  code: "123456",
  password: "long-enough",
  re_password: "long-enough",
  extension_code: "",
  type: "email",
  area_code: "86",
  ...over,
});

describe("account form checks use the server's own contracts", () => {
  it("a valid sign-up has no errors", () => {
    expect(validate(registerSchema, register(), ["user_string", "code", "password", "re_password"])).toEqual({});
  });

  it("every broken rule of a sign-up is reported on its own field at once", () => {
    const errors = validate(registerSchema, register({ user_string: "nope", code: "12", password: "short", re_password: "other" }));
    expect(errors).toEqual({
      user_string: { code: "INVALID_EMAIL" },
      code: { code: "CODE_MUST_BE_6_DIGITS" },
      password: { code: "PASSWORD_TOO_SHORT" },
      re_password: { code: "PASSWORDS_DIFFER" },
    });
  });

  it("blank required fields say REQUIRED, not a format error", () => {
    const errors = validate(registerSchema, register({ user_string: " ", code: "" }), ["user_string", "code"]);
    expect(errors.user_string).toEqual({ code: "REQUIRED" });
    expect(errors.code).toEqual({ code: "REQUIRED" });
  });

  it("a mobile sign-up checks 8 to 11 digits", () => {
    expect(validate(registerSchema, register({ type: "mobile", user_string: "1234567" })).user_string).toEqual({ code: "INVALID_MOBILE" });
    expect(validate(registerSchema, register({ type: "mobile", user_string: "13812345678" }))).toEqual({});
  });

  it("nicknames are 2 to 10 characters counted as characters, not UTF-16 units", () => {
    expect(validate(editNicknameSchema, { nickname: "A" }).nickname).toEqual({ code: "NICKNAME_LENGTH" });
    expect(validate(editNicknameSchema, { nickname: "😀😀😀😀😀😀😀😀😀😀" })).toEqual({});
    expect(validate(editNicknameSchema, { nickname: "abcdefghijk" }).nickname).toEqual({ code: "NICKNAME_LENGTH" });
  });

  it("the pay password is 6 to 16 characters", () => {
    expect(validate(updatePayPasswordSchema, { oldPassword: "", password: "12345", re_password: "12345" }).password).toEqual({
      code: "PAY_PASSWORD_LENGTH",
    });
    expect(validate(updatePayPasswordSchema, { oldPassword: "", password: "123456", re_password: "123456" })).toEqual({});
  });

  it("every code the checks can produce has a translation key", async () => {
    const en = (await import("../../web/src/locales/en/auth.json")).default as { auth: { errors: Record<string, string> } };
    for (const code of ERROR_CODES) expect(en.auth.errors[code], code).toBeTruthy();
  });

  it("server failures about a field land under that field, others are not claimed", () => {
    expect(serverFieldError({ code: "CODE_INVALID", message: "Wrong code" }, ["user_string", "code"])).toEqual({
      code: { text: "Wrong code" },
    });
    expect(serverFieldError({ code: "MOBILE_TAKEN", message: "Taken" }, ["mobile", "code"])).toEqual({ mobile: { text: "Taken" } });
    expect(serverFieldError({ code: "LOGIN_FAILED", message: "No" }, ["user_string", "password"])).toBeNull();
    expect(serverFieldError({ code: "OLD_PASSWORD_WRONG", message: "No" }, ["password"])).toBeNull();
  });

  it("a deposit's refused transaction hash and voucher land under those fields, its amount codes under the amount", () => {
    const fields = ["amount", "tx_hash", "voucher"] as const;
    expect(serverFieldError({ code: "TX_HASH_ALREADY_USED", message: "Used" }, fields)).toEqual({ tx_hash: { text: "Used" } });
    expect(serverFieldError({ code: "TX_HASH_WRONG_FORMAT", message: "Format" }, fields)).toEqual({ tx_hash: { text: "Format" } });
    expect(serverFieldError({ code: "VOUCHER_ALREADY_USED", message: "Voucher" }, fields)).toEqual({ voucher: { text: "Voucher" } });
    expect(serverFieldError({ code: "AMOUNT_TOO_PRECISE", message: "Precise" }, fields)).toEqual({ amount: { text: "Precise" } });
    expect(serverFieldError({ code: "DEPOSIT_DISABLED", message: "Off" }, fields)).toBeNull();
  });

  it("a withdrawal's wrong pay password, missing code and unusable address land under those fields", () => {
    const fields = ["destination", "number", "pay_password", "code"] as const;
    expect(serverFieldError({ code: "PAY_PASSWORD_WRONG", message: "Wrong" }, fields)).toEqual({ pay_password: { text: "Wrong" } });
    expect(serverFieldError({ code: "WITHDRAW_CODE_REQUIRED", message: "Code" }, fields)).toEqual({ code: { text: "Code" } });
    expect(serverFieldError({ code: "CODE_EXPIRED", message: "Expired" }, fields)).toEqual({ code: { text: "Expired" } });
    expect(serverFieldError({ code: "WITHDRAW_ADDRESS_NOT_YET_USABLE", message: "Wait" }, fields)).toEqual({
      destination: { text: "Wait" },
    });
    expect(serverFieldError({ code: "INSUFFICIENT_BALANCE", message: "Short" }, fields)).toEqual({ number: { text: "Short" } });
    expect(serverFieldError({ code: "PAY_PASSWORD_NOT_SET", message: "Set one" }, fields)).toBeNull();
  });

  it("a saved address's refusals land under its address and name", () => {
    const fields = ["currency", "name", "address", "login_password", "code"] as const;
    expect(serverFieldError({ code: "WALLET_ADDRESS_INVALID", message: "Bad" }, fields)).toEqual({ address: { text: "Bad" } });
    expect(serverFieldError({ code: "WALLET_ADDRESS_DUPLICATE", message: "Again" }, fields)).toEqual({ address: { text: "Again" } });
    expect(serverFieldError({ code: "WALLET_ADDRESS_NAME_LENGTH", message: "Long" }, fields)).toEqual({ name: { text: "Long" } });
    expect(serverFieldError({ code: "REAUTH_PASSWORD_WRONG", message: "No" }, fields)).toEqual({ login_password: { text: "No" } });
  });
});

describe("masking", () => {
  it("keeps enough of an address to recognise it", () => {
    expect(maskEmail("alice@demo.test")).toBe("al***@demo.test");
    expect(maskEmail("a@b.co")).toBe("a***@b.co");
    expect(maskMobile("13812345678")).toBe("138****5678");
    expect(maskMobile("1234567")).toBe("****67");
  });
});

describe("area codes", () => {
  it("default to +86 and include every buy-crypto country of the spec", () => {
    expect(DEFAULT_AREA).toMatchObject({ iso: "CN", dial: "86" });
    expect(AREA_CODES.length).toBeGreaterThanOrEqual(60);
    for (const iso of ["US", "NG", "TH", "ID", "BR", "IN", "VN", "MX", "PH"])
      expect(
        AREA_CODES.some((a) => a.iso === iso),
        iso,
      ).toBe(true);
    expect(new Set(AREA_CODES.map((a) => a.iso)).size).toBe(AREA_CODES.length);
    for (const a of AREA_CODES) expect(a.dial).toMatch(/^\d{1,4}$/);
  });

  it("are found by local name, English name, ISO code or dial code", () => {
    const th = AREA_CODES.find((a) => a.iso === "TH")!;
    expect(matchesArea(th, areaName(th, "zh-CN"), "泰")).toBe(true);
    expect(matchesArea(th, areaName(th, "zh-CN"), "thai")).toBe(true);
    expect(matchesArea(th, "Thaïlande", "th")).toBe(true);
    expect(matchesArea(th, "Thaïlande", "+66")).toBe(true);
    expect(matchesArea(th, "Thaïlande", "brazil")).toBe(false);
  });
});

describe("wallet", () => {
  it("hands personal_sign the UTF-8 bytes of the message as hex", () => {
    expect(utf8ToHex("Hi")).toBe("0x4869");
    expect(utf8ToHex("é\n")).toBe("0xc3a90a");
  });
});
