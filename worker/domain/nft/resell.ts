import type { Db } from "../db.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import { bound, commit } from "../ledger/index.ts";
import { requireCurrency } from "../wallet/currencies.ts";
import { amountOrZero } from "./amounts.ts";
import { findItem } from "./catalogue.ts";
import { hasUnpaidOrder } from "../nft-auction/lots.ts";

/**
 * resellNFT: the owner lists an item at a price in a window (and, for an auction, with its smallest increment).
 * A listing is irrevocable: there is no unlist, and a listed item cannot be listed again (or bought by its owner)
 * until its window has ended. Refused while an auction order for the item is unpaid.
 */

const LIST_ITEM = `UPDATE nft_items SET listed = 1, pay_type = ?1, price = ?2, per_increase = ?3, start_at = ?4, end_at = ?5,
  version = version + 1, updated_at = ?6 WHERE id = ?7 AND version = ?8 AND owner_id = ?9 RETURNING id`;

export type ResellInput = {
  code: string;
  price: string;
  start_time: number;
  end_time: number;
  per_increase?: string;
  pay_type?: "1" | "2";
};

export async function resellItem(db: Db, userId: number, input: ResellInput, now = Date.now()): Promise<{ code: string; pay_type: 1 | 2 }> {
  const item = await findItem(db, input.code);
  // Another user's item is answered like a missing one.
  if (!item || item.ownerId !== userId) throw notFound();
  if (item.listed && now < item.endAt) throw conflict("NFT_ALREADY_LISTED");
  if (await hasUnpaidOrder(db, item.id)) throw conflict("NFT_UNPAID_ORDER");
  const currency = await requireCurrency(db, item.currencyId, { includeDisabled: true });
  const price = amountOrZero(currency, input.price);
  if (price <= 0) throw badRequest("NFT_PRICE_POSITIVE");
  if (input.start_time >= input.end_time) throw badRequest("NFT_WINDOW_INVALID");
  if (input.end_time <= now) throw badRequest("NFT_END_IN_PAST");
  const increment = input.per_increase === undefined ? 0 : amountOrZero(currency, input.per_increase);
  const payType = input.pay_type === undefined ? (increment > 0 ? 2 : 1) : input.pay_type === "2" ? 2 : 1;
  if (payType === 2 && increment <= 0) throw badRequest("NFT_INCREMENT_REQUIRED");
  const [rows] = (await commit(db, [
    bound(
      db,
      LIST_ITEM,
      payType,
      price,
      payType === 2 ? increment : 0,
      input.start_time,
      input.end_time,
      now,
      item.id,
      item.version,
      userId,
    ),
  ])) as [{ id: number }[]];
  // Someone changed the item between the read and the write (it was sold away or listed by a twin request).
  if (rows.length !== 1) throw conflict("NFT_ALREADY_LISTED");
  return { code: item.code, pay_type: payType };
}
