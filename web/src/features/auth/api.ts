import type { CodePurpose, WalletNonce } from "../../../../schema/api/auth.ts";
import { get, post, type RequestOptions } from "../../lib/api.ts";

/** Auth calls (the spec's "Auth" calls and /safe/*), with the spec's field names. */
export type AccountType = "email" | "mobile";

/** A 6-digit code to an email address (POST /sms_mail) or a mobile (POST /sms_send). Answers a translated sentence. */
export function requestCode(
  input: { type: "email"; email: string } | { type: "mobile"; areaCode: string; mobile: string },
  scene: CodePurpose,
  options?: RequestOptions,
): Promise<string> {
  return input.type === "email"
    ? post<string>("/sms_mail", { user_string: input.email.trim(), scene }, options)
    : post<string>("/sms_send", { area_code: input.areaCode, mobile: input.mobile.trim(), scene }, options);
}

export type LoginInput = { user_string: string; password: string; area_code?: string };
/** POST /user/login: the payload is the session token. */
export const login = (input: LoginInput, options?: RequestOptions) => post<string>("/user/login", input, options);

export type RegisterInput = {
  user_string: string;
  code: string;
  password: string;
  re_password: string;
  extension_code: string;
  type: AccountType;
  area_code: string;
};
export const register = (input: RegisterInput, options?: RequestOptions) => post<string>("/user/register", input, options);

export type ForgetInput = {
  user_string: string;
  code: string;
  password: string;
  re_password: string;
  area_code: string;
  type: AccountType;
};
export const resetPassword = (input: ForgetInput, options?: RequestOptions) => post<string>("/user/forget", input, options);

/** GET /user/logout ends this session on the server. */
export const logout = () => get<string>("/user/logout", {}, { silent: true, background: true });

export const walletNonce = (walletAddress: string, chainId: string | undefined) =>
  post<WalletNonce>("/user/wallet/nonce", { wallet_address: walletAddress, chain_id: chainId }, { silent: true });

export const walletLogin = (input: {
  wallet_address: string;
  signature: string;
  message: string;
  chain_id?: string;
  wallet_type: string;
}) => post<string>("/user/wallet/login", input, { silent: true });

/** POST /safe/login_password: the other sessions end on the server; this one stays. `oldPassword` only once one is set. */
export const changeLoginPassword = (input: { oldPassword?: string; password: string; re_password: string }, options?: RequestOptions) =>
  post<string>("/safe/login_password", input, options);

/**
 * POST /safe/update_password: sets the pay password; `oldPassword` only once one is set,
 * the first one with `login_password` or `code` (a "pay_password" code to the account's own address).
 */
export const setPayPassword = (
  input: { oldPassword?: string; password: string; re_password: string; login_password?: string; code?: string },
  options?: RequestOptions,
) => post<string>("/safe/update_password", input, options);

/** POST /safe/mobile after a "bind" code to that number, with `login_password` or `auth_code` (a "security" code). */
export const bindMobile = (
  input: { area_code: string; mobile: string; code: string; login_password?: string; auth_code?: string },
  options?: RequestOptions,
) => post<string>("/safe/mobile", input, options);
