import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { expect } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { CODE_TTL_MS, codeHash } from "../../worker/domain/auth/codes.ts";
import { hashPassword } from "../../worker/domain/auth/password.ts";
import { type AccountType, SYSTEM_ACCOUNTS, SYSTEM_ACCOUNT_TYPE, checkInvariant, post } from "../../worker/domain/ledger/index.ts";
import { moneySeedStatements } from "../../worker/domain/seed/money-seed.ts";
import type { Db } from "../../worker/domain/db.ts";
import { createUser } from "./helpers.ts";

/** Money test fixtures, written straight to D1. Currencies: BTC 1 (8 dp), ETH 2, USDT 3 (6 dp), USDC 4, … */
export const BTC = 1;
export const ETH = 2;
export const USDT = 3;
export const PAY_PASSWORD = "pay-password-1";

export const db = (): Db => drizzle(env.DB, { schema: tables });

let seeded = false;
/** Currencies, prices, system accounts and deposit addresses (idempotent; each test file has its own storage). */
export async function seedMoney(): Promise<void> {
  if (seeded) return;
  const statements = moneySeedStatements(Date.now()).filter((s) => !s.includes("seed:grant:"));
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
  seeded = true;
}

let plainSeq = 0;
/** A user row without password or session (for domain-level tests that never log in); cheaper than createUser. */
export async function plainUser(): Promise<number> {
  plainSeq += 1;
  const tag = `P${Date.now().toString(36)}${plainSeq}${Math.floor(Math.random() * 1e6)}`.slice(0, 20);
  const row = await db()
    .insert(tables.users)
    .values({ uid: tag, inviteCode: tag, nickname: "p", createdAt: Date.now() })
    .returning({ id: tables.users.id })
    .get();
  return row.id;
}

/** Identity level (rows with status "hasaudit", as the KYC feature writes them). */
export async function verify(userId: number, level: 1 | 2 = 1): Promise<void> {
  for (let l = 1; l <= level; l++) {
    await db()
      .insert(tables.identityVerifications)
      .values({ userId, level: l, status: "hasaudit", createdAt: Date.now() })
      .onConflictDoNothing();
  }
}

let payHash: string | undefined;
export async function setPayPassword(userId: number): Promise<void> {
  payHash ??= await hashPassword(PAY_PASSWORD, env.PASSWORD_PEPPER!);
  await db().update(tables.users).set({ payPasswordHash: payHash }).where(eq(tables.users.id, userId));
}

/**
 * A fresh "withdraw" code to the user's email, stored as POST /sms_mail stores
 * one (its hash), without the 60-second re-send gate; the newest code is the one that counts.
 */
export async function withdrawCode(email: string, now = Date.now()): Promise<string> {
  const code = String(100_000 + Math.floor(Math.random() * 900_000));
  const target = email.toLowerCase();
  await db()
    .insert(tables.verificationCodes)
    .values({
      target,
      purpose: "withdraw",
      codeHash: await codeHash(env.PASSWORD_PEPPER!, target, "withdraw", code),
      sentAt: now,
      expiresAt: now + CODE_TTL_MS,
    });
  return code;
}

/** Credits a user as a confirmed deposit would: one ledger journal from the external account. */
export async function fund(userId: number, currencyId: number, units: number, accountType: AccountType = 2): Promise<void> {
  const result = await post(db(), {
    kind: "deposit",
    refKey: `test:fund:${crypto.randomUUID()}`,
    userId,
    memo: {},
    lines: [
      { userId: SYSTEM_ACCOUNTS.external, currencyId, accountType: SYSTEM_ACCOUNT_TYPE, bucket: "available", amount: -units },
      { userId, currencyId, accountType, bucket: "available", amount: units },
    ],
  });
  expect(result.status).toBe("posted");
}

export async function balance(userId: number, currencyId: number, accountType = 2): Promise<{ available: number; locked: number }> {
  const row = await db()
    .select({ available: tables.balances.available, locked: tables.balances.locked })
    .from(tables.balances)
    .where(
      and(eq(tables.balances.userId, userId), eq(tables.balances.currencyId, currencyId), eq(tables.balances.accountType, accountType)),
    )
    .get();
  return row ?? { available: 0, locked: 0 };
}

export async function saveAddress(userId: number, currencyId: number, address: string, chain: "BTC" | "ETH" | "TRON"): Promise<number> {
  const row = await db()
    .insert(tables.withdrawAddresses)
    .values({ userId, currencyId, name: "mine", address, chain, createdAt: Date.now() })
    .returning({ id: tables.withdrawAddresses.id })
    .get();
  return row.id;
}

export const ETH_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
export const BTC_ADDRESS = "1BoatSLRHtKNngkdXEeobR76b53LETtpyT";

/** A verified user with a pay password and a saved USDT (ERC20) address; returns ids and token. */
export async function withdrawer(opts: { level?: 1 | 2; fundUsdt?: number } = {}) {
  await seedMoney();
  const user = await createUser();
  await verify(user.id, opts.level ?? 1);
  await setPayPassword(user.id);
  const addressId = await saveAddress(user.id, USDT, ETH_ADDRESS, "ETH");
  if (opts.fundUsdt) await fund(user.id, USDT, opts.fundUsdt);
  return { ...user, addressId };
}

/** A private upload row owned by the user, as POST /upload private=1 records it; returns its URL. */
export async function voucherOf(userId: number, isPrivate = true): Promise<string> {
  const key = `u/${userId}/${crypto.randomUUID()}.png`;
  await db()
    .insert(tables.uploads)
    .values({ key, ownerId: userId, contentType: "image/png", size: 10, private: isPrivate, createdAt: Date.now() });
  return `/api/files/${key}`;
}

/** A fresh, well-formed transaction hash on a deposit network: `{chain, tx_hash}` for a deposit request. */
export function txHashFor(chain: "ERC20" | "TRC20" | "BTC"): { chain: string; tx_hash: string } {
  const hex = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { chain, tx_hash: chain === "ERC20" ? `0x${hex}` : hex };
}

export async function expectInvariant(): Promise<void> {
  expect(await checkInvariant(db())).toEqual([]);
}

/** Units of a decimal amount at a precision, for readable assertions: units("1.5", 6) = 1500000. */
export const units = (text: string, precision: number): number => {
  const [i, f = ""] = text.split(".");
  return Number(i) * 10 ** precision + Number((f + "0".repeat(precision)).slice(0, precision));
};
