import { useEffect } from "react";
import {
  type AuctionBidResult,
  type AuctionLotView,
  auctionRoomOutbound,
  type AuctionRoomOutbound,
  type MyBidEntry,
  type MyBidPage,
  type NeedPayOrder,
  type QuotationLogEntry,
} from "../../../../schema/api/nft-auction.ts";
import { parseFrame } from "../../../../schema/api/frame-text.ts";
import { get, post } from "../../lib/api.ts";
import { D, dec } from "../../lib/decimal.ts";
import { openPartySocket } from "../../lib/party-socket.ts";
import { type QueryDef, queryClient } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";
import type { PageResult } from "../../lib/query/usePagedQuery.ts";

export type { AuctionLotView, MyBidEntry, NeedPayOrder, QuotationLogEntry };

/** GET /bind_box/auctionLot: the lot as the bid page shows it (with the caller's deposit, hence the owner in the key). */
export const lotQuery = (code: string, owner: string): QueryDef<AuctionLotView> => ({
  key: [Q.nftAuction, owner, "lot", code],
  load: () => get<AuctionLotView>("/bind_box/auctionLot", { code }, { silent: true }),
  staleTime: 2_000,
});

/** GET /bind_box/getBindBoxQuotationLog: the last 10 bids, newest first. */
export const logQuery = (code: string): QueryDef<QuotationLogEntry[]> => ({
  key: [Q.nftAuction, "log", code],
  load: () => get<QuotationLogEntry[]>("/bind_box/getBindBoxQuotationLog", { code }, { silent: true }),
  staleTime: 2_000,
});

export const needPayQuery = (owner: string): QueryDef<NeedPayOrder[]> => ({
  key: [Q.nftAuction, owner, "need-pay"],
  load: () => get<NeedPayOrder[]>("/bind_box/getNeedPayNFTOrder", {}, { silent: true }),
  staleTime: 5_000,
});

export const MY_BIDS_PAGE = 10;
export const myBidsKey = (owner: string) => [Q.nftAuction, owner, "my-bids"] as const;
export async function loadMyBids(page: number): Promise<PageResult<MyBidEntry>> {
  const res = await get<MyBidPage>("/bind_box/getMyBindBoxQuotationLog", { page, limit: MY_BIDS_PAGE }, { silent: true });
  return { items: res.list, hasMore: page * MY_BIDS_PAGE < res.total };
}

/** The price a bid of `increment` makes, shown before the bidder confirms (the server places it only at that price). */
export const nextPrice = (price: string, increment: string): string => dec(price).plus(dec(increment)).toFixed();

/** Whether a bid of this increment still needs the deposit held (the first bid on the lot). */
export const needsDeposit = (lot: AuctionLotView): boolean => lot.my_deposit === null && !new D(lot.margin).isZero();

/** POST /bind_box/auctionNFT: `price` is the increment, `total` the price the bidder confirmed. */
export const placeBid = mutation(
  (input: { code: string; price: string; total: string }, idempotencyKey: string) =>
    post<AuctionBidResult>("/bind_box/auctionNFT", input, { idempotencyKey, silent: true }),
  [...BALANCE_KEYS, [Q.nftAuction]],
);

export const payNftOrder = mutation(
  (id: number, idempotencyKey: string) => post<{ id: number }>("/bind_box/payNFTOrder", { id }, { idempotencyKey, silent: true }),
  [...BALANCE_KEYS, [Q.nftAuction]],
);

export const readNftOrder = mutation(
  (id: number) => post<{ id: number }>("/bind_box/readNFTOrderMessage", { id }, { silent: true }),
  [[Q.nftAuction]],
);

/**
 * The item's auction room: each bid frame is laid over the cached lot and bid log (no extra read); the end reads
 * the lot again. `owner` names the cached lot of this reader.
 */
export function useAuctionFeed(code: string, owner: string, onFrame?: (frame: AuctionRoomOutbound) => void): void {
  useEffect(() => {
    if (!code) return;
    const socket = openPartySocket("auction-room", code);
    // Every open reads the lot again, the first one too: a frame published between the page's first read and the
    // socket's handshake (or while it was down) reaches no one, and the lot would wait for the next frame to catch up.
    socket.addEventListener("open", () => void queryClient.invalidate([Q.nftAuction]));
    socket.addEventListener("message", (event: MessageEvent) => {
      const frame = parseFrame(auctionRoomOutbound, event.data);
      if (!frame || frame.code !== code) return;
      if (frame.type === "bid") {
        queryClient.setData<AuctionLotView>(lotQuery(code, owner).key, (lot) =>
          // A lot with no bid yet has no id on the page: the first bid's frame names it.
          lot && (lot.lot_id === null || lot.lot_id === frame.lot_id) && lot.bid_count < frame.bid_count
            ? {
                ...lot,
                lot_id: frame.lot_id,
                price: frame.price,
                end_at: frame.end_at,
                bid_count: frame.bid_count,
                leader: frame.buyer_id,
                is_leader: false,
              }
            : lot,
        );
        queryClient.setData<QuotationLogEntry[]>(logQuery(code).key, (log) =>
          log?.some((e) => e.price === frame.price)
            ? log
            : [{ price: frame.price, buyer_id: frame.buyer_id, created: frame.created }, ...(log ?? [])].slice(0, 10),
        );
      } else {
        // The end is shown from the frame itself, so it does not hang on the read that fills in the rest.
        queryClient.setData<AuctionLotView>(lotQuery(code, owner).key, (lot) =>
          lot && (lot.lot_id === null || lot.lot_id === frame.lot_id) ? { ...lot, status: frame.status, price: frame.price } : lot,
        );
        void queryClient.invalidate([Q.nftAuction]);
      }
      onFrame?.(frame);
    });
    return () => socket.close();
  }, [code, owner, onFrame]);
}
