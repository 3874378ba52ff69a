import { eq } from "drizzle-orm";
import { nftArtists } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { conflict, notFound } from "../errors.ts";
import {
  ACCOUNT_TYPES,
  DuplicateJournal,
  type Journal,
  type Line,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  bound,
  commit,
  errorText,
  postingStatements,
} from "../ledger/index.ts";
import { requireCurrency } from "../wallet/currencies.ts";
import { findItem } from "./catalogue.ts";
import { type SaleSplit, royaltyDue, saleSplit } from "./fees.ts";
import { nftRates } from "./rates.ts";
import { saleStatus, sellerOf } from "./status.ts";
import type { ItemRow } from "./views.ts";

/**
 * buyNFT (fixed price): one batch moves the item and the money. The ownership change is guarded on the item's
 * version as read, and the transfer row right after it refuses to be written unless that update changed exactly one
 * row (its `to_user_id` is NOT NULL and becomes NULL otherwise), so of two concurrent buyers exactly one batch
 * commits; the other moves nothing and gets 409. The journal key names the version too.
 */

// The item changes hands and leaves the market; version moves so every other reader's guard fails.
const MOVE_ITEM = `UPDATE nft_items SET owner_id = ?1, listed = 0, version = version + 1, updated_at = ?2
  WHERE id = ?3 AND version = ?4 AND listed = 1 AND pay_type = 1`;
const RECORD_TRANSFER = `INSERT INTO nft_transfers (item_id, from_user_id, to_user_id, via, price, currency_id, ref_key, created_at)
  SELECT ?1, ?2, CASE WHEN changes() = 1 THEN ?3 END, 'buy', ?4, ?5, ?6, ?7`;

export type Purchase = { item: ItemRow; split: SaleSplit; sellerId: number; refKey: string; currency: { name: string; precision: number } };

/** The journal of a fixed-price sale: the buyer pays the price; seller, platform fee and royalty share it exactly. */
export function saleJournal(p: {
  item: Pick<ItemRow, "id" | "code" | "currencyId" | "price">;
  buyerId: number;
  sellerId: number;
  artistUserId: number | null;
  split: SaleSplit;
  refKey: string;
}): Journal {
  const acct = (userId: number) => ({
    userId,
    accountType: userId < 0 ? SYSTEM_ACCOUNT_TYPE : ACCOUNT_TYPES.change,
    currencyId: p.item.currencyId,
    bucket: "available" as const,
  });
  const lines: Line[] = [
    { ...acct(p.buyerId), amount: -p.item.price },
    { ...acct(p.sellerId), amount: p.split.seller },
    { ...acct(SYSTEM_ACCOUNTS.fees), amount: p.split.fee },
  ];
  if (p.split.royalty > 0 && p.artistUserId !== null) lines.push({ ...acct(p.artistUserId), amount: p.split.royalty });
  return {
    kind: "nft_buy",
    refKey: p.refKey,
    userId: p.buyerId,
    memo: { item: p.item.code, seller: p.sellerId, fee: p.split.fee, royalty: p.split.royalty },
    lines: lines.filter((l) => l.amount !== 0),
  };
}

export async function buyItem(
  db: Db,
  buyerId: number,
  code: string,
  record: (purchase: Purchase) => Statement[] = () => [],
  now = Date.now(),
): Promise<Purchase> {
  const item = await findItem(db, code);
  if (!item) throw notFound();
  if (item.payType !== 1) throw conflict("NFT_NOT_FIXED_PRICE");
  const status = saleStatus(item, now);
  if (status !== 1) throw conflict(status === 2 ? "NFT_NOT_STARTED" : "NFT_NOT_ON_SALE");
  const [artist, rates, currency] = await Promise.all([
    db.select({ userId: nftArtists.userId }).from(nftArtists).where(eq(nftArtists.id, item.artistId)).get(),
    nftRates(db),
    requireCurrency(db, item.currencyId, { includeDisabled: true }),
  ]);
  const artistUserId = artist?.userId ?? null;
  const seller = sellerOf(item, artistUserId);
  if (seller === buyerId) throw conflict("NFT_OWN_ITEM");
  const sellerId = seller ?? SYSTEM_ACCOUNTS.nftSales;
  const split = saleSplit(item.price, { feeRate: rates.fee_rate, royaltyRate: rates.royalty_rate }, royaltyDue(item.ownerId, artistUserId));
  const refKey = `nft:buy:${item.id}:${item.version}`;
  const purchase: Purchase = { item, split, sellerId, refKey, currency };
  const journal = saleJournal({ item, buyerId, sellerId, artistUserId, split, refKey });
  try {
    await commit(db, [
      ...record(purchase),
      bound(db, MOVE_ITEM, buyerId, now, item.id, item.version),
      bound(db, RECORD_TRANSFER, item.id, item.ownerId, buyerId, item.price, item.currencyId, refKey, now),
      ...postingStatements(db, [journal], now),
    ]);
  } catch (err) {
    if (err instanceof DuplicateJournal || errorText(err).includes("nft_transfers.to_user_id")) throw conflict("NFT_ALREADY_SOLD");
    throw err;
  }
  return purchase;
}
