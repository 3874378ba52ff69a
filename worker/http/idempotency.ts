import { and, eq } from "drizzle-orm";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { idempotencyKeys } from "../../schema/db/index.ts";
import { sha256Hex } from "../domain/auth/tokens.ts";
import type { Statement } from "../domain/ledger/post.ts";
import { badRequest, conflict } from "../domain/errors.ts";
import type { AppContext } from "./context.ts";

/**
 * Idempotency-Key for money-moving POSTs (README, "Design": Money).
 *
 * The stored answer is written by the handler IN THE SAME BATCH as the money it
 * moves (`idem.record(payload)` as the batch's first statements), so a record exists
 * exactly when the money moved. (user, key) is the primary key: of concurrent
 * duplicates only one batch can commit; the others fail on that key before any of
 * their money statements count, and answer the committed twin's response. There is
 * no "pending" row, so a crash between steps leaves nothing stuck: a retry simply
 * runs again.
 *
 *   no header                  → the handler runs as usual
 *   key seen, same request     → the first answer, replayed (nothing moves)
 *   key seen, other request    → 409 IDEMPOTENCY_KEY_REUSED
 *   handler failed (e.g. 409)  → nothing is stored; the same key may be retried
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const KEY = /^[\x21-\x7e]{1,64}$/;

export type Idem = {
  /** The validated key, or null when the request had none. */
  key: string | null;
  /** Statements that store `payload` as this request's answer; pass them as the batch prefix. */
  record(payload: unknown): Statement[];
};

type Stored = { status: number; body: unknown };

/** Wraps a handler of a route behind requireUser. */
export function idempotent(handler: (c: AppContext, idem: Idem) => Promise<Response>) {
  return async (c: AppContext): Promise<Response> => {
    const given = await idempotencyKey(c);
    if (!given) return handler(c, { key: null, record: () => [] });
    const { key, hash } = given;
    const userId = c.var.user.id;
    const first = await replay(c, userId, key, hash);
    if (first) return first;
    const idem: Idem = {
      key,
      record: (payload) => [
        c.var.db.insert(idempotencyKeys).values({
          userId,
          key,
          requestHash: hash,
          status: "done",
          response: JSON.stringify({ status: 200, body: { type: "ok", message: payload } } satisfies Stored),
          createdAt: Date.now(),
        }),
      ],
    };
    try {
      return await handler(c, idem);
    } catch (err) {
      // A concurrent twin may have committed while this one ran: its answer wins.
      const late = await replay(c, userId, key, hash);
      if (late) return late;
      throw err;
    }
  };
}

async function replay(c: AppContext, userId: number, key: string, hash: string): Promise<Response | null> {
  const row = await c.var.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .get();
  if (!row) return null;
  if (row.requestHash !== hash) throw conflict("IDEMPOTENCY_KEY_REUSED");
  const stored = JSON.parse(row.response) as Stored;
  c.header("Idempotent-Replayed", "true");
  return c.json(stored.body as object, stored.status as ContentfulStatusCode);
}

/** Method, path and the request's fields in a fixed order (lang excluded: it changes wording, not meaning). */
/**
 * The validated Idempotency-Key and the request's hash, for a handler that keeps
 * its own record of them (POST /coin/trade: the Market object, next to the order).
 */
export async function idempotencyKey(c: AppContext): Promise<{ key: string; hash: string } | undefined> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return undefined;
  if (!KEY.test(key)) throw badRequest("IDEMPOTENCY_KEY_INVALID");
  return { key, hash: await requestHash(c) };
}

async function requestHash(c: AppContext): Promise<string> {
  const fields = Object.entries(c.var.fields)
    .map(([k, v]) => [k, typeof v === "string" ? v : `file:${v.name}:${v.size}`] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256Hex(JSON.stringify([c.req.method, c.req.path, fields]));
}
