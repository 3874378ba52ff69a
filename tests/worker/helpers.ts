import { exports } from "cloudflare:workers";

export type ApiResponse<T = unknown> = {
  status: number;
  body: { type: string; message: T; code?: string };
  headers: Headers;
};

/** Calls the API as the SPA does: form-encoded body, raw token in Authorization. */
export async function api<T = unknown>(
  path: string,
  options: { method?: string; form?: Record<string, string>; json?: unknown; token?: string; headers?: Record<string, string>; body?: BodyInit } = {},
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
