import * as z from "zod/mini";

/**
 * Profile contracts (GET /user/info, nickname, signature, avatar), shared by
 * worker and web. Lengths count characters (code points) after trimming.
 */

/** C0/C1 controls, lone surrogates and bidirectional overrides (used to spoof names) never belong in a name. */
const FORBIDDEN_CHARS = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;

const profileText = (min: number, max: number, lengthError: string) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((s) => s.trim()),
    ),
    z.string().check(
      z.refine((s) => [...s].length >= min && [...s].length <= max, { error: lengthError }),
      z.refine((s) => !FORBIDDEN_CHARS.test(s), { error: "TEXT_INVALID_CHARACTERS" }),
    ),
  );

export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 10;
export const SIGNATURE_MIN = 2;
export const SIGNATURE_MAX = 30;

export const editNicknameSchema = z.strictObject({ nickname: profileText(NICKNAME_MIN, NICKNAME_MAX, "NICKNAME_LENGTH") });
export const editSignatureSchema = z.strictObject({ signature: profileText(SIGNATURE_MIN, SIGNATURE_MAX, "SIGNATURE_LENGTH") });

/** The URL /upload answered (relative `/api/files/...` or absolute with that path). */
export const uploadHeadPortraitSchema = z.strictObject({
  head_portrait: z
    .pipe(
      z.string(),
      z.transform((s) => s.trim()),
    )
    .check(z.minLength(1), z.maxLength(512)),
});

export type RealStatus = "noaudit" | "auditing" | "hasaudit" | "failed";

/** Identity verification summary: highest level passed, and the state of the latest submission. */
export type RealState = { level: 0 | 1 | 2; status: RealStatus };

export type UserInfo = {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  area_code: string | null;
  /** Email, or mobile when there is no email. */
  account_number: string;
  nickname: string;
  signature: string;
  /** Avatar URL (`/api/files/...`), empty when none. */
  head_portrait: string;
  /** Credit score. */
  score: number;
  /** VIP level. */
  level: number;
  /** The user's own invite code. */
  extension_code: string;
  wallet_address: string | null;
  /** Whether a log-in password is set (an account made by wallet sign-in may have none yet). */
  has_password: boolean;
  has_pay_password: boolean;
  role: "user" | "operator" | "system";
  real_state: RealState;
  created_at: number;
};
