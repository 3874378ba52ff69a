import { Hono } from "hono";
import type { SessionsToClose } from "../../durable/rooms/user-room.ts";
import {
  bindMobileSchema,
  changeLoginPasswordSchema,
  checkCodeSchema,
  type CodePurpose,
  forgetSchema,
  loginSchema,
  registerSchema,
  smsMailSchema,
  smsSendSchema,
  updatePayPasswordSchema,
  walletLoginSchema,
  walletNonceSchema,
  walletRegisterSchema,
} from "../../schema/api/auth.ts";
import { noInput } from "../../schema/api/fields.ts";
import { registerAccount } from "../domain/auth/accounts.ts";
import { type Address, addressTarget, emailAddress, mobileAddress, resolveIdentifier } from "../domain/auth/address.ts";
import { sendCode, verifyCode } from "../domain/auth/codes.ts";
import { passwordLogin } from "../domain/auth/login.ts";
import { pepperOf } from "../domain/auth/pepper.ts";
import { bindMobile, changeLoginPassword, resetPassword, setPayPassword } from "../domain/auth/security.ts";
import { endSession, startSession } from "../domain/auth/sessions.ts";
import { issueWalletNonce, walletSignIn } from "../domain/auth/wallet.ts";
import { closeSessionSockets } from "../realtime/push.ts";
import { transportFor } from "../domain/notify/transport.ts";
import { clientMeta, requireUser } from "../http/auth.ts";
import type { AppContext, AppEnv } from "../http/context.ts";
import { ok, okText } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** Public origin for wallet sign-in messages: SITE_ORIGIN when configured, else the request's. */
const siteOrigin = (c: AppContext) => c.env.SITE_ORIGIN || new URL(c.req.url).origin;

const walletNonce = async (c: AppContext) => {
  const input = parse(c, walletNonceSchema);
  return ok(
    c,
    await issueWalletNonce(c.var.db, {
      address: input.wallet_address,
      chainId: input.chain_id,
      origin: siteOrigin(c),
      ip: clientMeta(c).ip,
    }),
  );
};

/** What a code is for: `scene` (the spec's name), else `type` (what the original client sends), else sign-up. */
const purposeOf = (input: { scene?: CodePurpose; type?: CodePurpose }): CodePurpose => input.scene ?? input.type ?? "register";

const sendCodeTo = async (c: AppContext, address: Address, purpose: CodePurpose) => {
  const { db } = c.var;
  await sendCode(db, {
    address,
    purpose,
    lang: c.var.lang,
    ip: clientMeta(c).ip,
    pepper: pepperOf(c.env),
    transport: transportFor(c.env, db),
  });
  return okText(c, "CODE_SENT");
};

const walletSession = async (
  c: AppContext,
  mode: "login" | "register",
  input: { wallet_address: string; signature: string; message: string; extension_code?: string },
) => {
  const { token } = await walletSignIn(c.var.db, {
    mode,
    address: input.wallet_address,
    signature: input.signature,
    message: input.message,
    inviteCode: input.extension_code,
    meta: clientMeta(c),
  });
  return token;
};

/** Ended sessions stop receiving private pushes: their sockets in the user's room are closed after the answer. */
const closeSockets = (c: AppContext, userId: number, which: SessionsToClose) =>
  c.executionCtx.waitUntil(closeSessionSockets(c.env, c.var.db, userId, which));

/** Accounts, sessions, verification codes and the /safe settings (paths relative to /api). */
export const authRoutes = new Hono<AppEnv>()
  .post("/sms_mail", async (c) => {
    const input = parse(c, smsMailSchema);
    return sendCodeTo(c, emailAddress(input.user_string), purposeOf(input));
  })
  .post("/sms_send", async (c) => {
    const input = parse(c, smsSendSchema);
    return sendCodeTo(c, mobileAddress(input.area_code, input.mobile), purposeOf(input));
  })
  .post("/user/check_email", async (c) => {
    const input = parse(c, checkCodeSchema);
    const address = await resolveIdentifier(c.var.db, input.user_string, input.country_code);
    await verifyCode(c.var.db, {
      target: addressTarget(address),
      purpose: purposeOf(input),
      code: input.email_code,
      pepper: pepperOf(c.env),
      consume: false,
    });
    return okText(c, "CODE_VALID");
  })
  .post("/user/register", async (c) => {
    const input = parse(c, registerSchema);
    const address = input.type === "email" ? emailAddress(input.user_string) : mobileAddress(input.area_code, input.user_string);
    const account = await registerAccount(c.var.db, {
      address,
      code: input.code,
      password: input.password,
      inviteCode: input.extension_code,
      pepper: pepperOf(c.env),
    });
    // Signed in at once, as log-in answers: the session token.
    const session = await startSession(c.var.db, account.id, clientMeta(c));
    await session.insert;
    return ok(c, session.token);
  })
  .post("/user/login", async (c) => {
    const input = parse(c, loginSchema);
    const address = await resolveIdentifier(c.var.db, input.user_string, input.area_code);
    const { token } = await passwordLogin(c.var.db, { address, password: input.password, pepper: pepperOf(c.env), meta: clientMeta(c) });
    return ok(c, token);
  })
  .get("/user/logout", requireUser, async (c) => {
    parse(c, noInput());
    const { id, tokenHash } = c.var.user;
    await endSession(c.var.db, tokenHash);
    closeSockets(c, id, { only: tokenHash });
    return okText(c, "LOGGED_OUT");
  })
  .post("/user/forget", async (c) => {
    const input = parse(c, forgetSchema);
    const address = await resolveIdentifier(c.var.db, input.user_string, input.area_code);
    const userId = await resetPassword(c.var.db, { address, code: input.code, password: input.password, pepper: pepperOf(c.env) });
    closeSockets(c, userId, { all: true });
    return okText(c, "PASSWORD_RESET");
  })
  .get("/user/wallet/nonce", walletNonce)
  .post("/user/wallet/nonce", walletNonce)
  .post("/user/wallet/register", async (c) => ok(c, await walletSession(c, "register", parse(c, walletRegisterSchema))))
  .post("/user/wallet/login", async (c) => {
    const token = await walletSession(c, "login", parse(c, walletLoginSchema));
    // The spec's wallet log-in answer also carries `code: 200`.
    return c.json({ type: "ok" as const, message: token, code: 200 }, 200);
  })
  .post("/safe/update_password", requireUser, async (c) => {
    const input = parse(c, updatePayPasswordSchema);
    await setPayPassword(c.var.db, {
      userId: c.var.user.id,
      oldPassword: input.oldPassword,
      password: input.password,
      proof: { loginPassword: input.login_password, code: input.code },
      pepper: pepperOf(c.env),
    });
    return okText(c, "PAY_PASSWORD_SET");
  })
  .post("/safe/login_password", requireUser, async (c) => {
    const input = parse(c, changeLoginPasswordSchema);
    const { id, tokenHash } = c.var.user;
    await changeLoginPassword(c.var.db, {
      userId: id,
      keepTokenHash: tokenHash,
      oldPassword: input.oldPassword,
      password: input.password,
      pepper: pepperOf(c.env),
    });
    closeSockets(c, id, { except: tokenHash });
    return okText(c, "PASSWORD_CHANGED");
  })
  .post("/safe/mobile", requireUser, async (c) => {
    const input = parse(c, bindMobileSchema);
    const address = mobileAddress(input.area_code, input.mobile);
    await bindMobile(c.var.db, {
      userId: c.var.user.id,
      address,
      code: input.code,
      proof: { loginPassword: input.login_password, code: input.auth_code },
      pepper: pepperOf(c.env),
    });
    return okText(c, "MOBILE_BOUND");
  });
