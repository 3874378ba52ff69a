import { and, eq } from "drizzle-orm";
import { users } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";

/**
 * Where a code goes and which account an identifier names. Emails are compared
 * lower-cased; mobiles by area code (digits, no "+", no leading zeros) and number.
 */
export type EmailAddress = { channel: "email"; email: string };
export type MobileAddress = { channel: "sms"; areaCode: string; mobile: string };
export type Address = EmailAddress | MobileAddress;

export const emailAddress = (email: string): EmailAddress => ({ channel: "email", email: email.trim().toLowerCase() });

export const normaliseAreaCode = (areaCode: string): string =>
  areaCode
    .trim()
    .replace(/^\+/, "")
    .replace(/^0+(?=\d)/, "");

export const mobileAddress = (areaCode: string, mobile: string): MobileAddress => ({
  channel: "sms",
  areaCode: normaliseAreaCode(areaCode),
  mobile: mobile.trim(),
});

/** What a code is bound to: the lower-cased email, or "+<area><mobile>". */
export const addressTarget = (a: Address): string => (a.channel === "email" ? a.email : `+${a.areaCode}${a.mobile}`);

export type AccountRow = {
  id: number;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
  passwordHash: string | null;
  payPasswordHash: string | null;
  status: "active" | "locked";
};

const accountColumns = {
  id: users.id,
  email: users.email,
  areaCode: users.areaCode,
  mobile: users.mobile,
  passwordHash: users.passwordHash,
  payPasswordHash: users.payPasswordHash,
  status: users.status,
};

export async function findAccount(db: Db, a: Address): Promise<AccountRow | undefined> {
  const where = a.channel === "email" ? eq(users.email, a.email) : and(eq(users.areaCode, a.areaCode), eq(users.mobile, a.mobile));
  return db.select(accountColumns).from(users).where(where).get();
}

export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  return db.select(accountColumns).from(users).where(eq(users.id, id)).get();
}

/**
 * The address an identifier typed into a log-in or reset form names. A mobile
 * without an area code (the original client sends none) resolves when exactly
 * one account has that number; otherwise it falls back to the default +86.
 */
export async function resolveIdentifier(db: Db, userString: string, areaCode: string | undefined): Promise<Address> {
  if (userString.includes("@")) return emailAddress(userString);
  if (areaCode !== undefined) return mobileAddress(areaCode, userString);
  const matches = await db.select({ areaCode: users.areaCode }).from(users).where(eq(users.mobile, userString.trim())).limit(2).all();
  const only = matches.length === 1 ? matches[0]!.areaCode : null;
  return mobileAddress(only ?? DEFAULT_AREA_CODE, userString);
}

export const DEFAULT_AREA_CODE = "86";

/** A default nickname that does not print the whole address (2 to 10 characters). */
export function maskedNickname(a: Address | { channel: "wallet"; address: string }): string {
  if (a.channel === "email") return `${a.email.split("@")[0]!.slice(0, 3)}***`;
  if (a.channel === "sms") return `${a.mobile.slice(0, 3)}***${a.mobile.slice(-2)}`;
  return `${a.address.slice(0, 4)}***${a.address.slice(-3)}`;
}
