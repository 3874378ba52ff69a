import type { APIRequestContext } from "@playwright/test";
import type { Envelope } from "../../../schema/api/envelope.ts";

export type { Envelope };

export type ApiOptions = {
  /** Form fields of a POST, query parameters of a GET. */
  data?: Record<string, string | number>;
  /** A session token, sent raw in the Authorization header. */
  token?: string;
  method?: "GET" | "POST";
  /** Headers besides Authorization (an Idempotency-Key). */
  headers?: Record<string, string>;
};

/** Tries, half a second apart, while a freshly started server answers with its plain-text warm-up page or drops the request. */
const WARM_UP_TRIES = 20;

/**
 * One call to `/api<path>` and its envelope with the HTTP status, ok or not: for tests that assert on an error answer.
 * Only an answer that is not JSON (the local runtime still starting its objects) or a dropped connection is asked again.
 */
export async function apiResult<T = unknown>(
  request: APIRequestContext,
  path: string,
  { data = {}, token, method = "POST", headers = {} }: ApiOptions = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const fields = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  const allHeaders = token ? { Authorization: token, ...headers } : headers;
  const url = `/api${path}`;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= WARM_UP_TRIES;
    const res = await (
      method === "GET"
        ? request.get(url, { params: fields, headers: allHeaders })
        : request.post(url, { form: fields, headers: allHeaders })
    ).catch((err: unknown) => {
      if (last) throw err;
      return null;
    });
    const text = res ? await res.text() : "";
    if (!res || (!text.startsWith("{") && !last)) {
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    if (!text.startsWith("{")) throw new Error(`${method} ${url}: HTTP ${res.status()}, not JSON: ${text.slice(0, 200)}`);
    return { status: res.status(), body: JSON.parse(text) as Envelope<T> };
  }
}

/** The message of an ok answer from `/api<path>` (a POST unless `method` says GET); anything else throws with what came back. */
export async function api<T = unknown>(request: APIRequestContext, path: string, options: ApiOptions = {}): Promise<T> {
  const { status, body } = await apiResult<T>(request, path, options);
  if (body.type === "ok" && status === 200) return body.message;
  const what = body.type === "ok" ? JSON.stringify(body).slice(0, 300) : `${body.type} ${body.code}: ${body.message}`;
  throw new Error(`${options.method ?? "POST"} /api${path}: HTTP ${status} ${what}`);
}
