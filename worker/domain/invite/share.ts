import { desc, eq, sql } from "drizzle-orm";
import type { RebateView, ShareView } from "../../../schema/api/invite.ts";
import { currencies, inviteRebates, users } from "../../../schema/db/index.ts";
import { maskedNickname } from "../auth/address.ts";
import type { Db } from "../db.ts";
import { notFound } from "../errors.ts";
import { fromUnits } from "../ledger/index.ts";
import { inviteConfig } from "./config.ts";

/** How many invitees the share page lists (the count covers them all). */
export const INVITEES_SHOWN = 50;

type Contact = { email: string | null; areaCode: string | null; mobile: string | null; walletAddress: string | null };

/** An invitee as its inviter may see it: the start and end of its e-mail, mobile or wallet address, never all of it. */
export function maskedContact(c: Contact): string {
  if (c.email) return `${maskedNickname({ channel: "email", email: c.email })}@${c.email.split("@")[1] ?? ""}`;
  if (c.mobile) return maskedNickname({ channel: "sms", areaCode: c.areaCode ?? "", mobile: c.mobile });
  if (c.walletAddress) return maskedNickname({ channel: "wallet", address: c.walletAddress });
  return "***";
}

const contact = { email: users.email, areaCode: users.areaCode, mobile: users.mobile, walletAddress: users.walletAddress };

/** GET /invite/share: the user's own code, the terms, its invitees (masked, newest first) and its rebate totals per coin. */
export async function shareView(db: Db, userId: number): Promise<ShareView> {
  const [me, invitees, count, totals, config] = await Promise.all([
    db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId)).get(),
    db
      .select({ ...contact, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.invitedBy, userId))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(INVITEES_SHOWN)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(eq(users.invitedBy, userId))
      .get(),
    db
      .select({ currency: currencies.name, precision: currencies.precision, units: sql<number>`sum(${inviteRebates.rebateUnits})` })
      .from(inviteRebates)
      .innerJoin(currencies, eq(currencies.id, inviteRebates.currencyId))
      .where(eq(inviteRebates.inviterId, userId))
      .groupBy(currencies.id)
      .orderBy(currencies.name)
      .all(),
    inviteConfig(db),
  ]);
  if (!me) throw notFound();
  return {
    invite_code: me.code,
    rate: config.rate,
    required: config.required,
    invitees: invitees.map((i) => ({ name: maskedContact(i), registered_at: i.createdAt })),
    invitee_count: Number(count?.n ?? 0),
    totals: totals.map((t) => ({ currency: t.currency, amount: fromUnits(Number(t.units), t.precision) })),
  };
}

/** GET /invite/rebates: the user's rebates, newest first. */
export async function rebateList(db: Db, userId: number, page: number, limit: number): Promise<{ list: RebateView[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: inviteRebates.id,
        day: inviteRebates.day,
        currency: currencies.name,
        precision: currencies.precision,
        fee: inviteRebates.feeUnits,
        rate: inviteRebates.rate,
        amount: inviteRebates.rebateUnits,
        ...contact,
      })
      .from(inviteRebates)
      .innerJoin(currencies, eq(currencies.id, inviteRebates.currencyId))
      .innerJoin(users, eq(users.id, inviteRebates.inviteeId))
      .where(eq(inviteRebates.inviterId, userId))
      .orderBy(desc(inviteRebates.id))
      .limit(limit)
      .offset((page - 1) * limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(inviteRebates)
      .where(eq(inviteRebates.inviterId, userId))
      .get(),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      day: r.day,
      invitee: maskedContact(r),
      currency: r.currency,
      fee: fromUnits(r.fee, r.precision),
      rate: r.rate,
      amount: fromUnits(r.amount, r.precision),
    })),
    total: Number(total?.n ?? 0),
  };
}
