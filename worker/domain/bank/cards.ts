import { and, eq } from "drizzle-orm";
import * as z from "zod/mini";
import { BANK_FIELDS, bankCardSchema, type BankCardInput, type BankCardView, type BankField } from "../../../schema/api/bank.ts";
import type { Lang } from "../../../schema/api/lang.ts";
import { bankCards } from "../../../schema/db/index.ts";
import { badRequest, conflict } from "../errors.ts";
import type { Fields } from "../../../schema/api/fields.ts";
import type { Db } from "../db.ts";
import { translate, type MessageCode } from "../i18n/translate.ts";
import { maskAccountNumber } from "../kyc/mask.ts";

/**
 * Bank cards: at most one domestic and one international card per user. A bound
 * card is never changed or replaced by its owner (the spec sends changes through
 * customer service), so saving twice is a conflict, decided by a unique index so
 * concurrent saves cannot both win.
 */

export type CardKind = "domestic" | "international";

const LABELS: Record<BankField, MessageCode> = {
  real_name: "BANK_LABEL_REAL_NAME",
  bank_account: "BANK_LABEL_BANK_ACCOUNT",
  bank_name: "BANK_LABEL_BANK_NAME",
  bank_dizhi: "BANK_LABEL_BANK_DIZHI",
  bank_network: "BANK_LABEL_BANK_NETWORK",
  swift_code: "BANK_LABEL_SWIFT_CODE",
  phone: "BANK_LABEL_PHONE",
  alipay_account: "BANK_LABEL_ALIPAY_ACCOUNT",
  wechat_account: "BANK_LABEL_WECHAT_ACCOUNT",
  wechat_nickname: "BANK_LABEL_WECHAT_NICKNAME",
};

const isBankField = (key: string): key is BankField => (BANK_FIELDS as readonly string[]).includes(key);

export const bankLabel = (field: BankField, lang: Lang) => translate(LABELS[field], lang);

/** The form of the international variant, labelled in the request's language. */
export const bankForms = (lang: Lang) => BANK_FIELDS.map((key) => ({ key, label: bankLabel(key, lang) }));

/**
 * Validates a card. Fields may come flat or as `data[<field>]` (the original
 * international client's shape). An error names the field by its translated label.
 */
export function parseBankCard(fields: Fields, lang: Lang): BankCardInput {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) input[/^data\[(\w+)\]$/.exec(key)?.[1] ?? key] = value;
  const result = z.safeParse(bankCardSchema, input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === "unrecognized_keys") throw badRequest("UNKNOWN_FIELD", { field: issue.keys.join(", ") });
  const key = String(issue.path[0] ?? "");
  const field = isBankField(key) ? bankLabel(key, lang) : key;
  throw badRequest(issue.message === "BANK_FIELD_INVALID" ? "BANK_FIELD_INVALID" : "BANK_FIELD_REQUIRED", { field });
}

export async function saveBankCard(db: Db, userId: number, kind: CardKind, card: BankCardInput, now = Date.now()): Promise<number> {
  const row = await db
    .insert(bankCards)
    .values({
      userId,
      kind,
      realName: card.real_name,
      bankAccount: card.bank_account,
      bankName: card.bank_name,
      bankDizhi: card.bank_dizhi,
      bankNetwork: card.bank_network,
      swiftCode: card.swift_code,
      phone: card.phone,
      alipayAccount: card.alipay_account,
      wechatAccount: card.wechat_account,
      wechatNickname: card.wechat_nickname,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [bankCards.userId, bankCards.kind] })
    .returning({ id: bankCards.id })
    .get();
  if (!row) throw conflict("BANK_CARD_ALREADY_BOUND");
  return row.id;
}

type CardRow = typeof bankCards.$inferSelect;

/** A card row in the API's field names; `mask` hides the account number but its last four. */
export function cardView(row: CardRow, options: { mask: boolean }): BankCardView {
  return {
    real_name: row.realName,
    bank_account: options.mask ? maskAccountNumber(row.bankAccount) : row.bankAccount,
    bank_name: row.bankName,
    bank_dizhi: row.bankDizhi,
    bank_network: row.bankNetwork,
    swift_code: row.swiftCode,
    phone: row.phone,
    alipay_account: row.alipayAccount,
    wechat_account: row.wechatAccount,
    wechat_nickname: row.wechatNickname,
    created_at: row.createdAt,
  };
}

/**
 * The owner's own card, or null. The account number is masked here too: the
 * owner cannot change it, and a stolen session should not reveal it whole.
 * Operators see it in full in the audited user detail.
 */
export async function ownBankCard(db: Db, userId: number, kind: CardKind): Promise<BankCardView | null> {
  const row = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), eq(bankCards.kind, kind)))
    .get();
  return row ? cardView(row, { mask: true }) : null;
}
