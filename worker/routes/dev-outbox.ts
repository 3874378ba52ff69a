import { database } from "../domain/db.ts";
import { Hono } from "hono";
import { devOutboxSchema } from "../../schema/api/auth.ts";
import { type OutboxEntry, listOutbox } from "../domain/notify/outbox.ts";
import { isLocalEnvironment } from "../domain/env.ts";
import type { Env } from "../domain/env.ts";
import { notFound } from "../domain/errors.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/**
 * The development outbox: every code the local transport "sent". Only when
 * ENVIRONMENT is "development" or "test"; anywhere else both answer 404, as if
 * they did not exist.
 */

/** GET /api/dev/outbox?to=&limit=: JSON, newest first. */
export const devOutboxRoutes = new Hono<AppEnv>().get("/dev/outbox", async (c) => {
  if (!isLocalEnvironment(c.env)) throw notFound();
  const input = parse(c, devOutboxSchema);
  return ok(c, await listOutbox(c.var.db, { to: input.to, limit: input.limit }));
});

/** GET /dev/outbox: a plain HTML table for people, refreshing itself every 3 s. */
export async function devOutboxPage(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  if (!isLocalEnvironment(env) || url.pathname !== "/dev/outbox" || request.method !== "GET") {
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const to = url.searchParams.get("to")?.trim().slice(0, 254) || undefined;
  const rows = await listOutbox(database(env.DB), { to, limit: 100 });
  return new Response(renderPage(rows, to), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "x-robots-tag": "noindex",
    },
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

function renderPage(rows: OutboxEntry[], to: string | undefined): string {
  const body = rows
    .map(
      (r) =>
        `<tr><td>${r.id}</td><td>${escapeHtml(new Date(r.created_at).toISOString())}</td><td>${r.channel}</td>` +
        `<td>${escapeHtml(r.to)}</td><td>${escapeHtml(r.subject)}</td><td>${escapeHtml(r.body)}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="3">
<title>Dev outbox</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem; background: #111; color: #eee; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #333; padding: .4rem .5rem; text-align: left; vertical-align: top; }
  th { color: #aaa; font-weight: 600; }
  td:last-child { white-space: pre-wrap; }
  input { padding: .3rem; }
  .empty { color: #888; padding: 1rem 0; }
</style>
</head>
<body>
<h1>Dev outbox</h1>
<p>Messages the local transport kept instead of sending, newest first.
This page refreshes every 3 seconds and exists only in development.</p>
<form method="get" action="/dev/outbox">
<label>To <input name="to" value="${escapeHtml(to ?? "")}" placeholder="email or +86..."></label>
<button>Filter</button> <a href="/dev/outbox">All</a>
</form>
${
  rows.length === 0
    ? `<p class="empty">No messages yet.</p>`
    : `<table><thead><tr><th>#</th><th>Time ` +
      `(UTC)</th><th>Channel</th><th>To</th><th>Subject</th><th>Body</th></tr></thead><tbody>\n${body}\n</tbody></table>`
}
</body>
</html>
`;
}
