import { eq } from "drizzle-orm";
import { holds, journals } from "../../../schema/db/index.ts";
import { type ApiError, badRequest, conflict } from "../errors.ts";
import type { Db } from "../db.ts";
import { type AccountType, allowsNegative } from "./accounts.ts";
import { type Statement, bound, jsonColumn as col, runBatch } from "./batch.ts";
import { type Journal, type Line, checkJournal } from "./journal.ts";

/**
 * The ledger on D1. Journals become statements of ONE batch (all-or-nothing):
 *
 *   1. INSERT the journals. Each ref_key is UNIQUE, so posting the same transition
 *      twice fails the whole batch: the second attempt moves nothing.
 *   2. Per touched account: INSERT OR IGNORE a zero balance row, then an
 *      UNCONDITIONAL `UPDATE balances SET available = available + Δ`. An overdraft
 *      violates `CHECK (available >= 0 OR allow_negative = 1)` and fails the batch.
 *      (Not an upsert with the delta in VALUES: SQLite checks CHECK constraints on
 *      the candidate row before it detects the conflict, so a debit upsert fails even
 *      when the stored balance covers it. Not `UPDATE … WHERE available >= ?`:
 *      matching no row does not fail a batch.)
 *   3. INSERT one ledger entry per line, pointing at its journal by ref_key.
 *   4. The caller's extra statements (hold rows, request status, audit, idempotency record).
 *
 * Steps 1-3 are four fixed statements whatever the number of journals and lines:
 * the rows travel as one JSON parameter each (json_each), so the SQL text never
 * changes, is prepared once (batch.ts) and stays far below D1's 100 bound
 * parameters per statement. Nothing here reads a balance and writes it back across
 * an await.
 */

export type { Statement };
export type PostResult = { status: "posted"; journalId: number } | { status: "duplicate"; journalId: number };
export type PostOptions = {
  /** Statements to run before the journal (an idempotency record goes first, so a duplicate request fails on it). */
  prefix?: Statement[];
  now?: number;
};

/** Thrown by commit() when a journal's ref_key already exists: that transition was already posted. */
export class DuplicateJournal extends Error {
  constructor() {
    super("duplicate journal ref_key");
  }
}

/** Thrown by commit() when a settlement batch's discount check failed: a coupon changed since its discounts were read. */
export class DiscountsChanged extends Error {
  constructor() {
    super("fee discounts changed since they were read");
  }
}

/** Thrown by commit() when an idempotency record for the same (user, key) already exists. */
export class IdempotencyCollision extends Error {
  constructor() {
    super("idempotency key already recorded");
  }
}

/**
 * The codes the database's triggers raise (`RAISE(ABORT, '<code>')` in migrations/), and the answer each means: a
 * withdrawal over the daily limit (its caller fills in the limit), a single-use code used twice, an undrawn blind-box
 * item edited (the series' commitment covers it).
 */
const TRIGGER_ANSWERS: Record<string, () => ApiError> = {
  WITHDRAW_DAILY_LIMIT: () => conflict("WITHDRAW_DAILY_LIMIT", { limit: "" }),
  CODE_ALREADY_USED: () => badRequest("CODE_INVALID"),
  NFT_BOX_ITEM_FIXED: () => conflict("NFT_BOX_ITEM_FIXED"),
};

/** Maps a failed batch to what it means. Unknown failures are rethrown untouched (500, logged). */
export function mapBatchError(err: unknown): unknown {
  const text = errorText(err);
  if (text.includes("balances_available_nonnegative")) return conflict("INSUFFICIENT_BALANCE");
  // Locked funds move only with their holds: locked going below zero means the hold does not cover it.
  if (text.includes("holds_remaining") || text.includes("holds_closed_empty") || text.includes("balances_locked_nonnegative")) {
    return conflict("HOLD_CLOSED");
  }
  for (const [code, answer] of Object.entries(TRIGGER_ANSWERS)) if (text.includes(code)) return answer();
  if (text.includes("DISCOUNTS_CHANGED")) return new DiscountsChanged();
  if (text.includes("UNIQUE constraint failed: journals.ref_key")) return new DuplicateJournal();
  if (text.includes("UNIQUE constraint failed: idempotency_keys.")) return new IdempotencyCollision();
  return err;
}

/** The messages of an error and its causes, for matching SQLite constraint names. */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    parts.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(" | ");
}

/** Runs statements as one all-or-nothing batch, mapping constraint failures (see mapBatchError). */
export async function commit(db: Db, statements: Statement[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  try {
    return await runBatch(db, statements);
  } catch (err) {
    throw mapBatchError(err);
  }
}

type AccountKey = `${number}:${number}:${number}`;
type Delta = { userId: number; currencyId: number; accountType: AccountType; available: number; locked: number };

const INSERT_JOURNALS =
  `INSERT INTO journals (kind, ref_key, user_id, memo, created_at) SELECT ${col(0)}, ${col(1)}, ${col(2)}, ${col(3)}, ?2 ` +
  `FROM json_each(?1) ORDER BY key`;
const INSERT_JOURNALS_RETURNING = `${INSERT_JOURNALS} RETURNING id`;
const ENSURE_BALANCES =
  `INSERT INTO balances (user_id, currency_id, account_type, available, locked, allow_negative) ` +
  `SELECT ${col(0)}, ${col(1)}, ${col(2)}, 0, 0, ${col(3)} FROM json_each(?1) WHERE true ON CONFLICT DO NOTHING`;
const UPDATE_BALANCES =
  `UPDATE balances SET available = available + d.a, locked = locked + d.l FROM ` +
  `(SELECT ${col(0)} AS u, ${col(1)} AS c, ${col(2)} AS t, ${col(3)} AS a, ${col(4)} AS l FROM json_each(?1)) AS d ` +
  `WHERE balances.user_id = d.u AND balances.currency_id = d.c AND balances.account_type = d.t`;
// A scalar subquery, not a join: an entry whose journal is missing fails on NOT NULL instead of vanishing.
const INSERT_ENTRIES =
  `INSERT INTO ledger_entries (journal_id, user_id, currency_id, account_type, bucket, amount, created_at) ` +
  `SELECT (SELECT id FROM journals WHERE ref_key = ${col(0)}), ${col(1)}, ${col(2)}, ${col(3)}, ${col(4)}, ${col(5)}, ?2 ` +
  `FROM json_each(?1) ORDER BY key`;

/**
 * The statements that post checked journals (steps 1–3 above), the journals' insert
 * first (with `returnIds`, it answers their ids). Several journals are netted per account, which is
 * the same as posting them one after another only when no account bucket gets both
 * debits and credits from them (a credit could cover an earlier overdraft), so
 * that is refused; the order path's holds, all debiting available, qualify.
 */
export function postingStatements(db: Db, list: Journal[], now = Date.now(), returnIds = false): Statement[] {
  const checked = list.map(checkJournal);
  const deltas = new Map<AccountKey, Delta>();
  const signs = new Map<string, number>();
  const journalRows: unknown[] = [];
  const entryRows: unknown[] = [];
  for (const j of checked) {
    journalRows.push([j.kind, j.refKey, j.userId, JSON.stringify(j.memo)]);
    const own = new Map<AccountKey, Delta>();
    for (const line of j.lines) {
      entryRows.push([j.refKey, line.userId, line.currencyId, line.accountType, line.bucket, line.amount]);
      const key: AccountKey = `${line.userId}:${line.currencyId}:${line.accountType}`;
      const d = own.get(key) ?? {
        userId: line.userId,
        currencyId: line.currencyId,
        accountType: line.accountType,
        available: 0,
        locked: 0,
      };
      d[line.bucket] += line.amount;
      if (!Number.isSafeInteger(d[line.bucket])) throw new Error("balance delta outside the safe integer range");
      own.set(key, d);
    }
    for (const [key, d] of own) {
      const total = deltas.get(key) ?? { ...d, available: 0, locked: 0 };
      for (const bucket of ["available", "locked"] as const) {
        if (d[bucket] === 0) continue;
        const sign = Math.sign(d[bucket]);
        const seen = signs.get(`${key}:${bucket}`);
        if (seen !== undefined && seen !== sign) throw new Error(`journals both debit and credit ${key} ${bucket}: post them one by one`);
        signs.set(`${key}:${bucket}`, sign);
        total[bucket] += d[bucket];
        if (!Number.isSafeInteger(total[bucket])) throw new Error("balance delta outside the safe integer range");
      }
      deltas.set(key, total);
    }
  }
  const all = [...deltas.values()];
  const moved = all.filter((d) => d.available !== 0 || d.locked !== 0);
  const statements: Statement[] = [
    bound(db, returnIds ? INSERT_JOURNALS_RETURNING : INSERT_JOURNALS, JSON.stringify(journalRows), now),
    bound(db, ENSURE_BALANCES, JSON.stringify(all.map((d) => [d.userId, d.currencyId, d.accountType, allowsNegative(d.userId) ? 1 : 0]))),
  ];
  if (moved.length > 0) {
    statements.push(
      bound(db, UPDATE_BALANCES, JSON.stringify(moved.map((d) => [d.userId, d.currencyId, d.accountType, d.available, d.locked]))),
    );
  }
  if (entryRows.length > 0) statements.push(bound(db, INSERT_ENTRIES, JSON.stringify(entryRows), now));
  return statements;
}

/** The statements that post one checked journal (steps 1–3 above). The journal insert is first. */
export const journalStatements = (db: Db, journal: Journal, now = Date.now()): Statement[] => postingStatements(db, [journal], now);

/**
 * Posts one journal with extra statements in one batch. A repeated transition
 * (same ref_key) moves nothing and answers {status: "duplicate"} with the first
 * journal's id. Insufficient funds throw 409 INSUFFICIENT_BALANCE; a closed hold
 * throws 409 HOLD_CLOSED; nothing is written in either case.
 */
export async function post(db: Db, journal: Journal, extra: Statement[] = [], options: PostOptions = {}): Promise<PostResult> {
  const prefix = options.prefix ?? [];
  const statements = [...prefix, ...postingStatements(db, [journal], options.now, true), ...extra];
  try {
    const results = await commit(db, statements);
    const inserted = results[prefix.length] as { id: number }[];
    return { status: "posted", journalId: inserted[0]!.id };
  } catch (err) {
    if (!(err instanceof DuplicateJournal)) throw err;
    const first = await db.select({ id: journals.id }).from(journals).where(eq(journals.refKey, journal.refKey)).get();
    // The unique failure may belong to another journal in `extra`; only our own ref_key is "already done".
    if (!first) throw err;
    return { status: "duplicate", journalId: first.id };
  }
}

// ---------------------------------------------------------------------------
// Holds: available → locked, then consumed or released exactly once.

export type Hold = typeof holds.$inferSelect;
export type HoldInput = {
  userId: number;
  currencyId: number;
  accountType: AccountType;
  /** Minor units, > 0. */
  amount: number;
  /** "withdraw", "order", … */
  reason: string;
  ref?: string;
  /** Chosen by the caller when other rows of the same batch must refer to it; random otherwise. */
  holdId?: string;
  kind?: string;
  memo?: Record<string, unknown>;
};

export const newHoldId = (): string => crypto.randomUUID();

const INSERT_HOLDS =
  `INSERT INTO holds (id, user_id, currency_id, account_type, amount, remaining, reason, ref, status, created_at) ` +
  `SELECT ${col(0)}, ${col(1)}, ${col(2)}, ${col(3)}, ${col(4)}, ${col(4)}, ${col(5)}, ${col(6)}, 'open', ?2 FROM json_each(?1)`;

/**
 * The journals and hold rows that open holds; compose them into your own batch, or
 * call hold(). Any number of holds takes the same five statements (postingStatements).
 */
export function openHolds(
  db: Db,
  inputs: HoldInput[],
  now = Date.now(),
): { opened: { holdId: string; journal: Journal }[]; statements: Statement[] } {
  const opened: { holdId: string; journal: Journal }[] = [];
  const rows: unknown[] = [];
  for (const input of inputs) {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error(`bad hold amount ${input.amount}`);
    const holdId = input.holdId ?? newHoldId();
    const account = { userId: input.userId, currencyId: input.currencyId, accountType: input.accountType };
    opened.push({
      holdId,
      journal: {
        kind: input.kind ?? "hold",
        refKey: `hold:${holdId}`,
        userId: input.userId,
        memo: { hold_id: holdId, reason: input.reason, ...input.memo },
        lines: [
          { ...account, bucket: "available", amount: -input.amount },
          { ...account, bucket: "locked", amount: input.amount },
        ],
      },
    });
    rows.push([holdId, input.userId, input.currencyId, input.accountType, input.amount, input.reason, input.ref ?? ""]);
  }
  const statements = [
    ...postingStatements(
      db,
      opened.map((o) => o.journal),
      now,
    ),
    bound(db, INSERT_HOLDS, JSON.stringify(rows), now),
  ];
  return { opened, statements };
}

/** The journal and hold row that open one hold; compose them into your own batch, or call hold(). */
export function openHold(db: Db, input: HoldInput, now = Date.now()): { holdId: string; journal: Journal; statements: Statement[] } {
  const { opened, statements } = openHolds(db, [input], now);
  return { ...opened[0]!, statements };
}

/** Lines that take `amount` out of a hold's locked funds (the other side is the caller's). */
export const consumeLines = (h: Hold, amount: number): Line[] => [
  { userId: h.userId, currencyId: h.currencyId, accountType: h.accountType as AccountType, bucket: "locked", amount: -amount },
];

/** Lines that give a hold's remaining funds back to available. */
export const releaseLines = (h: Hold, amount: number): Line[] => {
  const account = { userId: h.userId, currencyId: h.currencyId, accountType: h.accountType as AccountType };
  return [
    { ...account, bucket: "locked", amount: -amount },
    { ...account, bucket: "available", amount },
  ];
};

/**
 * The hold row change for consuming `amount` (status "consumed" once nothing remains)
 * or releasing `amount` (must be everything that remains). The arithmetic is done by
 * SQLite on the stored row, so a hold that was already ended, or consumed meanwhile,
 * makes `remaining` negative (or a closed hold non-empty) and fails the whole batch.
 */
const CONSUME_HOLD =
  `UPDATE holds SET remaining = remaining - ?2, status = CASE WHEN remaining - ?2 = 0 THEN 'consumed' ELSE status END, ` +
  `closed_at = CASE WHEN remaining - ?2 = 0 THEN ?3 ELSE closed_at END WHERE id = ?1`;
const RELEASE_HOLD = `UPDATE holds SET remaining = remaining - ?2, status = 'released', closed_at = ?3 WHERE id = ?1`;

export function holdEndStatement(db: Db, holdId: string, action: "consume" | "release", amount: number, now = Date.now()): Statement {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`bad hold ${action} amount ${amount}`);
  return bound(db, action === "release" ? RELEASE_HOLD : CONSUME_HOLD, holdId, amount, now);
}

/**
 * A hold row, read to build the closing journal. Safe to read before writing:
 * holds are never deleted and their owner, currency and account never change;
 * `remaining` is re-checked by the constraints when the batch runs.
 */
export async function findHold(db: Db, holdId: string): Promise<Hold> {
  const row = await db.select().from(holds).where(eq(holds.id, holdId)).get();
  if (!row) throw new Error(`hold ${holdId} does not exist`);
  return row;
}

/**
 * Opens a hold in its own batch (plus `extra`). With a caller-chosen holdId that was
 * already opened, nothing moves and the answer is "duplicate".
 */
export async function hold(
  db: Db,
  input: HoldInput,
  extra: Statement[] = [],
  options: PostOptions = {},
): Promise<{ holdId: string; status: "posted" | "duplicate" }> {
  const opened = openHold(db, input, options.now ?? Date.now());
  try {
    await commit(db, [...(options.prefix ?? []), ...opened.statements, ...extra]);
    return { holdId: opened.holdId, status: "posted" };
  } catch (err) {
    if (
      err instanceof DuplicateJournal &&
      (await db.select({ id: journals.id }).from(journals).where(eq(journals.refKey, opened.journal.refKey)).get())
    ) {
      return { holdId: opened.holdId, status: "duplicate" };
    }
    throw err;
  }
}

/**
 * Releases everything that remains of an open hold. `refKey` names the transition
 * (default `hold:<id>:end`; give the same key to the competing consume so that only
 * one of them can ever happen). Answers "duplicate" when that transition was posted.
 */
export async function release(
  db: Db,
  holdId: string,
  opts: { refKey?: string; kind?: string; memo?: Record<string, unknown> } = {},
  extra: Statement[] = [],
  options: PostOptions = {},
): Promise<PostResult> {
  const now = options.now ?? Date.now();
  const h = await findHold(db, holdId);
  const refKey = opts.refKey ?? `hold:${holdId}:end`;
  if (h.status !== "open" || h.remaining === 0) return alreadyEnded(db, refKey);
  const journal: Journal = {
    kind: opts.kind ?? "release",
    refKey,
    userId: h.userId,
    memo: { hold_id: holdId, ...opts.memo },
    lines: releaseLines(h, h.remaining),
  };
  return post(db, journal, [holdEndStatement(db, holdId, "release", h.remaining, now), ...extra], { ...options, now });
}

export type Credit = { userId: number; accountType: AccountType; bucket?: "available" | "locked"; amount: number; currencyId?: number };

/**
 * Consumes `amount` (default: all that remains) of an open hold, paying it to the
 * credit lines, which must add up to `amount` in the hold's currency.
 */
export async function consume(
  db: Db,
  holdId: string,
  opts: { refKey: string; credits: Credit[]; amount?: number; kind?: string; memo?: Record<string, unknown> },
  extra: Statement[] = [],
  options: PostOptions = {},
): Promise<PostResult> {
  const now = options.now ?? Date.now();
  const h = await findHold(db, holdId);
  if (h.status !== "open" || h.remaining === 0) return alreadyEnded(db, opts.refKey);
  const amount = opts.amount ?? h.remaining;
  const credits: Line[] = opts.credits.map((c) => ({
    userId: c.userId,
    currencyId: c.currencyId ?? h.currencyId,
    accountType: c.accountType,
    bucket: c.bucket ?? "available",
    amount: c.amount,
  }));
  const journal: Journal = {
    kind: opts.kind ?? "consume",
    refKey: opts.refKey,
    userId: h.userId,
    memo: { hold_id: holdId, ...opts.memo },
    lines: [...consumeLines(h, amount), ...credits],
  };
  return post(db, journal, [holdEndStatement(db, holdId, "consume", amount, now), ...extra], { ...options, now });
}

/** A hold that is already closed: "duplicate" if this very transition closed it, else 409 HOLD_CLOSED. */
async function alreadyEnded(db: Db, refKey: string): Promise<PostResult> {
  const first = await db.select({ id: journals.id }).from(journals).where(eq(journals.refKey, refKey)).get();
  if (first) return { status: "duplicate", journalId: first.id };
  throw conflict("HOLD_CLOSED");
}

/**
 * Moves `amount` units of available funds between two accounts (of the same or
 * different users) in one journal.
 */
export async function transfer(
  db: Db,
  input: {
    from: { userId: number; accountType: AccountType };
    to: { userId: number; accountType: AccountType };
    currencyId: number;
    amount: number;
    kind: string;
    refKey: string;
    userId: number | null;
    memo?: Record<string, unknown>;
  },
  extra: Statement[] = [],
  options: PostOptions = {},
): Promise<PostResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error(`bad transfer amount ${input.amount}`);
  const journal: Journal = {
    kind: input.kind,
    refKey: input.refKey,
    userId: input.userId,
    memo: input.memo ?? {},
    lines: [
      { ...input.from, currencyId: input.currencyId, bucket: "available", amount: -input.amount },
      { ...input.to, currencyId: input.currencyId, bucket: "available", amount: input.amount },
    ],
  };
  return post(db, journal, extra, options);
}
