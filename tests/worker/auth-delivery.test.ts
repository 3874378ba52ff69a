import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../worker/domain/errors.ts";
import { httpTransport } from "../../worker/domain/notify/transport.ts";
import { devOutboxPage } from "../../worker/routes/dev-outbox.ts";
import { api, callApiWith } from "./helpers.ts";
import { freshEmail, freshIp, freshMobile, outboxFor, post } from "./auth-support.ts";

type Captured = { url: string; method: string; headers: Headers; body: unknown };

/** A fake mail/SMS provider: records each request and answers with the given status. */
function fakeProvider(status = 202) {
  const calls: Captured[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    calls.push({ url: req.url, method: req.method, headers: req.headers, body: await req.json() });
    return new Response(status < 300 ? '{"id":"msg_1"}' : '{"error":"quota"}', { status });
  }) as typeof fetch;
  return { calls, fetchFn };
}

const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
};

const form = (fields: Record<string, string>, ip: string): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
  body: new URLSearchParams(fields).toString(),
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("HTTP transport (production)", () => {
  it("POSTs mail as JSON with the bearer key to MAIL_API_URL", async () => {
    const provider = fakeProvider();
    const transport = httpTransport({
      mailUrl: "https://mail.example/v1/send",
      mailKey: "mail-key-1",
      smsUrl: "https://sms.example/v1",
      smsKey: "sms-key-1",
      fetch: provider.fetchFn,
    });
    await transport.send({
      channel: "email",
      to: "a@b.test",
      subject: "Your verification code",
      body: "Your verification code is 123456.",
    });
    expect(provider.calls).toHaveLength(1);
    const [call] = provider.calls;
    expect(call!.method).toBe("POST");
    expect(call!.url).toBe("https://mail.example/v1/send");
    expect(call!.headers.get("authorization")).toBe("Bearer mail-key-1");
    expect(call!.headers.get("content-type")).toBe("application/json");
    expect(call!.body).toEqual({ to: "a@b.test", subject: "Your verification code", text: "Your verification code is 123456." });
  });

  it("POSTs SMS to SMS_API_URL with the SMS key", async () => {
    const provider = fakeProvider(200);
    const transport = httpTransport({
      mailUrl: "https://mail.example/v1/send",
      mailKey: "mail-key-1",
      smsUrl: "https://sms.example/v1",
      smsKey: "sms-key-1",
      fetch: provider.fetchFn,
    });
    await transport.send({ channel: "sms", to: "+8613800138000", subject: "ignored", body: "Code 654321" });
    expect(provider.calls[0]!.url).toBe("https://sms.example/v1");
    expect(provider.calls[0]!.headers.get("authorization")).toBe("Bearer sms-key-1");
    expect(provider.calls[0]!.body).toEqual({ to: "+8613800138000", text: "Code 654321" });
  });

  it("a provider that echoes the message on failure does not put the code into the logs", async () => {
    const echo = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Response(`bad request: ${String(init?.body)}`, { status: 400 })) as typeof fetch;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const transport = httpTransport({ smsUrl: "https://sms.example/v1", fetch: echo });
      await rejection(transport.send({ channel: "sms", to: "+8613800138000", subject: "s", body: "Your code is 482913." }));
      const lines = logged.mock.calls.map((args) => args.join(" "));
      expect(lines.join("\n")).toContain("delivery_failed");
      expect(lines.join("\n")).not.toContain("482913");
      expect(lines.join("\n")).not.toContain("13800138000");
    } finally {
      logged.mockRestore();
    }
  });

  it("a non-2xx answer becomes DELIVERY_FAILED (502)", async () => {
    const provider = fakeProvider(500);
    const transport = httpTransport({ mailUrl: "https://mail.example/v1/send", mailKey: "k", fetch: provider.fetchFn });
    const err = await rejection(transport.send({ channel: "email", to: "a@b.test", subject: "s", body: "b" }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 502, code: "DELIVERY_FAILED" });
  });

  it("a network failure becomes DELIVERY_FAILED (502) too", async () => {
    const transport = httpTransport({
      smsUrl: "https://sms.example/v1",
      fetch: (async () => {
        throw new TypeError("connection refused");
      }) as typeof fetch,
    });
    expect(await rejection(transport.send({ channel: "sms", to: "+1", subject: "", body: "b" }))).toMatchObject({
      status: 502,
      code: "DELIVERY_FAILED",
    });
  });

  it("without a URL it refuses with DELIVERY_NOT_CONFIGURED (503) and calls nothing", async () => {
    const provider = fakeProvider();
    const transport = httpTransport({ mailUrl: "", smsUrl: "", fetch: provider.fetchFn });
    expect(await rejection(transport.send({ channel: "email", to: "a@b.test", subject: "s", body: "b" }))).toMatchObject({
      status: 503,
      code: "DELIVERY_NOT_CONFIGURED",
    });
    expect(provider.calls).toHaveLength(0);
  });
});

describe("code delivery through the Worker in production", () => {
  it("sends the translated code to the mail API and keeps nothing in the outbox", async () => {
    const provider = fakeProvider();
    vi.stubGlobal("fetch", provider.fetchFn);
    const email = freshEmail();
    const res = await callApiWith(
      "/sms_mail",
      { ENVIRONMENT: "production", MAIL_API_URL: "https://mail.example/send", MAIL_API_KEY: "prod-key" },
      form({ user_string: email, scene: "register", lang: "th" }, freshIp()),
    );
    expect(res.status).toBe(200);
    expect(provider.calls).toHaveLength(1);
    const body = provider.calls[0]!.body as { to: string; subject: string; text: string };
    expect(body.to).toBe(email.toLowerCase());
    expect(body.subject).toBe("รหัสยืนยันของคุณ");
    expect(body.text).toMatch(/^รหัสยืนยันของคุณคือ \d{6} ใช้ได้ภายใน 10 นาที/);
    expect(await outboxFor(email.toLowerCase())).toHaveLength(0);
    expect(await res.text()).not.toContain(/\d{6}/.exec(body.text)![0]);
  });

  it("a failing provider answers a translated 502, and the user may ask again at once", async () => {
    const failing = fakeProvider(503);
    vi.stubGlobal("fetch", failing.fetchFn);
    const ip = freshIp();
    const mobile = freshMobile();
    const prod = { ENVIRONMENT: "production", SMS_API_URL: "https://sms.example/send", SMS_API_KEY: "k" };
    const res = await callApiWith("/sms_send", prod, form({ area_code: "86", mobile, lang: "zh" }, ip));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ type: "error", code: "DELIVERY_FAILED", message: "消息发送失败，请稍后重试" });

    const working = fakeProvider();
    vi.stubGlobal("fetch", working.fetchFn);
    const retry = await callApiWith("/sms_send", prod, form({ area_code: "86", mobile }, ip));
    expect(retry.status).toBe(200);
    expect(working.calls).toHaveLength(1);
  });

  it("production without a configured provider answers 503 DELIVERY_NOT_CONFIGURED", async () => {
    const res = await callApiWith(
      "/sms_mail",
      { ENVIRONMENT: "production", MAIL_API_URL: "" },
      form({ user_string: freshEmail(), scene: "register", lang: "fra" }, freshIp()),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      code: "DELIVERY_NOT_CONFIGURED",
      message: "L'envoi de messages est momentanément indisponible",
    });
  });
});

describe("development outbox", () => {
  it("GET /api/dev/outbox lists messages newest first, filtered by recipient", async () => {
    const client = { ip: freshIp() };
    const email = freshEmail();
    const mobile = freshMobile();
    await post("/sms_mail", { user_string: email, scene: "register" }, client);
    await post("/sms_send", { area_code: "86", mobile }, client);

    const all = await api<{ id: number; channel: string; to: string; body: string; created_at: number }[]>("/dev/outbox");
    expect(all.status).toBe(200);
    const ids = all.body.message.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.message[0]).toMatchObject({ channel: "sms", to: `+86${mobile}` });

    const forEmail = await api<{ to: string; subject: string; body: string }[]>(
      `/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`,
    );
    expect(forEmail.body.message).toHaveLength(1);
    expect(forEmail.body.message[0]).toMatchObject({ to: email.toLowerCase(), subject: "Your verification code" });
    // "+" in a query string arrives as a space; the filter still finds the phone.
    const forPhone = await api<unknown[]>(`/dev/outbox?to=+86${mobile}`);
    expect(forPhone.body.message).toHaveLength(1);
  });

  it("GET /dev/outbox is an auto-refreshing HTML table, newest first, with text escaped", async () => {
    await env.DB.prepare(
      "INSERT INTO message_outbox (channel, recipient, subject, body, created_at) VALUES ('email', 'x@evil.test', '<b>hi</b>', " +
        "'<script>alert(1)</script>', ?)",
    )
      .bind(Date.now())
      .run();
    const res = await exports.default.fetch(new Request("http://localhost/dev/outbox"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain('<meta http-equiv="refresh"');
    expect(html).toContain("<table>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    expect(html.indexOf("x@evil.test")).toBeLessThan(html.lastIndexOf("</tr>"));

    const filtered = await (await exports.default.fetch(new Request("http://localhost/dev/outbox?to=nobody@x.test"))).text();
    expect(filtered).toContain("No messages yet.");
    expect(filtered).not.toContain("x@evil.test");
  });

  it("both answer 404 in production", async () => {
    const page = await devOutboxPage(new Request("http://localhost/dev/outbox"), { ...env, ENVIRONMENT: "production" });
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("<table>");
    const json = await callApiWith("/dev/outbox", { ENVIRONMENT: "production" });
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ type: "error", code: "NOT_FOUND" });
    // And for any other unknown environment value.
    expect((await callApiWith("/dev/outbox", { ENVIRONMENT: "" })).status).toBe(404);
  });

  it("other /dev/ paths are 404 even in development", async () => {
    const res = await exports.default.fetch(new Request("http://localhost/dev/anything"));
    expect(res.status).toBe(404);
  });
});
