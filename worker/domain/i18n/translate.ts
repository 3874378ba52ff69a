import { DEFAULT_LANG, type Lang } from "../../../schema/api/lang.ts";
import { catalog, type MessageCode } from "./messages/index.ts";

export type { MessageCode };

/** Server messages translated into the request's language, with {name} placeholders. */
export function translate(code: MessageCode, lang: Lang, params: Record<string, string | number> = {}): string {
  const entry = catalog[code];
  const text = entry[lang] ?? entry[DEFAULT_LANG];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export const isMessageCode = (value: string): value is MessageCode => Object.hasOwn(catalog, value);
