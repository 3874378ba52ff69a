import type { OkEnvelope } from "../../schema/api/envelope.ts";
import type { MessageCode } from "../domain/i18n/translate.ts";
import { translate } from "../domain/i18n/translate.ts";
import type { AppContext } from "./context.ts";

/** Success envelope: `{type: "ok", message: payload}` with HTTP 200. */
export const ok = <T>(c: AppContext, payload: T) => c.json<OkEnvelope<T>>({ type: "ok", message: payload }, 200);

/** Success whose payload is a translated sentence (the original API answers text for most writes). */
export const okText = (c: AppContext, code: MessageCode = "SUCCESS", params?: Record<string, string | number>) =>
  ok(c, translate(code, c.var.lang, params));
