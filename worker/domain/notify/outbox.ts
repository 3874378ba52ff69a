import { desc, eq } from "drizzle-orm";
import { messageOutbox } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";

export type OutboxEntry = { id: number; channel: "email" | "sms"; to: string; subject: string; body: string; created_at: number };

/** Messages the local transport kept, newest first, optionally for one recipient. */
export async function listOutbox(db: Db, opts: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  const base = db
    .select({
      id: messageOutbox.id,
      channel: messageOutbox.channel,
      to: messageOutbox.recipient,
      subject: messageOutbox.subject,
      body: messageOutbox.body,
      created_at: messageOutbox.createdAt,
    })
    .from(messageOutbox);
  const filtered = opts.to ? base.where(eq(messageOutbox.recipient, normaliseRecipient(opts.to))) : base;
  return filtered
    .orderBy(desc(messageOutbox.id))
    .limit(opts.limit ?? 100)
    .all();
}

/**
 * Emails are stored lower-cased, phones as "+<area><number>". A "+" typed into
 * a query string arrives as a space, so bare digits get their "+" back.
 */
const normaliseRecipient = (to: string): string => {
  const t = to.trim();
  if (t.includes("@")) return t.toLowerCase();
  const digits = t.replace(/[\s+-]/g, "");
  return /^\d+$/.test(digits) ? `+${digits}` : t;
};
