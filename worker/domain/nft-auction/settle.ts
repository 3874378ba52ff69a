import { and, eq, inArray } from "drizzle-orm";
import { nftBids, nftItems, nftLotDeposits, nftLots, nftPayOrders, nftTransfers } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import type { SaleSplit } from "../nft/fees.ts";
import { ACCOUNT_TYPES, SYSTEM_ACCOUNTS, SYSTEM_ACCOUNT_TYPE } from "../ledger/accounts.ts";
import { type Statement, bound } from "../ledger/batch.ts";
import type { Journal } from "../ledger/journal.ts";
import { errorText, holdEndStatement, openHold, postingStatements } from "../ledger/post.ts";
import type { Lot } from "./lots.ts";
import { type LotResult, payment } from "./rules.ts";

/**
 * The D1 batches of an auction (README, "Design": NFT auctions). Each is one all-or-nothing batch whose first step is
 * a guarded row update followed by the guard insert, so a repeated bid, end, forfeit or payment moves nothing:
 *   bid      the lot's price (guarded on the price the object read), the bid row, the first bid's deposit hold
 *   end      the lot leaves "open"; every loser's deposit released; the winner's pay order, or the item delisted
 *   forfeit  the unpaid order expires; the winner's deposit goes to the seller; the item is delisted
 *   pay      the order is paid; price less deposit from available, the deposit consumed, the seller paid price less
 *            fee, the fee to the fees account; the item moves to the winner (version-guarded) with its transfer row
 * Deposits are holds on the bidder's exchange account in the lot's currency.
 */

export const DEPOSIT_ACCOUNT = ACCOUNT_TYPES.change;
const GUARD = "INSERT INTO nft_auction_guard (ok) SELECT 0 WHERE changes() = 0";
const guard = (db: Db) => bound(db, GUARD);

/** Whether a batch failed on its guard: the transition had already happened (or the row moved meanwhile). */
export const failedOnGuard = (err: unknown): boolean => errorText(err).includes("nft_auction_guard_rows_changed");

export const depositHoldId = (lotId: number, userId: number) => `nfta:${lotId}:${userId}`;

/** The deposit hold and its row: written with a bidder's first bid, or by marginNFT before it. */
export function depositStatements(db: Db, lot: Lot, userId: number, now: number): Statement[] {
  if (lot.margin === 0) {
    return [db.insert(nftLotDeposits).values({ lotId: lot.id, userId, holdId: "", amount: 0, status: "held", createdAt: now })];
  }
  const holdId = depositHoldId(lot.id, userId);
  const opened = openHold(
    db,
    {
      userId,
      currencyId: lot.currencyId,
      accountType: DEPOSIT_ACCOUNT,
      amount: lot.margin,
      reason: "nft_deposit",
      ref: `nft_lot:${lot.id}`,
      holdId,
      kind: "nft_deposit",
      memo: { lot_id: lot.id },
    },
    now,
  );
  return [...opened.statements, db.insert(nftLotDeposits).values({ lotId: lot.id, userId, holdId, amount: lot.margin, createdAt: now })];
}

export type AcceptedBid = { userId: number; increment: number; price: number; endAt: number; firstBid: boolean; at: number };

export function bidStatements(db: Db, lot: Lot, bid: AcceptedBid, depositHeld: boolean): Statement[] {
  const out: Statement[] = [
    bound(
      db,
      "UPDATE nft_lots SET price = ?1, leader_id = ?2, bid_count = bid_count + 1, end_at = ?3, updated_at = ?4 " +
        "WHERE id = ?5 AND price = ?6 AND status = 'open'",
      bid.price,
      bid.userId,
      bid.endAt,
      bid.at,
      lot.id,
      lot.price,
    ),
    guard(db),
    db.insert(nftBids).values({ lotId: lot.id, userId: bid.userId, increment: bid.increment, price: bid.price, createdAt: bid.at }),
  ];
  if (bid.firstBid && !depositHeld) out.push(...depositStatements(db, lot, bid.userId, bid.at));
  // The catalogue shows the listing's end: keep it with the lot's (only ever later).
  if (bid.endAt > lot.endAt) {
    out.push(
      db
        .update(nftItems)
        .set({ endAt: bid.endAt, updatedAt: bid.at })
        .where(and(eq(nftItems.id, lot.itemId), eq(nftItems.version, lot.itemVersion))),
    );
  }
  return out;
}

type Deposit = typeof nftLotDeposits.$inferSelect;

const releaseJournal = (lot: Lot, d: Deposit): Journal => {
  const account = { userId: d.userId, currencyId: lot.currencyId, accountType: DEPOSIT_ACCOUNT };
  return {
    kind: "nft_deposit_release",
    refKey: `nft_auction:${lot.id}:release:${d.userId}`,
    userId: d.userId,
    memo: { hold_id: d.holdId, lot_id: lot.id },
    lines: [
      { ...account, bucket: "locked", amount: -d.amount },
      { ...account, bucket: "available", amount: d.amount },
    ],
  };
};

const delistItem = (db: Db, lot: Lot, now: number) =>
  db
    .update(nftItems)
    .set({ listed: false, version: lot.itemVersion + 1, updatedAt: now })
    .where(and(eq(nftItems.id, lot.itemId), eq(nftItems.version, lot.itemVersion)));

/** The end of a lot: its result, decided by the object from the lot as D1 holds it. */
export function endStatements(db: Db, lot: Lot, result: LotResult, deposits: Deposit[], now: number): Statement[] {
  const out: Statement[] = [
    bound(
      db,
      "UPDATE nft_lots SET status = ?1, updated_at = ?2 WHERE id = ?3 AND status = 'open'",
      result.winnerId === null ? "unsold" : "awaiting_payment",
      now,
      lot.id,
    ),
    guard(db),
  ];
  const losers = deposits.filter((d) => d.userId !== result.winnerId && d.status === "held");
  const paid = losers.filter((d) => d.amount > 0);
  if (paid.length > 0) {
    out.push(
      ...postingStatements(
        db,
        paid.map((d) => releaseJournal(lot, d)),
        now,
      ),
      ...paid.map((d) => holdEndStatement(db, d.holdId, "release", d.amount, now)),
    );
  }
  if (losers.length > 0) {
    out.push(
      db
        .update(nftLotDeposits)
        .set({ status: "released" })
        .where(
          and(
            eq(nftLotDeposits.lotId, lot.id),
            inArray(
              nftLotDeposits.userId,
              losers.map((d) => d.userId),
            ),
          ),
        ),
    );
  }
  if (result.winnerId === null) {
    out.push(delistItem(db, lot, now));
  } else {
    const own = deposits.find((d) => d.userId === result.winnerId)!;
    out.push(
      db.insert(nftPayOrders).values({
        lotId: lot.id,
        itemId: lot.itemId,
        userId: result.winnerId,
        sellerId: lot.sellerId,
        currencyId: lot.currencyId,
        price: result.price,
        deposit: own.amount,
        holdId: own.holdId,
        overtime: result.payBy!,
        createdAt: now,
      }),
    );
  }
  return out;
}

type PayOrder = typeof nftPayOrders.$inferSelect;

/** An unpaid win past its deadline: the deposit goes to the seller (published rule) and the lot ends unsold. */
export function forfeitStatements(db: Db, lot: Lot, order: PayOrder, now: number): Statement[] {
  const out: Statement[] = [
    bound(db, "UPDATE nft_pay_orders SET is_expired = 1 WHERE id = ?1 AND is_pay = 0 AND is_expired = 0 AND overtime <= ?2", order.id, now),
    guard(db),
  ];
  if (order.deposit > 0) {
    out.push(
      ...postingStatements(
        db,
        [
          {
            kind: "nft_deposit_forfeit",
            refKey: `nft_auction:${lot.id}:forfeit`,
            userId: order.userId,
            memo: { hold_id: order.holdId, lot_id: lot.id, order_id: order.id },
            lines: [
              {
                userId: order.userId,
                currencyId: order.currencyId,
                accountType: DEPOSIT_ACCOUNT,
                bucket: "locked",
                amount: -order.deposit,
              },
              { ...sellerAccount(order.sellerId), currencyId: order.currencyId, bucket: "available", amount: order.deposit },
            ],
          },
        ],
        now,
      ),
      holdEndStatement(db, order.holdId, "consume", order.deposit, now),
    );
  }
  out.push(
    db
      .update(nftLotDeposits)
      .set({ status: "forfeited" })
      .where(and(eq(nftLotDeposits.lotId, lot.id), eq(nftLotDeposits.userId, order.userId))),
    db.update(nftLots).set({ status: "unsold", updatedAt: now }).where(eq(nftLots.id, lot.id)),
    delistItem(db, lot, now),
  );
  return out;
}

/** Sellers are users (exchange account) or, for an item never sold by an artist who is not a user, the house. */
const sellerAccount = (sellerId: number) => ({
  userId: sellerId,
  accountType: sellerId < 0 ? SYSTEM_ACCOUNT_TYPE : DEPOSIT_ACCOUNT,
});

export const payRefKey = (lotId: number) => `nft_auction:${lotId}:pay`;

/** The payment of a won lot (see the file's comment); the fee computed by the caller from the published rate. */
/**
 * The payment of a won lot. The price splits as a fixed-price sale's does (nft/fees.ts saleSplit: the platform fee, the
 * artist's royalty on a resale, the rest to the seller).
 */
export function payStatements(db: Db, lot: Lot, order: PayOrder, sale: SaleSplit, artistUserId: number | null, now: number): Statement[] {
  const split = payment(order.price, order.deposit, sale);
  const winner = { userId: order.userId, currencyId: order.currencyId, accountType: DEPOSIT_ACCOUNT };
  const refKey = payRefKey(lot.id);
  const out: Statement[] = [
    bound(
      db,
      "UPDATE nft_pay_orders SET is_pay = 1, is_read = 1, paid_at = ?2, fee = ?3 " +
        "WHERE id = ?1 AND is_pay = 0 AND is_expired = 0 AND overtime > ?2",
      order.id,
      now,
      split.fee,
    ),
    guard(db),
    ...postingStatements(
      db,
      [
        {
          kind: "nft_auction_pay",
          refKey,
          userId: order.userId,
          memo: { lot_id: lot.id, order_id: order.id, item_id: order.itemId, fee: split.fee, royalty: split.royalty },
          lines: [
            { ...winner, bucket: "locked", amount: -order.deposit },
            { ...winner, bucket: "available", amount: -split.fromAvailable },
            { ...sellerAccount(order.sellerId), currencyId: order.currencyId, bucket: "available", amount: split.toSeller },
            {
              userId: SYSTEM_ACCOUNTS.fees,
              currencyId: order.currencyId,
              accountType: SYSTEM_ACCOUNT_TYPE,
              bucket: "available",
              amount: split.fee,
            },
            ...(split.royalty > 0 && artistUserId !== null
              ? [{ ...sellerAccount(artistUserId), currencyId: order.currencyId, bucket: "available" as const, amount: split.royalty }]
              : []),
          ],
        },
      ],
      now,
    ),
  ];
  if (order.deposit > 0) out.push(holdEndStatement(db, order.holdId, "consume", order.deposit, now));
  out.push(
    db
      .update(nftLotDeposits)
      .set({ status: "consumed" })
      .where(and(eq(nftLotDeposits.lotId, lot.id), eq(nftLotDeposits.userId, order.userId))),
    bound(
      db,
      "UPDATE nft_items SET owner_id = ?1, listed = 0, version = version + 1, updated_at = ?2 WHERE id = ?3 AND version = ?4",
      order.userId,
      now,
      lot.itemId,
      lot.itemVersion,
    ),
    guard(db),
    db.insert(nftTransfers).values({
      itemId: lot.itemId,
      fromUserId: lot.sellerId,
      toUserId: order.userId,
      via: "auction",
      price: order.price,
      currencyId: order.currencyId,
      refKey,
      createdAt: now,
    }),
    db.update(nftLots).set({ status: "sold", updatedAt: now }).where(eq(nftLots.id, lot.id)),
  );
  return out;
}
