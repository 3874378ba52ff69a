import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { api, apiResult } from "./api.ts";

export { api, apiResult, type ApiOptions, type Envelope } from "./api.ts";

/** The seeded demo accounts (worker/domain/seed/demo.ts). */
export const ALICE = { email: "alice@demo.test", password: "alice-demo-2026", uid: "80000001" } as const;
export const BOB = { email: "bob@demo.test", password: "bob-demo-2026", uid: "80000002" } as const;
export const OPERATOR = { email: "operator@demo.test", password: "operator-demo-2026" } as const;
export const OPERATOR2 = { email: "operator2@demo.test", password: "operator2-demo-2026" } as const;

/** A session token for `who`, through the log-in API (which waits out a freshly started server's warm-up). */
export function logIn(request: APIRequestContext, who: { email: string; password: string } = ALICE): Promise<string> {
  return api<string>(request, "/user/login", { data: { user_string: who.email, password: who.password } });
}

/**
 * A phone-sized page (390 px unless `width` says otherwise) in its own browser context: `token`'s session (none when null
 * or ""), in `lang` and `theme`. Storage is set once per context, so reloads and navigations keep what the app stores.
 */
export async function sessionPage(browser: Browser, token: string | null, lang = "en", theme = "dark", width = 390): Promise<Page> {
  // A desktop-wide page (an operator's console) is not a phone: no mobile viewport there.
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    isMobile: width < 600,
    hasTouch: true,
    deviceScaleFactor: 1,
  });
  await context.addInitScript(
    ({ t, l, th }) => {
      if (sessionStorage.getItem("__e2e_init")) return;
      sessionStorage.setItem("__e2e_init", "1");
      localStorage.clear();
      localStorage.setItem("h5Version", "1");
      localStorage.setItem("lang", JSON.stringify(l));
      localStorage.setItem("theme", JSON.stringify(th));
      if (t) localStorage.setItem("token", JSON.stringify(t));
    },
    { t: token ?? "", l: lang, th: theme },
  );
  return context.newPage();
}

/** The newest 6-digit code the local transport "sent" to an address (the dev outbox). */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const sent = await api<{ body: string }[]>(request, "/dev/outbox", { method: "GET", data: { to } });
      code = /\b(\d{6})\b/.exec(sent[0]?.body ?? "")?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** This run's stamp: a server kept running between runs starts each run's addresses afresh. */
const RUN = `${process.env.E2E_RUN ?? Date.now()}`;

/**
 * A client address of its own for `label`, as the `cf-connecting-ip` header Cloudflare sets. The server throttles code
 * requests per address (10 an hour), as it would real users, while the whole browser suite runs from one machine: a spec
 * file that asks for codes takes its own with `test.use({ extraHTTPHeaders: clientAddress("<file>") })`, which also
 * reaches the contexts `sessionPage` opens.
 */
export function clientAddress(label: string): Record<string, string> {
  let h = 0;
  for (const ch of `${label}:${RUN}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return { "cf-connecting-ip": `2001:db8:${(h >>> 16).toString(16)}:${(h & 0xffff).toString(16)}::1` };
}

/** A new account registered through the API (email code from the dev outbox), with its session token. */
export async function registerUser(request: APIRequestContext, name = "user"): Promise<{ email: string; password: string; token: string }> {
  const email = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = `${name}-e2e-2026`;
  // A new user is a new client: their code request counts against an address of their own.
  await api(request, "/sms_mail", { data: { user_string: email, scene: "register" }, headers: clientAddress(email) });
  const code = await latestCode(request, email);
  await api(request, "/user/register", { data: { user_string: email, code, password, re_password: password, type: "email" } });
  return { email, password, token: await logIn(request, { email, password }) };
}

/** The pay password browser tests give the demo users: set once by whichever test needs it first. */
export const DEMO_PAY_PASSWORD = "135790";

/**
 * Makes `DEMO_PAY_PASSWORD` the pay password of `who`: set with the log-in password the first time; when another test
 * set it already, it is the same one (the change to itself proves it).
 */
export async function ensurePayPassword(request: APIRequestContext, token: string, who: { password: string }): Promise<void> {
  const first = await apiResult(request, "/safe/update_password", {
    data: { password: DEMO_PAY_PASSWORD, re_password: DEMO_PAY_PASSWORD, login_password: who.password },
    token,
  });
  if (first.body.type === "ok") return;
  expect(first.body.code).toBe("OLD_PASSWORD_REQUIRED");
  // The change to itself proves the demo pay password is the one already set.
  await api(request, "/safe/update_password", {
    data: { oldPassword: DEMO_PAY_PASSWORD, password: DEMO_PAY_PASSWORD, re_password: DEMO_PAY_PASSWORD },
    token,
  });
}

/** Moves `usdt` from `token`'s spot account into its lever account (each call its own Idempotency-Key). */
export async function toLever(request: APIRequestContext, token: string, usdt: string): Promise<void> {
  await api(request, "/wallet/change", {
    data: { currency_id: "3", number: usdt, from_field: "change", to_field: "lever" },
    token,
    headers: { "Idempotency-Key": `e2e-lever-${Date.now()}-${Math.random()}` },
  });
}

type DemoUser = { email: string; password: string; uid: string };

/**
 * `who` ready to trade contracts: a bound phone, identity Lv1 approved by an operator and the demo pay password (each
 * only if not done yet, so specs may share the demo user in any order), then `usdt` more in the lever account.
 */
export async function leverTrader(request: APIRequestContext, who: DemoUser, usdt: string): Promise<string> {
  const token = await logIn(request, who);
  const info = await api<{ mobile: string | null; real_state: { level: number } }>(request, "/user/info", { method: "GET", token });
  if (!info.mobile) {
    const mobile = `13${who.uid.slice(-1)}${String(Date.now()).slice(-8)}`;
    await api(request, "/sms_send", { data: { mobile, area_code: "86", scene: "bind" } });
    const code = await latestCode(request, `+86${mobile}`);
    await api(request, "/safe/mobile", { data: { mobile, area_code: "86", code, login_password: who.password }, token });
  }
  if (info.real_state.level < 1) {
    const name = `${who.email[0]!.toUpperCase()}${who.email.slice(1, who.email.indexOf("@"))} Demo`;
    await api(request, "/user/real", { data: { real_type: "1", id_type: "1", name, card_id: `P${who.uid.slice(1)}` }, token });
    const operator = await logIn(request, OPERATOR);
    const { data: items } = await api<{ data: { id: number; email: string | null }[] }>(request, "/admin/kyc", {
      method: "GET",
      data: { status: "auditing" },
      token: operator,
    });
    await api(request, "/admin/kyc/approve", { data: { id: String(items.find((i) => i.email === who.email)!.id) }, token: operator });
  }
  await ensurePayPassword(request, token, who);
  await toLever(request, token, usdt);
  return token;
}

/** `currency` in `token`'s spot (exchange) account, as the API shows it: available and locked, decimal strings. */
export async function spotBalance(
  request: APIRequestContext,
  token: string,
  currency: string,
): Promise<{ available: string; locked: string }> {
  const row = await api<{ change_balance: string; lock_change_balance: string }>(request, "/wallet/detail", {
    data: { currency, type: "change" },
    token,
  });
  return { available: row.change_balance, locked: row.lock_change_balance };
}
