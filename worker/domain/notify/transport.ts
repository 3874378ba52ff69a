import { messageOutbox } from "../../../schema/db/index.ts";
import { type Env, isLocalEnvironment } from "../env.ts";
import { ApiError } from "../errors.ts";
import type { Db } from "../db.ts";
import { log } from "../log.ts";

/** One message to one address; `body` is already in the reader's language. */
export type OutgoingMessage = { channel: "email" | "sms"; to: string; subject: string; body: string };

/** Every delivery goes through this; which one is used depends on the environment. */
export type Transport = { send(msg: OutgoingMessage): Promise<void> };

/** Local transport: the message becomes a row of `message_outbox`, readable at /dev/outbox. */
export const outboxTransport = (db: Db, now: () => number = Date.now): Transport => ({
  async send(msg) {
    await db.insert(messageOutbox).values({
      channel: msg.channel,
      recipient: msg.to,
      subject: msg.subject,
      body: msg.body,
      createdAt: now(),
    });
  },
});

export type HttpTransportConfig = {
  mailUrl?: string;
  mailKey?: string;
  smsUrl?: string;
  smsKey?: string;
  /** Injectable for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/**
 * Production transport: POSTs JSON to an HTTP mail or SMS API.
 *   email: {"to", "subject", "text"}    sms: {"to", "text"}
 * with `Authorization: Bearer <key>` when a key is set. A missing URL is a
 * configuration error (503); a network failure, timeout or non-2xx answer
 * becomes DELIVERY_FAILED (502). The provider's answer is logged, never shown,
 * with digit runs masked: it may echo the message, which carries the code.
 */
export function httpTransport(config: HttpTransportConfig): Transport {
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));
  return {
    async send(msg) {
      const url = msg.channel === "email" ? config.mailUrl : config.smsUrl;
      const key = msg.channel === "email" ? config.mailKey : config.smsKey;
      if (!url) throw new ApiError(503, "DELIVERY_NOT_CONFIGURED");
      const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
      if (key) headers.authorization = `Bearer ${key}`;
      const payload = msg.channel === "email" ? { to: msg.to, subject: msg.subject, text: msg.body } : { to: msg.to, text: msg.body };
      let res: Response;
      try {
        res = await doFetch(url, {
          method: "POST",
          headers,
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (err) {
        log("error", { event: "delivery_failed", channel: msg.channel, error: String(err) });
        throw new ApiError(502, "DELIVERY_FAILED");
      }
      if (!res.ok) {
        const detail = (await res.text().catch(() => "")).slice(0, 300).replace(/\d{4,}/g, "****");
        log("error", { event: "delivery_failed", channel: msg.channel, status: res.status, detail });
        throw new ApiError(502, "DELIVERY_FAILED");
      }
      await res.body?.cancel();
    },
  };
}

/** The transport for this environment: the outbox locally, the HTTP APIs otherwise. */
export function transportFor(env: Env, db: Db, fetchFn?: typeof fetch): Transport {
  if (isLocalEnvironment(env)) return outboxTransport(db);
  return httpTransport({
    mailUrl: env.MAIL_API_URL,
    mailKey: env.MAIL_API_KEY,
    smsUrl: env.SMS_API_URL,
    smsKey: env.SMS_API_KEY,
    fetch: fetchFn,
  });
}
