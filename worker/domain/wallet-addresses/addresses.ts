import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Paged } from "../../../schema/api/kyc.ts";
import {
  ADDRESS_COOLDOWN_MS,
  WALLET_ADDRESSES_MAX,
  type WalletAddressItem,
  type WalletSaveInput,
} from "../../../schema/api/wallet-addresses.ts";
import { currencies, withdrawAddresses } from "../../../schema/db/index.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import type { Db } from "../db.ts";
import { findAccountById } from "../auth/address.ts";
import { reauthenticate } from "../auth/reauth.ts";
import { fileUrl, findOwnUpload, keyFromFileUrl } from "../files/uploads.ts";
import { constraintFailure } from "../kyc/errors.ts";
import { canonicalAddress, chainsForCurrency, detectChain } from "./formats.ts";

/**
 * The caller's withdrawal address book. Every query is scoped by the session's
 * user id: another user's address id is indistinguishable from a missing one (404).
 */

/** Validates currency, address format and QR image; returns the columns to write. */
async function checkAddress(db: Db, userId: number, input: WalletSaveInput) {
  const currency = await db
    .select({ id: currencies.id, name: currencies.name })
    .from(currencies)
    .where(and(eq(currencies.id, input.currency), eq(currencies.enabled, true)))
    .get();
  if (!currency) throw badRequest("WALLET_ADDRESS_CURRENCY_INVALID");
  const chains = chainsForCurrency(currency.name);
  if (!chains) throw badRequest("WALLET_ADDRESS_UNSUPPORTED", { currency: currency.name });
  const chain = detectChain(chains, input.address);
  if (!chain) throw badRequest("WALLET_ADDRESS_INVALID", { currency: currency.name });
  let qrcode: string | undefined;
  if (input.qrcode !== undefined && input.qrcode !== "") {
    const key = keyFromFileUrl(input.qrcode);
    const upload = key ? await findOwnUpload(db, userId, key) : undefined;
    if (!upload) throw badRequest("WALLET_ADDRESS_QRCODE_INVALID");
    qrcode = fileUrl(upload.key);
  } else if (input.qrcode === "") {
    qrcode = "";
  }
  return { currencyId: currency.id, name: input.name, address: canonicalAddress(chain, input.address), chain, qrcode };
}

const duplicateGuard = (err: unknown): never => {
  if (constraintFailure(err, "UNIQUE")?.includes("address")) throw conflict("WALLET_ADDRESS_DUPLICATE");
  throw err;
};

/**
 * Adds an address, or edits the caller's own when `id` is given. Returns the row id.
 * The caller re-authenticates (log-in password or a "security" code) after the
 * address passed its checks, so a typo does not use up a code. A new address, or
 * an edit that changes the address or its currency, is usable only
 * ADDRESS_COOLDOWN_MS later (a renamed one keeps its time), so a stolen session
 * cannot add an address and empty the account into it at once.
 */
export async function saveAddress(db: Db, userId: number, input: WalletSaveInput, pepper: string, now = Date.now()): Promise<number> {
  const values = await checkAddress(db, userId, input);
  const account = await findAccountById(db, userId);
  if (!account) throw notFound();
  const wa = withdrawAddresses;
  const usableAt = now + ADDRESS_COOLDOWN_MS;
  if (input.id !== undefined) {
    const own = await db
      .select({ id: wa.id })
      .from(wa)
      .where(and(eq(wa.id, input.id), eq(wa.userId, userId)))
      .get();
    if (!own) throw notFound();
    await reauthenticate(db, account, { loginPassword: input.login_password, code: input.code }, "security", pepper, now);
    const unchanged = sql`${wa.address} = ${values.address} AND ${wa.currencyId} = ${values.currencyId}`;
    const row = await db
      .update(wa)
      .set({ ...values, usableAt: sql`CASE WHEN ${unchanged} THEN ${wa.usableAt} ELSE ${usableAt} END` })
      .where(and(eq(wa.id, input.id), eq(wa.userId, userId)))
      .returning({ id: wa.id })
      .get()
      .catch(duplicateGuard);
    if (!row) throw notFound();
    return row.id;
  }
  // A soft cap against unbounded growth; a concurrent save may pass it by one.
  const existing = await db.select({ n: count() }).from(wa).where(eq(wa.userId, userId)).get();
  if ((existing?.n ?? 0) >= WALLET_ADDRESSES_MAX) throw conflict("WALLET_ADDRESS_LIMIT", { max: WALLET_ADDRESSES_MAX });
  await reauthenticate(db, account, { loginPassword: input.login_password, code: input.code }, "security", pepper, now);
  const row = await db
    .insert(wa)
    .values({ ...values, qrcode: values.qrcode ?? "", userId, createdAt: now, usableAt })
    .returning({ id: wa.id })
    .get()
    .catch(duplicateGuard);
  return row.id;
}

export async function listAddresses(db: Db, userId: number, page: number, limit: number): Promise<Paged<WalletAddressItem>> {
  const wa = withdrawAddresses;
  const [totals, rows] = await db.batch([
    db.select({ n: count() }).from(wa).where(eq(wa.userId, userId)),
    addressQuery(db, userId)
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const total = totals[0]?.n ?? 0;
  return { data: rows.map(addressItem), page, pages: Math.ceil(total / limit), total };
}

/** All of a user's addresses, newest first (for the operator's user detail). */
export const addressQuery = (db: Db, userId: number) =>
  db
    .select({
      id: withdrawAddresses.id,
      currencyId: withdrawAddresses.currencyId,
      // Aliased: D1 batches key rows by column name, and both tables have a "name".
      currencyName: sql<string | null>`${currencies.name}`.as("currency_name"),
      name: withdrawAddresses.name,
      address: withdrawAddresses.address,
      chain: withdrawAddresses.chain,
      qrcode: withdrawAddresses.qrcode,
      createdAt: withdrawAddresses.createdAt,
      usableAt: withdrawAddresses.usableAt,
    })
    .from(withdrawAddresses)
    .leftJoin(currencies, eq(currencies.id, withdrawAddresses.currencyId))
    .where(eq(withdrawAddresses.userId, userId))
    .orderBy(desc(withdrawAddresses.id));

type AddressRow = {
  id: number;
  currencyId: number;
  currencyName: string | null;
  name: string;
  address: string;
  chain: string;
  qrcode: string;
  createdAt: number;
  usableAt: number;
};

export const addressItem = (r: AddressRow): WalletAddressItem => ({
  id: r.id,
  currency: r.currencyId,
  currency_name: r.currencyName ?? "",
  name: r.name,
  address: r.address,
  chain: r.chain,
  qrcode: r.qrcode,
  created_at: r.createdAt,
  usable_at: r.usableAt,
});

export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  const row = await db
    .delete(withdrawAddresses)
    .where(and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.userId, userId)))
    .returning({ id: withdrawAddresses.id })
    .get();
  if (!row) throw notFound();
}

/** Local development and browser tests only: the owner's saved addresses are usable now. Answers how many changed. */
export async function endCooldowns(db: Db, userId: number, now = Date.now()): Promise<number> {
  const rows = await db
    .update(withdrawAddresses)
    .set({ usableAt: now })
    .where(and(eq(withdrawAddresses.userId, userId), sql`${withdrawAddresses.usableAt} > ${now}`))
    .returning({ id: withdrawAddresses.id });
  return rows.length;
}
