import * as z from "zod/mini";
import { id, limit, page } from "./fields.ts";

/**
 * Identity verification contracts (GET /real/state, POST /user/real and the
 * operator queue), shared by worker and web. Error messages are message codes.
 */

export type KycStatus = "noaudit" | "auditing" | "hasaudit" | "failed";

/** 0 identity card, 1 passport, 2 driver licence. */
export const ID_TYPES = ["0", "1", "2"] as const;
export type IdType = 0 | 1 | 2;

/** Letters (any script), combining marks, spaces and the punctuation names use: . ' - · */
const NAME_PATTERN = /^[\p{L}\p{M}](?:[\p{L}\p{M} .'’\-·]*[\p{L}\p{M}.])?$/u;

/** ID numbers are compared and stored without spaces or hyphens, upper-case. */
export const normalizeIdNumber = (s: string) => s.replace(/[\s-]+/g, "").toUpperCase();

/**
 * Per-type format of a normalised ID number: Latin letters and digits with at least
 * one digit; identity cards 6-20 characters, passports 6-12 (ICAO document numbers
 * are 9 with room for national variants), driver licences 5-20.
 */
export function isValidIdNumber(idType: IdType, cardId: string): boolean {
  const [min, max] = idType === 1 ? [6, 12] : idType === 2 ? [5, 20] : [6, 20];
  return cardId.length >= min && cardId.length <= max && /^[A-Z0-9]+$/.test(cardId) && /\d/.test(cardId);
}

const trimmed = (error: string) =>
  z.pipe(
    z.string({ error }),
    z.transform((s) => s.trim()),
  );

export const realLv1Schema = z
  .strictObject({
    real_type: z.literal("1"),
    id_type: z.pipe(
      z.enum(ID_TYPES, { error: "KYC_ID_TYPE_INVALID" }),
      z.transform((s) => Number(s) as IdType),
    ),
    name: z.pipe(
      trimmed("KYC_NAME_INVALID"),
      z.string().check(
        z.refine((s) => [...s].length >= 2 && [...s].length <= 60, { error: "KYC_NAME_INVALID" }),
        z.refine((s) => NAME_PATTERN.test(s), { error: "KYC_NAME_INVALID" }),
      ),
    ),
    card_id: z.pipe(
      z.pipe(trimmed("INVALID_ID_NUMBER"), z.transform(normalizeIdNumber)),
      z.string().check(z.maxLength(32, { error: "INVALID_ID_NUMBER" })),
    ),
  })
  .check(z.refine((v) => isValidIdNumber(v.id_type, v.card_id), { error: "INVALID_ID_NUMBER", path: ["card_id"] }));

/** Photo URLs as /upload answered them for private files (`/api/files/<key>`). */
const photoUrl = () =>
  z.pipe(
    trimmed("KYC_PHOTO_REQUIRED"),
    z.string().check(z.minLength(1, { error: "KYC_PHOTO_REQUIRED" }), z.maxLength(512, { error: "KYC_PHOTO_INVALID" })),
  );

export const realLv2Schema = z.strictObject({
  real_type: z.literal("2"),
  front_pic: photoUrl(),
  reverse_pic: photoUrl(),
});

/** Only real_type, to pick the schema that then validates the whole request. */
export const realTypeSchema = z.object({ real_type: z.enum(["1", "2"], { error: "KYC_REAL_TYPE_INVALID" }) });

export const realStateSchema = z.strictObject({});

export type RealStateAnswer = {
  /** 0 nothing submitted, 1 under review, 2 passed, 3 not approved: the latest submission. */
  real_status: 0 | 1 | 2 | 3;
  /** Highest level passed. */
  level: 0 | 1 | 2;
  status: KycStatus;
  lv1: { status: KycStatus; name: string; id_type: IdType | null; card_id: string; reason: string };
  lv2: { status: KycStatus; front_pic: string; reverse_pic: string; reason: string };
};

/* Operator side */

export const kycQueueSchema = z.strictObject({
  status: z._default(z.optional(z.enum(["auditing", "hasaudit", "failed"])), "auditing"),
  page: page(),
  limit: limit(100, 20),
});

export const kycApproveSchema = z.strictObject({ id: id() });

export const kycRejectSchema = z.strictObject({
  id: id(),
  reason: z.pipe(
    trimmed("KYC_REASON_REQUIRED"),
    z.string().check(
      z.refine((s) => [...s].length >= 1, { error: "KYC_REASON_REQUIRED" }),
      z.refine((s) => [...s].length <= 200, { error: "KYC_REASON_TOO_LONG" }),
    ),
  ),
});

export type KycQueueItem = {
  id: number;
  user_id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  level: number;
  status: Exclude<KycStatus, "noaudit">;
  id_type: number | null;
  name: string | null;
  card_id: string | null;
  front_pic: string | null;
  reverse_pic: string | null;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: number | null;
};

export type Paged<T> = { data: T[]; page: number; pages: number; total: number };
