import type { Lang } from "../../../schema/api/lang.ts";
import { nextTask } from "./next-task.ts";

/**
 * The API client of the spec ("Response handling"): form-encoded
 * requests carrying `lang` and the token; success is HTTP 200 with type "ok"
 * (or code 1); "999" ends the session, "998" opens identity verification;
 * anything else shows the message and fails. 60 s timeout.
 */
export type ApiHooks = {
  token(): string;
  lang(): Lang;
  /** Shows a message to the user (toast). */
  notify(message: string): void;
  /** Type 999: clear token and user, then go to log-in after 1.2 s. */
  sessionEnded(): void;
  /** Type 998: open identity verification after 1.2 s. */
  verificationRequired(): void;
  /** Requests in flight changed by +1/-1 (drives the delayed loading view). */
  pending(delta: 1 | -1): void;
  /** Translated client-side texts for failures without a server message. */
  text(key: "networkError" | "dataFormatError" | "timeout"): string;
};

export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly kind: "error" | "999" | "998" | "network" | "format" | "timeout",
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const TIMEOUT_MS = 60_000;

let hooks: ApiHooks | null = null;
export const configureApi = (h: ApiHooks) => {
  hooks = h;
};

type Scalar = string | number | boolean | null | undefined;
export type Params = Record<string, Scalar>;
export type RequestOptions = {
  /** Don't toast failures (the caller shows them inline). */
  silent?: boolean;
  /** Money-moving requests send one; a retry with the same key moves nothing twice. */
  idempotencyKey?: string;
  /** Don't count toward the global loading view (background refreshes). */
  background?: boolean;
};

function encode(params: Params, lang: Lang): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) form.set(k, String(v));
  form.set("lang", lang);
  return form;
}

/** A read the boot script sends for the page being opened, before the app's code has arrived (boot/opening.ts). */
export type EarlyRead = { path: string; params?: Params; method?: "GET" | "POST" };

/** How long an early answer waits for the page to ask for it; one nobody asked for is dropped. */
const EARLY_TTL_MS = 20_000;
/** Early answers by request (method, URL, body and session): each is handed to the first identical request. */
const early = new Map<string, Promise<Response>>();

type Prepared = { url: string; init: RequestInit; key: string };

function prepare(
  method: "GET" | "POST",
  path: string,
  data: Params | FormData,
  lang: Lang,
  token: string,
  idempotencyKey?: string,
): Prepared {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = token;
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  let url = `/api${path}`;
  let body: BodyInit | undefined;
  if (method === "GET") {
    url += `?${encode(data as Params, lang)}`;
  } else if (data instanceof FormData) {
    data.set("lang", lang);
    body = data;
  } else {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = encode(data, lang);
  }
  // A request with a body of its own (a form, an idempotent write) is never answered early.
  const key = body instanceof FormData || idempotencyKey ? "" : `${method} ${url} ${body ?? ""} ${token}`;
  return { url, init: { method, headers, body, credentials: "same-origin" }, key };
}

/** Sends a read now and keeps its answer for the app's first identical request (the boot script's early reads). */
export function sendEarly(read: EarlyRead, lang: Lang, token: string): void {
  const { url, init, key } = prepare(read.method ?? "GET", read.path, read.params ?? {}, lang, token);
  if (early.has(key)) return;
  const answer = fetch(url, init);
  answer.catch(() => undefined); // the page's own request tries again
  early.set(key, answer);
  setTimeout(() => early.delete(key), EARLY_TTL_MS);
}

function takeEarly(key: string): Promise<Response> | undefined {
  const answer = key ? early.get(key) : undefined;
  if (answer) early.delete(key);
  return answer;
}

export async function request<T>(
  method: "GET" | "POST",
  path: string,
  data: Params | FormData = {},
  options: RequestOptions = {},
): Promise<T> {
  const h = hooks;
  if (!h) throw new Error("configureApi was not called");
  const { url, init, key } = prepare(method, path, data, h.lang(), h.token(), options.idempotencyKey);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  if (!options.background) h.pending(1);
  try {
    let res: Response;
    try {
      const send = async () => {
        // A page's first render starts all its reads in one pass, and each fetch() costs Chromium a millisecond or
        // more of main-thread time: started back to back they made one long task.
        await nextTask(true);
        return fetch(url, { ...init, signal: controller.signal });
      };
      res = await (takeEarly(key)?.catch(send) ?? send());
    } catch {
      throw new ApiFailure(
        h.text(controller.signal.aborted ? "timeout" : "networkError"),
        controller.signal.aborted ? "timeout" : "network",
      );
    }
    let json: { type?: string; code?: number | string; message?: unknown; data?: unknown; msg?: string };
    try {
      json = await res.json();
    } catch {
      throw new ApiFailure(h.text("dataFormatError"), "format", undefined, res.status);
    }
    if (res.status === 200 && json.type === "ok") return json.message as T;
    if (res.status === 200 && json.code === 1) return json.data as T;
    const message = typeof json.message === "string" ? json.message : (json.msg ?? h.text("dataFormatError"));
    if (json.type === "999") {
      h.notify(message);
      h.sessionEnded();
      throw new ApiFailure(message, "999", String(json.code ?? ""), res.status);
    }
    if (json.type === "998") {
      h.notify(message);
      h.verificationRequired();
      throw new ApiFailure(message, "998", String(json.code ?? ""), res.status);
    }
    throw new ApiFailure(message, "error", typeof json.code === "string" ? json.code : undefined, res.status);
  } catch (err) {
    const failure = err instanceof ApiFailure ? err : new ApiFailure(h.text("networkError"), "network");
    if (!options.silent && failure.kind !== "999" && failure.kind !== "998") h.notify(failure.message);
    throw failure;
  } finally {
    clearTimeout(timer);
    if (!options.background) h.pending(-1);
  }
}

/** Sends a named read (the form the boot script can also send early). */
export const read = <T>(r: EarlyRead, options?: RequestOptions) => request<T>(r.method ?? "GET", r.path, r.params, options);
export const get = <T>(path: string, params?: Params, options?: RequestOptions) => request<T>("GET", path, params, options);
export const post = <T>(path: string, data?: Params | FormData, options?: RequestOptions) => request<T>("POST", path, data, options);

/** A fresh key per user action; reuse it for retries of that same action. */
export const newIdempotencyKey = () => crypto.randomUUID();
