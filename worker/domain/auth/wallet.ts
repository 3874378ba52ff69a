import { eq, sql } from "drizzle-orm";
import type { WalletNonce } from "../../../schema/api/auth.ts";
import { users, walletNonces } from "../../../schema/db/index.ts";
import { badRequest, conflict, forbidden } from "../errors.ts";
import type { Db } from "../db.ts";
import { enforce } from "../limits/rate-limit.ts";
import { createAccount, inviterId } from "./accounts.ts";
import { maskedNickname } from "./address.ts";
import { recoverPersonalSigner, toChecksumAddress } from "./eip191.ts";
import { type SessionMeta, startSession } from "./sessions.ts";

/** A sign-in message must be signed and sent back within this time. */
export const WALLET_NONCE_TTL_MS = 5 * 60_000;
/** Nonces one IP may ask for in 10 minutes (each is a stored row). */
export const WALLET_NONCE_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

const STATEMENT = "Sign in to Edge Exchange. This request costs nothing and does not send a transaction.";

/** The EIP-4361 ("Sign-In with Ethereum") text the wallet is asked to sign. */
export function signInMessage(p: {
  origin: string;
  address: string;
  nonce: string;
  chainId?: string;
  issuedAt: number;
  expiresAt: number;
}): string {
  const host = new URL(p.origin).host;
  return [
    `${host} wants you to sign in with your Ethereum account:`,
    toChecksumAddress(p.address),
    "",
    STATEMENT,
    "",
    `URI: ${p.origin}`,
    "Version: 1",
    ...(p.chainId ? [`Chain ID: ${p.chainId}`] : []),
    `Nonce: ${p.nonce}`,
    `Issued At: ${new Date(p.issuedAt).toISOString()}`,
    `Expiration Time: ${new Date(p.expiresAt).toISOString()}`,
  ].join("\n");
}

/** GET/POST /user/wallet/nonce: a single-use message for this address, stored until used or expired. */
export async function issueWalletNonce(
  db: Db,
  input: { address: string; chainId?: string; origin: string; ip: string; now?: number },
): Promise<WalletNonce> {
  const now = input.now ?? Date.now();
  await enforce(db, `auth:wallet-nonce:ip:${input.ip}`, WALLET_NONCE_LIMIT.limit, WALLET_NONCE_LIMIT.windowMs, now);
  const nonce = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const address = input.address.toLowerCase();
  const expiresAt = now + WALLET_NONCE_TTL_MS;
  const message = signInMessage({ origin: input.origin, address, nonce, chainId: input.chainId, issuedAt: now, expiresAt });
  await db.insert(walletNonces).values({ nonce, address, message, expiresAt });
  return { nonce, message, expires_at: expiresAt };
}

/**
 * Uses a nonce up: it must exist, belong to the address, carry exactly this
 * message, be unexpired and unused. Check and mark happen in one statement,
 * so a replayed or concurrent second use finds nothing.
 */
async function consumeNonce(db: Db, address: string, message: string, now: number): Promise<boolean> {
  const nonce = /^Nonce: ([0-9a-f]{32})$/m.exec(message)?.[1];
  if (!nonce) return false;
  const row = await db.get<{ nonce: string } | undefined>(sql`
    UPDATE wallet_nonces SET used_at = ${now}
    WHERE nonce = ${nonce} AND address = ${address} AND message = ${message}
      AND used_at IS NULL AND expires_at > ${now}
    RETURNING nonce`);
  return row !== undefined;
}

/**
 * POST /user/wallet/login and /user/wallet/register. The signature must
 * recover to wallet_address (case-insensitive) over exactly the issued message,
 * and the message's nonce is then used up. Register refuses a known wallet;
 * log-in with an unknown wallet registers it (one step for the client, and the
 * signature proves control either way). Both answer a session token.
 */
export async function walletSignIn(
  db: Db,
  input: {
    mode: "login" | "register";
    address: string;
    signature: string;
    message: string;
    inviteCode?: string;
    meta: SessionMeta;
    now?: number;
  },
): Promise<{ token: string; userId: number; created: boolean }> {
  const now = input.now ?? Date.now();
  const address = input.address.toLowerCase();
  if (recoverPersonalSigner(input.message, input.signature) !== address) throw badRequest("WALLET_SIGNATURE_INVALID");
  const invitedBy = input.mode === "register" ? await inviterId(db, input.inviteCode) : undefined;
  if (!(await consumeNonce(db, address, input.message, now))) throw badRequest("WALLET_NONCE_INVALID");

  const existing = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.walletAddress, address)).get();
  if (existing && input.mode === "register") throw conflict("ACCOUNT_EXISTS");
  let userId: number;
  if (existing) {
    if (existing.status !== "active") throw forbidden("ACCOUNT_LOCKED");
    userId = existing.id;
  } else {
    ({ id: userId } = await createAccount(
      db,
      { walletAddress: address, nickname: maskedNickname({ channel: "wallet", address }), invitedBy },
      now,
    ));
  }
  const session = await startSession(db, userId, input.meta, now);
  await session.insert;
  return { token: session.token, userId, created: !existing };
}

/** Cron clean-up of nonces that can no longer be used. */
export const purgeWalletNonces = (db: Db, now = Date.now()) => db.run(sql`DELETE FROM wallet_nonces WHERE expires_at < ${now - 3600_000}`);
