import type {
  NftArtistDetail,
  NftArtistView,
  NftCollectionView,
  NftCurrencyView,
  NftDetailView,
  NftItemView,
  NftPage,
} from "../../../../schema/api/nft.ts";
import { get, post, read } from "../../lib/api.ts";
import { itemsRead, NFT_PAGE_SIZE, type NftFilters } from "./reads.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import type { PageResult } from "../../lib/query/usePagedQuery.ts";

export type { NftArtistDetail, NftArtistView, NftCollectionView, NftCurrencyView, NftDetailView, NftItemView };

export { NFT_PAGE_SIZE, type NftFilters } from "./reads.ts";

const paged = <T>(res: NftPage<T>, page: number): PageResult<T> => ({ items: res.list, hasMore: page * res.limit < res.total });

/** getBoxList, one page (the owner in the key: `collect` and `buy_status` are the viewer's). */
export async function loadItems(filters: NftFilters, page: number): Promise<PageResult<NftItemView>> {
  return paged(await read<NftPage<NftItemView>>(itemsRead(filters, page), { silent: true }), page);
}

export async function loadArtists(page: number): Promise<PageResult<NftArtistView>> {
  return paged(await get<NftPage<NftArtistView>>("/bind_box/getArtist", { page, limit: NFT_PAGE_SIZE }, { silent: true }), page);
}

export async function loadCollections(page: number): Promise<PageResult<NftCollectionView>> {
  return paged(await get<NftPage<NftCollectionView>>("/bind_box/getCollection", { page, limit: NFT_PAGE_SIZE }, { silent: true }), page);
}

export async function loadMine(page: number): Promise<PageResult<NftItemView>> {
  return paged(await get<NftPage<NftItemView>>("/bind_box/getMyNFTs", { page, limit: NFT_PAGE_SIZE }, { silent: true }), page);
}

export const itemQuery = (code: string, owner: string | null): QueryDef<NftDetailView> => ({
  key: [Q.nft, owner ?? "guest", "item", code],
  load: () => get<NftDetailView>("/bind_box/getBoxDetail", { id: code }, { silent: true }),
  staleTime: 5_000,
});

export const artistQuery = (uid: string, owner: string | null): QueryDef<NftArtistDetail> => ({
  key: [Q.nft, owner ?? "guest", "artist", uid],
  load: () => get<NftArtistDetail>("/bind_box/getArtistDetail", { uid }, { silent: true }),
  staleTime: 30_000,
});

/** buyNFT (Idempotency-Key): answers the translated confirmation. */
export const buyNft = mutation(
  (code: string, idempotencyKey: string) => post<string>("/bind_box/buyNFT", { code }, { idempotencyKey, silent: true }),
  [...BALANCE_KEYS, [Q.nft]],
);

export type ResellInput = { code: string; price: string; start_time: string; end_time: string; pay_type: "1" | "2"; per_increase?: string };
export const resellNft = mutation((input: ResellInput) => post<string>("/bind_box/resellNFT", { ...input }, { silent: true }), [[Q.nft]]);

export const collectNft = mutation(
  (code: string) => post<{ collect: 0 | 1; collect_number: number }>("/bind_box/collect", { code }, { silent: true }),
  [[Q.nft]],
);

/** Where an item's page is: audio and video have their own (with players). */
export const itemPath = (item: { code: string; type: number }) =>
  `/nft/${item.type >= 3 ? "artworkDetail_video" : "artworkDetail"}?code=${encodeURIComponent(item.code)}`;
