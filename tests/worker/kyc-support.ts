import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import * as tables from "../../schema/db/index.ts";
import { api, createUser } from "./helpers.ts";

/** Shared set-up for the identity verification, bank card, address book and operator tests. */

export const testDb = () => drizzle(env.DB, { schema: tables });

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}${Math.floor(Math.random() * 1e6)}`;

/** A user with email and phone bound (the precondition of identity verification). */
export async function boundUser(opts: { role?: "user" | "operator" } = {}) {
  const mobile = `13${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  return createUser({ areaCode: "86", mobile, ...opts });
}

export const operatorUser = () => createUser({ role: "operator" });

/** An upload row as /upload would record it; returns the URL /upload answers. */
export async function uploadFor(ownerId: number, opts: { private?: boolean } = {}): Promise<string> {
  const key = `u/${ownerId}/${unique()}.jpg`;
  await testDb()
    .insert(tables.uploads)
    .values({ key, ownerId, contentType: "image/jpeg", size: 1234, private: opts.private ?? true, createdAt: Date.now() });
  return `/api/files/${key}`;
}

export const LV1 = { real_type: "1", id_type: "0", name: "Zhang Wei" };

/** A distinct, valid identity-card number. */
export const newCardId = () => `ID${String(Math.floor(Math.random() * 1e12)).padStart(12, "0")}`;

export async function submitLv1(token: string, cardId = newCardId()) {
  return api("/user/real", { token, form: { ...LV1, card_id: cardId } });
}

/** The id of the user's latest verification row. */
export async function latestSubmissionId(userId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM identity_verifications WHERE user_id = ? ORDER BY id DESC LIMIT 1")
    .bind(userId)
    .first<{ id: number }>();
  if (!row) throw new Error(`no submission for user ${userId}`);
  return row.id;
}

/** A user who passed Lv1 (through the operator route). */
export async function lv1PassedUser() {
  const [user, operator] = await Promise.all([boundUser(), operatorUser()]);
  const submitted = await submitLv1(user.token);
  if (submitted.status !== 200) throw new Error(`Lv1 submission failed: ${JSON.stringify(submitted.body)}`);
  const approved = await api("/admin/kyc/approve", { token: operator.token, form: { id: String(await latestSubmissionId(user.id)) } });
  if (approved.status !== 200) throw new Error(`approval failed: ${JSON.stringify(approved.body)}`);
  return { user, operator };
}

export async function auditRows(action?: string) {
  const stmt = action
    ? env.DB.prepare("SELECT * FROM audit_log WHERE action = ? ORDER BY id").bind(action)
    : env.DB.prepare("SELECT * FROM audit_log ORDER BY id");
  return (await stmt.all<{ id: number; actor_id: number; action: string; subject_type: string; subject_id: string; detail: string }>())
    .results;
}

export async function notificationsOf(userId: number) {
  return (
    await env.DB.prepare("SELECT title, content FROM notifications WHERE user_id = ? ORDER BY id")
      .bind(userId)
      .all<{ title: string; content: string }>()
  ).results;
}

/** A currency row as the money feature stores it; returns its id. */
export async function currency(name: string, opts: { enabled?: boolean; precision?: number } = {}): Promise<number> {
  const row = await testDb()
    .insert(tables.currencies)
    .values({ name, precision: opts.precision ?? 8, enabled: opts.enabled ?? true })
    .returning({ id: tables.currencies.id })
    .get();
  return row.id;
}
