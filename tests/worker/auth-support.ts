import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { api } from "./helpers.ts";

/**
 * Helpers for the auth tests. Each test uses its own client IP (cf-connecting-ip),
 * so per-IP throttles in one test do not leak into the next (a test file shares
 * one database across its tests).
 */
let ipSeq = 0;
export const freshIp = () => `198.51.100.${++ipSeq}`;

let addrSeq = 0;
export const freshEmail = (tag = "u") => `${tag}${Date.now().toString(36)}${++addrSeq}@Example.test`;
/** 11 digits, unique within the run. */
export const freshMobile = () => `139${String(Date.now() % 1e6).padStart(6, "0")}${String(++addrSeq % 100).padStart(2, "0")}`;

export type Client = { ip: string; lang?: string };

export const post = <T = unknown>(path: string, form: Record<string, string>, client: Client, token?: string) =>
  api<T>(path, { form: client.lang ? { ...form, lang: client.lang } : form, token, headers: { "cf-connecting-ip": client.ip } });

export const get = <T = unknown>(path: string, client: Client, token?: string) =>
  api<T>(client.lang ? `${path}${path.includes("?") ? "&" : "?"}lang=${client.lang}` : path, {
    token,
    headers: { "cf-connecting-ip": client.ip },
  });

/** Outbox rows for a recipient, newest first. */
export async function outboxFor(to: string) {
  const { results } = await env.DB.prepare(
    "SELECT channel, recipient, subject, body FROM message_outbox WHERE recipient = ? ORDER BY id DESC",
  )
    .bind(to)
    .all<{ channel: string; recipient: string; subject: string; body: string }>();
  return results;
}

/** The six digits of the newest message to `to` (as the user would read it). */
export async function latestCode(to: string): Promise<string> {
  const [row] = await outboxFor(to);
  expect(row, `a message to ${to}`).toBeDefined();
  const code = /\b(\d{6})\b/.exec(row!.body)?.[1];
  expect(code, row!.body).toMatch(/^\d{6}$/);
  return code!;
}

/** Moves a code's clock instead of waiting: every code for target gets sent/expiry shifted back. */
export async function ageCodes(target: string, ms: number) {
  await env.DB.prepare("UPDATE verification_codes SET sent_at = sent_at - ?1, expires_at = expires_at - ?1 WHERE target = ?2")
    .bind(ms, target)
    .run();
}

export async function emailCode(email: string, scene: string, client: Client) {
  const res = await post("/sms_mail", { user_string: email, scene }, client);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return latestCode(email.toLowerCase());
}

export async function mobileCode(areaCode: string, mobile: string, scene: string, client: Client) {
  const res = await post("/sms_send", { area_code: areaCode, mobile, scene }, client);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return latestCode(`+${areaCode.replace(/^\+/, "")}${mobile}`);
}

/** Registers by email through the API (code from the outbox) and returns the credentials. */
export async function registerEmail(client: Client, password = "correct horse 1") {
  const email = freshEmail("reg");
  const code = await emailCode(email, "register", client);
  const res = await post("/user/register", { user_string: email, code, password, re_password: password }, client);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email: email.toLowerCase(), password };
}

export async function login(client: Client, user_string: string, password: string) {
  return post<string>("/user/login", { user_string, password }, client);
}
