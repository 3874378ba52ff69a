import { createMiddleware } from "hono/factory";
import { DEFAULT_LANG, isLang } from "../../schema/api/lang.ts";
import { badRequest } from "../domain/errors.ts";
import type { Fields } from "../../schema/api/fields.ts";
import type { AppEnv } from "./context.ts";

/**
 * Reads the request once into flat fields: query string first, then the body
 * (form-encoded as the spec says; JSON and multipart accepted too). Picks the
 * language from the `lang` field and removes it, so schemas can be strict.
 * Object.fromEntries defines own properties, so "__proto__" is just a key.
 */
export const readFields = createMiddleware<AppEnv>(async (c, next) => {
  const url = c.req.url;
  const entries: [string, string | File][] = url.includes("?") ? [...new URL(url).searchParams.entries()] : [];
  if (c.req.method !== "GET" && c.req.method !== "HEAD") entries.push(...(await bodyEntries(c.req.raw)));
  const fields: Fields = Object.fromEntries(entries);
  const lang = fields.lang;
  c.set("lang", isLang(lang) ? lang : DEFAULT_LANG);
  delete fields.lang;
  c.set("fields", fields);
  await next();
});

/** Sets the language from the query alone, for routes that read their own body. */
export const queryLang = createMiddleware<AppEnv>(async (c, next) => {
  const lang = c.req.query("lang");
  c.set("lang", isLang(lang) ? lang : DEFAULT_LANG);
  await next();
});

async function bodyEntries(req: Request): Promise<[string, string | File][]> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  try {
    if (type === "application/x-www-form-urlencoded") {
      return [...new URLSearchParams(await bodyText(req)).entries()];
    }
    if (type === "multipart/form-data") {
      const form = await req.formData();
      return [...form.entries()] as [string, string | File][];
    }
    if (type === "application/json") {
      const text = await bodyText(req);
      if (text.trim() === "") return [];
      const json: unknown = JSON.parse(text);
      if (json === null || typeof json !== "object" || Array.isArray(json)) throw new Error("not an object");
      return Object.entries(json).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]);
    }
    if ((await req.arrayBuffer()).byteLength === 0) return [];
  } catch {
    throw badRequest("BAD_BODY");
  }
  throw badRequest("BAD_BODY");
}

/** Reads the body as UTF-8 bytes (workerd warns when .text() meets a form content type). */
const utf8 = new TextDecoder();
const bodyText = async (req: Request) => utf8.decode(await req.arrayBuffer());
