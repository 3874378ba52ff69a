/**
 * Sale status of an item (the spec's `status`): 1 on sale, 0 ended, 2 not started. Derived, never stored: an item
 * is on sale while it is listed and now lies in [start, end). Pure.
 */
export type SaleStatus = 0 | 1 | 2;

export type Listing = { listed: boolean; startAt: number; endAt: number };

export function saleStatus(item: Listing, now: number): SaleStatus {
  if (!item.listed || now >= item.endAt) return 0;
  return now < item.startAt ? 2 : 1;
}

/** Whether this viewer may buy the item at its fixed price now (the seller is the owner, or the artist's user on a primary sale). */
export function canBuy(
  item: Listing & { payType: number; ownerId: number | null },
  artistUserId: number | null,
  viewerId: number | null,
  now: number,
): boolean {
  if (item.payType !== 1 || saleStatus(item, now) !== 1) return false;
  if (viewerId === null) return true;
  return viewerId !== sellerOf(item, artistUserId);
}

/** Who sells: the owner, else (a primary sale) the artist's user, else nobody (the house's NFT sales account is paid). */
export const sellerOf = (item: { ownerId: number | null }, artistUserId: number | null): number | null => item.ownerId ?? artistUserId;
