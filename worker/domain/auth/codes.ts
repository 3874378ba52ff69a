import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Lang } from "../../../schema/api/lang.ts";
import type { CodePurpose } from "../../../schema/api/auth.ts";
import { verificationCodes } from "../../../schema/db/index.ts";
import { ApiError, badRequest, conflict } from "../errors.ts";
import type { Db } from "../db.ts";
import { translate } from "../i18n/translate.ts";
import { enforce, isLimited, hit } from "../limits/rate-limit.ts";
import type { Transport } from "../notify/transport.ts";
import { type Address, addressTarget, findAccount } from "./address.ts";
import { constantTimeEqual } from "./password.ts";
import { randomDigits } from "./random.ts";

/**
 * Six-digit one-time codes. Only an HMAC of target|purpose|code (keyed with the
 * pepper) is stored. A code is bound to one normalised address and one purpose,
 * lives 10 minutes, survives 5 wrong tries, and only the newest code for an
 * address and purpose counts (asking again retires the previous one).
 */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_MS = 60_000;
/** Codes one address may be sent per hour, and code requests one IP may make per hour. */
export const CODE_LIMIT_PER_ADDRESS = { limit: 5, windowMs: 3600_000 };
export const CODE_LIMIT_PER_IP = { limit: 10, windowMs: 3600_000 };

const enc = new TextEncoder();

export async function codeHash(pepper: string, target: string, purpose: CodePurpose, code: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", enc.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, enc.encode(`${target}|${purpose}|${code}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const secondsLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

/**
 * Stores a fresh code for target and purpose and returns it (for delivery only).
 * Throttled per IP, then by the 60 s re-send gate (429 with the seconds left),
 * then per address. The gate is re-checked inside the insert itself, so two
 * concurrent requests cannot both issue a code.
 */
export async function issueCode(
  db: Db,
  input: { target: string; purpose: CodePurpose; pepper: string; ip: string; now?: number },
): Promise<{ id: number; code: string }> {
  const now = input.now ?? Date.now();
  const { target, purpose } = input;
  await enforce(db, `auth:code:ip:${input.ip}`, CODE_LIMIT_PER_IP.limit, CODE_LIMIT_PER_IP.windowMs, now);
  const last = await latestCode(db, target, purpose);
  if (last && last.sentAt + CODE_RESEND_MS > now) throw resendTooSoon(last.sentAt, now);
  const addressKey = `auth:code:to:${target}`;
  const wait = await isLimited(db, addressKey, CODE_LIMIT_PER_ADDRESS.limit, CODE_LIMIT_PER_ADDRESS.windowMs, now);
  if (wait > 0) throw new ApiError(429, "TOO_MANY_REQUESTS", { seconds: wait });

  const code = randomDigits(6);
  const hash = await codeHash(input.pepper, target, purpose, code);
  const row = await db.get<{ id: number } | undefined>(sql`
    INSERT INTO verification_codes (target, purpose, code_hash, attempts, sent_at, expires_at)
    SELECT ${target}, ${purpose}, ${hash}, 0, ${now}, ${now + CODE_TTL_MS}
    WHERE NOT EXISTS (
      SELECT 1 FROM verification_codes
      WHERE target = ${target} AND purpose = ${purpose} AND sent_at > ${now - CODE_RESEND_MS}
    )
    RETURNING id`);
  if (!row) {
    const raced = await latestCode(db, target, purpose);
    throw resendTooSoon(raced?.sentAt ?? now, now);
  }
  await hit(db, addressKey, CODE_LIMIT_PER_ADDRESS.windowMs, now);
  return { id: row.id, code };
}

const resendTooSoon = (sentAt: number, now: number) =>
  new ApiError(429, "CODE_SENT_RECENTLY", { seconds: secondsLeft(sentAt + CODE_RESEND_MS, now) });

/** A code whose delivery failed is withdrawn, so the user may ask again at once. */
export const withdrawCode = (db: Db, id: number) => db.delete(verificationCodes).where(eq(verificationCodes.id, id));

const latestCode = (db: Db, target: string, purpose: CodePurpose) =>
  db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1)
    .get();

/**
 * Checks a code; with `consume` it is used up (single use, atomically).
 * A try is reserved with an atomic increment BEFORE comparing, so parallel
 * guesses cannot exceed the allowance; a correct code gives its try back.
 * Throws CODE_INVALID, CODE_EXPIRED or CODE_TOO_MANY_TRIES (all 400).
 * Answers the code's row id (a withdrawal marks it used inside its own batch).
 */
export async function verifyCode(
  db: Db,
  input: { target: string; purpose: CodePurpose; code: string; pepper: string; consume: boolean; now?: number },
): Promise<number> {
  const now = input.now ?? Date.now();
  const row = await latestCode(db, input.target, input.purpose);
  if (!row || row.consumedAt !== null) throw badRequest("CODE_INVALID");
  if (row.expiresAt <= now) throw badRequest("CODE_EXPIRED");
  if (row.attempts >= CODE_MAX_TRIES) throw badRequest("CODE_TOO_MANY_TRIES");

  const reserved = await db.get<{ attempts: number } | undefined>(sql`
    UPDATE verification_codes SET attempts = attempts + 1
    WHERE id = ${row.id} AND attempts < ${CODE_MAX_TRIES} AND consumed_at IS NULL
    RETURNING attempts`);
  if (!reserved) throw badRequest("CODE_TOO_MANY_TRIES");

  const expected = enc.encode(row.codeHash);
  const actual = enc.encode(await codeHash(input.pepper, input.target, input.purpose, input.code));
  if (!constantTimeEqual(expected, actual)) throw badRequest("CODE_INVALID");

  if (!input.consume) {
    await db.run(sql`UPDATE verification_codes SET attempts = attempts - 1 WHERE id = ${row.id}`);
    return row.id;
  }
  const used = await db.get<{ id: number } | undefined>(sql`
    UPDATE verification_codes SET consumed_at = ${now}, attempts = attempts - 1
    WHERE id = ${row.id} AND consumed_at IS NULL AND expires_at > ${now}
    RETURNING id`);
  if (!used) throw badRequest("CODE_INVALID");
  return row.id;
}

/**
 * Checks a code sent to the account's OWN email or mobile (whichever received
 * the newest code for this purpose), for re-authentication and withdrawals.
 */
export async function verifyOwnCode(
  db: Db,
  account: { email: string | null; areaCode: string | null; mobile: string | null },
  input: { purpose: CodePurpose; code: string; pepper: string; consume: boolean; now?: number },
): Promise<number> {
  const targets = ownTargets(account);
  if (targets.length === 0) throw badRequest("CODE_INVALID");
  const newest = await db
    .select({ target: verificationCodes.target })
    .from(verificationCodes)
    .where(and(inArray(verificationCodes.target, targets), eq(verificationCodes.purpose, input.purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1)
    .get();
  if (!newest) throw badRequest("CODE_INVALID");
  return verifyCode(db, { ...input, target: newest.target });
}

/** Where codes for an existing account may go: its email and its mobile. */
export const ownTargets = (a: { email: string | null; areaCode: string | null; mobile: string | null }): string[] => [
  ...(a.email ? [addressTarget({ channel: "email", email: a.email })] : []),
  ...(a.mobile && a.areaCode ? [addressTarget({ channel: "sms", areaCode: a.areaCode, mobile: a.mobile })] : []),
];

/**
 * Marks a verified code used, as a statement for the caller's batch: a second use aborts the batch with the trigger's
 * CODE_ALREADY_USED (migrations: verification_codes_single_use), answered as CODE_INVALID (ledger/post.ts).
 */
export const useCodeStatement = (db: Db, id: number, now: number) =>
  db.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, id));

/**
 * POST /sms_mail and /sms_send. Register refuses an address that already has an
 * account, bind one that another account uses. For "forget", "pay_password",
 * "security" and "withdraw" (codes to an account's own address) an unknown address gets the same answer (and the same
 * throttling, since a code row is still written) but nothing is sent, so the
 * endpoint does not tell who has an account. The code is never returned.
 */
export async function sendCode(
  db: Db,
  input: { address: Address; purpose: CodePurpose; lang: Lang; ip: string; pepper: string; transport: Transport; now?: number },
): Promise<void> {
  const { address, purpose } = input;
  const account = await findAccount(db, address);
  if (purpose === "register" && account) throw conflict("ACCOUNT_EXISTS");
  if (purpose === "bind" && account) throw conflict(address.channel === "email" ? "EMAIL_TAKEN" : "MOBILE_TAKEN");
  const deliver = purpose === "register" || purpose === "bind" || account !== undefined;

  const target = addressTarget(address);
  const issued = await issueCode(db, { target, purpose, pepper: input.pepper, ip: input.ip, now: input.now });
  if (!deliver) return;
  try {
    await input.transport.send({
      channel: address.channel,
      to: target,
      subject: translate("CODE_MESSAGE_SUBJECT", input.lang),
      body: translate("CODE_MESSAGE_BODY", input.lang, { code: issued.code, minutes: CODE_TTL_MS / 60_000 }),
    });
  } catch (err) {
    await withdrawCode(db, issued.id);
    throw err;
  }
}

/** Cron clean-up: codes past expiry for a day are of no use to anyone. */
export const purgeExpiredCodes = (db: Db, now = Date.now()) =>
  db.run(sql`DELETE FROM verification_codes WHERE expires_at < ${now - 24 * 3600_000}`);
