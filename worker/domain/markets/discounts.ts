import type { Db } from "../db.ts";
import { bound, commit, type Statement } from "../ledger/index.ts";
import type { ActiveDiscount } from "./fee-discount.ts";

/**
 * The fee discounts a settlement applies (fee-discount.ts decides them), read from D1 together with the discount
 * epoch: a count that triggers bump whenever a coupon users hold changes (migrations/0027_discount_epoch.sql).
 *
 * A Market object keeps what it read (one `Discounts` per object), so a busy market does not read the same owners'
 * coupons before every settlement batch. What it kept is never applied stale: every batch that applies discounts
 * starts with `discountCheck(epoch)`, which aborts the whole batch with DISCOUNTS_CHANGED when the count moved since the read;
 * the settlement then forgets what it kept, reads again and retries (cycle.ts). A fresh `Discounts` per call reads
 * every time, with the same check.
 */

// The discount coupons the owners hold that have not ended by `since`.
const ACTIVE =
  "SELECT uc.id AS userCouponId, uc.user_id AS userId, c.discount_pct AS pct, uc.taken_at AS `from`, c.valid_to AS `to` " +
  "FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id " +
  "WHERE uc.user_id IN (SELECT value FROM json_each(?1)) AND c.kind = 'discount' AND c.valid_to > ?2";
const EPOCH = "SELECT n FROM discount_epoch WHERE id = 1";
const CHECK = "INSERT INTO discount_epoch_check (seen) VALUES (?1)";

/** Owners kept at most; past it the copy starts again empty. */
const MAX_OWNERS = 20_000;

type DiscountRead = { list: ActiveDiscount[]; epoch: number | null };

export class Discounts {
  private epoch: number | null = null;
  /** Per owner: their discounts that had not ended by `since` when read. */
  private readonly byOwner = new Map<number, { since: number; list: ActiveDiscount[] }>();

  /** The discounts of these owners that have not ended by `since`, and the epoch they are as of (null: no count in D1). */
  async get(db: Db, owners: number[], since: number): Promise<DiscountRead> {
    const kept = owners.map((o) => this.byOwner.get(o));
    if (this.epoch !== null && kept.every((k) => k !== undefined && k.since <= since)) {
      return { list: kept.flatMap((k) => k!.list), epoch: this.epoch };
    }
    const [epochRows, rows] = (await commit(db, [bound(db, EPOCH), bound(db, ACTIVE, JSON.stringify(owners), since)])) as [
      { n: number }[],
      ActiveDiscount[],
    ];
    const epoch = epochRows[0]?.n ?? null;
    if (epoch !== this.epoch || this.byOwner.size + owners.length > MAX_OWNERS) this.byOwner.clear();
    this.epoch = epoch;
    if (epoch !== null) for (const o of owners) this.byOwner.set(o, { since, list: rows.filter((r) => r.userId === o) });
    return { list: rows, epoch };
  }

  /** A batch found the epoch moved: nothing kept is trusted any more. */
  stale(): void {
    this.epoch = null;
    this.byOwner.clear();
  }
}

/** The statement that aborts its batch with DISCOUNTS_CHANGED unless the discount epoch is still `epoch`. */
export const discountCheck = (db: Db, epoch: number | null): Statement[] => (epoch === null ? [] : [bound(db, CHECK, epoch)]);
