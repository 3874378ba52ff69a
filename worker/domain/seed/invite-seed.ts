import { DEFAULT_REBATE_RATE, INVITE_RATE_KEY, INVITE_REQUIRED_KEY } from "../../../schema/api/invite.ts";
import { sqlBool, sqlInt, sqlText as q, insertOrIgnore } from "./sql.ts";

const DAY = 86_400_000;
const user = (uid: string) => `(SELECT id FROM users WHERE uid = ${q(uid)})`;
const USDT = "(SELECT id FROM currencies WHERE name = 'USDT')";

/**
 * Demo invitations and coupons: the invitation terms (code optional, 20 % of invitees' fees), Bob invited by Alice
 * (so Bob's trades earn Alice rebates once the daily job runs), and three coupons: a 10 USDT bonus for everyone, a
 * 20 % spot-fee discount for Alice, and an expired discount. Fixed coupon ids, so a second run adds nothing.
 */
export function inviteSeedStatements(now: number): string[] {
  const coupon = (id: number, kind: string, fields: Record<string, string>, from: number, to: number) =>
    insertOrIgnore("coupons", {
      id: sqlInt(id),
      kind: q(kind),
      ...fields,
      valid_from: sqlInt(from),
      valid_to: sqlInt(to),
      created_by: user("80000003"),
      created_at: sqlInt(now),
    });
  return [
    insertOrIgnore("settings", { key: q(INVITE_REQUIRED_KEY), value: q("0"), public: sqlBool(true) }),
    insertOrIgnore("settings", { key: q(INVITE_RATE_KEY), value: q(DEFAULT_REBATE_RATE), public: sqlBool(true) }),
    `UPDATE users SET invited_by = ${user("80000001")} WHERE uid = ${q("80000002")} AND invited_by IS NULL;`,
    coupon(1, "bonus", { currency_id: USDT, bonus_units: sqlInt(10_000_000) }, now - DAY, now + 30 * DAY),
    coupon(2, "discount", { discount_pct: sqlInt(20), user_id: user("80000001") }, now - DAY, now + 30 * DAY),
    coupon(3, "discount", { discount_pct: sqlInt(50) }, now - 10 * DAY, now - 3 * DAY),
  ];
}
