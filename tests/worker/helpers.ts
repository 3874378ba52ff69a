import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { createApp } from "../../worker/app.ts";
import { limiterClock } from "../../worker/domain/limits/rate-limit.ts";

export type ApiResponse<T = unknown> = {
  status: number;
  body: { type: string; message: T; code?: string };
  headers: Headers;
};

/** Calls the API as the SPA does: form-encoded body, raw token in Authorization. */
export async function api<T = unknown>(
  path: string,
  options: {
    method?: string;
    form?: Record<string, string>;
    json?: unknown;
    token?: string;
    headers?: Record<string, string>;
    body?: BodyInit;
  } = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined = options.body;
  if (options.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  if (options.token) headers.set("authorization", options.token);
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const res = await exports.default.fetch(new Request(`http://localhost/api${path}`, { method, headers, body }));
  const text = await res.text();
  let parsed: ApiResponse<T>["body"];
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`non-JSON answer ${res.status} for ${path}: ${text.slice(0, 200)}`);
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/**
 * The API as deployed with some bindings changed (ENVIRONMENT: "production", a provider URL). It calls the API app, not the
 * Worker's default export: the Worker's first request outside tests wakes every market, whose alarm chains would then
 * tick for the rest of the file and keep workerd from ever finishing it.
 */
export async function callApiWith(path: string, envOverrides: Partial<Cloudflare.Env>, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost/api${path}`, init);
  const res = await createApp().fetch(request, { ...env, ...envOverrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

let userSeq = 0;

/**
 * A user with a live session, written straight to D1, for tests of routes
 * other than registration. Each call makes a distinct user.
 */
export async function createUser(
  opts: { email?: string; password?: string; role?: "user" | "operator"; areaCode?: string; mobile?: string } = {},
): Promise<{ id: number; token: string; email: string; password: string }> {
  const { drizzle } = await import("drizzle-orm/d1");
  const tables = await import("../../schema/db/index.ts");
  const { hashPassword } = await import("../../worker/domain/auth/password.ts");
  const { startSession } = await import("../../worker/domain/auth/sessions.ts");
  const db = drizzle(env.DB, { schema: tables });
  userSeq += 1;
  const unique = `${Date.now().toString(36)}${userSeq}${Math.floor(Math.random() * 1e6)}`;
  const email = opts.email ?? `user${unique}@test.dev`;
  const password = opts.password ?? "test-password-1";
  const user = await db
    .insert(tables.users)
    .values({
      uid: unique.slice(-10),
      email,
      areaCode: opts.areaCode ?? null,
      mobile: opts.mobile ?? null,
      passwordHash: await hashPassword(password, env.PASSWORD_PEPPER!),
      nickname: `u${userSeq}`,
      inviteCode: `T${unique}`.slice(0, 12).toUpperCase(),
      role: opts.role ?? "user",
      createdAt: Date.now(),
    })
    .returning({ id: tables.users.id })
    .get();
  const session = await startSession(db, user.id, { ip: "test", userAgent: "vitest" });
  await session.insert;
  return { id: user.id, token: session.token, email, password };
}

/**
 * Holds the rate limiter's clock still, so a test that counts hits against a fixed window cannot straddle the window's
 * boundary when a loaded machine makes its requests slow. `at` moves it by hand; `release` goes back to real time.
 */
export const heldLimiterClock = {
  hold(at = Date.now()): void {
    limiterClock.now = () => at;
  },
  release(): void {
    limiterClock.now = () => Date.now();
  },
};
