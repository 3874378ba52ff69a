import * as z from "zod/mini";
import { AREA_CODE_RE, EMAIL_RE, MOBILE_RE, areaCode, code6, email, limit, mobile, password, trimmed } from "./fields.ts";

/**
 * Auth contracts (the spec's "Auth" calls, plus /safe/*), shared by
 * worker and web. Field names are the spec's; extra fields the original
 * client sends (area_code_id, email_code on /sms_mail, type on /user/login)
 * are accepted and ignored so the strict objects do not reject them.
 */

/**
 * What a code is for. "security" re-authenticates a sensitive change (binding a
 * mobile, the withdrawal address book) and "withdraw" confirms a withdrawal; both
 * go to the account's own email or mobile.
 */
export const CODE_PURPOSES = ["register", "forget", "bind", "pay_password", "security", "withdraw"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const WALLET_ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

/** An optional field where the empty string (what form clients send for "nothing") means absent. */
function blankAsAbsent<O>(inner: z.ZodMiniType<O, string>) {
  return z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((s) => (s === undefined || s.trim() === "" ? undefined : s)),
    ),
    z.optional(inner),
  );
}

/** A field the original client sends that this API does not need. */
const ignored = () => z.optional(z.string().check(z.maxLength(64)));
/** What a code is for; blank means the endpoint's default. */
const purpose = () => blankAsAbsent(z.enum(CODE_PURPOSES, { error: "INVALID_SCENE" }));

/** Email or mobile number, told apart by the "@" (log-in, password reset, code check). */
export const accountString = () =>
  z.pipe(
    trimmed(),
    z.string().check(
      z.refine((s) => (s.includes("@") ? s.length <= 254 && EMAIL_RE.test(s) : MOBILE_RE.test(s)), {
        error: (issue) => (String(issue.input).includes("@") ? "INVALID_EMAIL" : "INVALID_MOBILE"),
      }),
    ),
  );

/** Area code when given ("+86" or "86"), without default: log-in and reset look the mobile up without one. */
const optionalAreaCode = () =>
  blankAsAbsent(
    z.pipe(
      trimmed(),
      z.pipe(
        z.string().check(z.regex(AREA_CODE_RE, { error: "INVALID_AREA_CODE" })),
        z.transform((s) => s.replace(/^\+/, "")),
      ),
    ),
  );

/** Someone's invite code, optional (checked against the users on use). */
const inviteCode = () => blankAsAbsent(z.pipe(trimmed(), z.string().check(z.maxLength(32, { error: "INVALID_INVITE_CODE" }))));

const passwordsMatch = () =>
  z.refine<{ password: string; re_password: string }>((v) => v.password === v.re_password, {
    error: "PASSWORDS_DIFFER",
    path: ["re_password"],
  });

/** POST /sms_mail: a code to an email address. */
export const smsMailSchema = z.strictObject({
  user_string: email(),
  scene: purpose(),
  type: purpose(),
  area_code_id: ignored(),
  area_code: ignored(),
  email_code: ignored(),
});

/** POST /sms_send: a code to a mobile number. */
export const smsSendSchema = z.strictObject({
  area_code: areaCode(),
  mobile: mobile(),
  scene: purpose(),
  type: purpose(),
  area_code_id: ignored(),
});

/** POST /user/check_email: checks a code without using it up. */
export const checkCodeSchema = z.strictObject({
  user_string: accountString(),
  scene: purpose(),
  type: purpose(),
  email_code: code6(),
  country_code: optionalAreaCode(),
});

/** POST /user/register. */
export const registerSchema = z
  .strictObject({
    user_string: trimmed(),
    code: code6(),
    password: password(),
    re_password: z.string(),
    extension_code: inviteCode(),
    type: z._default(z.optional(z.enum(["email", "mobile"])), "email"),
    area_code: areaCode(),
    area_code_id: ignored(),
  })
  .check(
    z.refine((v) => v.type !== "email" || (v.user_string.length <= 254 && EMAIL_RE.test(v.user_string)), {
      error: "INVALID_EMAIL",
      path: ["user_string"],
    }),
    z.refine((v) => v.type !== "mobile" || MOBILE_RE.test(v.user_string), { error: "INVALID_MOBILE", path: ["user_string"] }),
    passwordsMatch(),
  );

/** POST /user/login. `type` (1 password, 2 gesture in the original) is accepted and ignored. */
export const loginSchema = z.strictObject({
  user_string: accountString(),
  password: z.string().check(z.minLength(1), z.maxLength(128)),
  area_code: optionalAreaCode(),
  type: ignored(),
});

/** POST /user/forget: new password with a "forget" code. */
export const forgetSchema = z
  .strictObject({
    user_string: accountString(),
    code: code6(),
    password: password(),
    re_password: z.string(),
    area_code: optionalAreaCode(),
    type: z.optional(z.enum(["email", "mobile"])),
  })
  .check(passwordsMatch());

/** Pay password: 6 to 16 characters (as the original /safe/update_password). */
export const payPassword = () => z.string().check(z.refine((s) => s.length >= 6 && s.length <= 16, { error: "PAY_PASSWORD_LENGTH" }));

/** The log-in password, given to re-authenticate a sensitive change. */
const loginPasswordProof = () => blankAsAbsent(z.string().check(z.maxLength(128)));

/**
 * POST /safe/update_password: sets the PAY password. The first one needs
 * `login_password` or `code` (a "pay_password" code to the account's own address).
 */
export const updatePayPasswordSchema = z
  .strictObject({
    oldPassword: blankAsAbsent(z.string().check(z.maxLength(128))),
    password: payPassword(),
    re_password: z.string(),
    code: blankAsAbsent(code6()),
    login_password: loginPasswordProof(),
  })
  .check(passwordsMatch());

/** POST /safe/login_password: changes the LOGIN password. */
export const changeLoginPasswordSchema = z
  .strictObject({
    oldPassword: blankAsAbsent(z.string().check(z.maxLength(128))),
    password: password(),
    re_password: z.string(),
  })
  .check(passwordsMatch());

/**
 * POST /safe/mobile: binds a mobile number after a "bind" code to it, with
 * `login_password` or `auth_code` (a "security" code to the account's own address).
 */
export const bindMobileSchema = z.strictObject({
  mobile: mobile(),
  code: code6(),
  area_code: areaCode(),
  area_code_id: ignored(),
  login_password: loginPasswordProof(),
  auth_code: blankAsAbsent(code6()),
});

/** Re-authentication fields of the withdrawal address book (POST /user/wallet/save). */
export const reauthFields = { login_password: loginPasswordProof(), code: blankAsAbsent(code6()) };

export const walletAddress = () => z.pipe(trimmed(), z.string().check(z.regex(WALLET_ADDRESS_RE, { error: "INVALID_WALLET_ADDRESS" })));

/** Chain id in decimal or 0x-hex (as wallets report it); normalised to decimal text. */
const chainId = () =>
  blankAsAbsent(
    z.pipe(
      trimmed(),
      z.pipe(
        z.string().check(z.regex(/^(\d{1,12}|0x[0-9a-fA-F]{1,10})$/)),
        z.transform((s) => String(Number.parseInt(s, s.startsWith("0x") ? 16 : 10))),
      ),
    ),
  );

/** GET or POST /user/wallet/nonce. */
export const walletNonceSchema = z.strictObject({
  wallet_address: walletAddress(),
  chain_id: chainId(),
});

const walletSignIn = {
  wallet_address: walletAddress(),
  signature: z.pipe(trimmed(), z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/, { error: "WALLET_SIGNATURE_INVALID" }))),
  message: z.string().check(z.minLength(1), z.maxLength(2000)),
  chain_id: chainId(),
  wallet_type: blankAsAbsent(z.pipe(trimmed(), z.string().check(z.maxLength(32)))),
};

/** POST /user/wallet/login. */
export const walletLoginSchema = z.strictObject(walletSignIn);

/** POST /user/wallet/register. */
export const walletRegisterSchema = z.strictObject({
  ...walletSignIn,
  extension_code: inviteCode(),
});

/** What /user/wallet/nonce answers: the exact text to sign. */
export type WalletNonce = { nonce: string; message: string; expires_at: number };

/** GET /api/dev/outbox (development and test only). */
export const devOutboxSchema = z.strictObject({
  to: blankAsAbsent(z.pipe(trimmed(), z.string().check(z.maxLength(254)))),
  limit: limit(200, 100),
});
