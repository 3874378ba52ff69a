import * as z from "zod/mini";
import { id, limit, page } from "./fields.ts";

/**
 * NFT auctions under /bind_box/* with the original's names (README, "Design": NFT auctions). `auctionNFT` sends the
 * INCREMENT as `price`, as the original client does; our client also sends `total`, the resulting price the bidder
 * confirmed, and a bid is placed only at that price. Amounts are decimal text in the lot's coin; times are epoch ms
 * except `overtime`, which is unix seconds as the original's.
 */

/** Item codes as the catalogue writes them. */
export const itemCode = () => z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "PARAMETER_ERROR" }));
const amountText = () => z.string().check(z.regex(/^\d{1,20}(?:\.\d{1,20})?$/, { error: "INVALID_AMOUNT" }));

export const auctionBidRequest = z.strictObject({ code: itemCode(), price: amountText(), total: z.optional(amountText()) });
export const auctionCodeRequest = z.strictObject({ code: itemCode() });
export const auctionPageRequest = z.strictObject({ page: page(), limit: limit(50, 10) });
export const nftOrderRequest = z.strictObject({ id: id() });
export const adminLotsRequest = z.strictObject({
  status: z.optional(z.enum(["open", "awaiting_payment", "sold", "unsold"])),
  page: page(),
});

export type AuctionLotStatus = "open" | "awaiting_payment" | "sold" | "unsold";

/** A lot as the bid page shows it. `my_deposit` is the caller's held deposit (null: none, or not logged in). */
export type AuctionLotView = {
  code: string;
  lot_id: number | null;
  name: string;
  currency_name: string;
  precision: number;
  status: AuctionLotStatus | "not_started";
  start_price: string;
  price: string;
  per_increase: string;
  margin: string;
  start_at: number;
  end_at: number;
  bid_count: number;
  leader: string | null;
  is_leader: boolean;
  my_deposit: string | null;
  is_seller: boolean;
  anti_snipe_minutes: number;
  pay_hours: number;
  fee_rate: string;
  now: number;
};

/** What auctionNFT answers (also the Idempotency-Key's stored answer). */
export type AuctionBidResult = { code: string; lot_id: number; price: string; end_at: number; bid_count: number; first_bid: boolean };

export type QuotationLogEntry = { price: string; buyer_id: string; created: number };

export type MyBidEntry = {
  code: string;
  name: string;
  currency_name: string;
  price: string;
  increment: string;
  created: number;
  lot_status: AuctionLotStatus;
  is_leader: boolean;
};
export type MyBidPage = { list: MyBidEntry[]; page: number; limit: number; total: number };

export type NeedPayOrder = {
  id: number;
  code: string;
  name: string;
  currency_name: string;
  price: string;
  deposit: string;
  due: string;
  /** Pay deadline, unix seconds (the original's field). */
  overtime: number;
  is_read: 0 | 1;
  is_pay: 0 | 1;
  is_expired: 0 | 1;
};

const lotStatus = z.enum(["open", "awaiting_payment", "sold", "unsold"]);

/** Frames of the auction room `/parties/auction-room/<code>`, parsed on both sides. */
export const auctionRoomOutbound = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("bid"),
    code: z.string(),
    lot_id: z.number(),
    price: z.string(),
    increment: z.string(),
    buyer_id: z.string(),
    created: z.number(),
    end_at: z.number(),
    bid_count: z.number(),
    /** When the bid was accepted (epoch ms); last, so a frame can be told apart without parsing it. */
    time: z.number(),
  }),
  z.object({
    type: z.literal("ended"),
    code: z.string(),
    lot_id: z.number(),
    status: lotStatus,
    price: z.string(),
    winner: z.nullable(z.string()),
  }),
]);
export type AuctionRoomOutbound = z.output<typeof auctionRoomOutbound>;

export const auctionRoomInbound = z.discriminatedUnion("type", [z.strictObject({ type: z.literal("ping") })]);

export type AdminLotRow = {
  id: number;
  code: string;
  status: AuctionLotStatus;
  currency_name: string;
  price: string;
  bid_count: number;
  bidders: number;
  leader_uid: string | null;
  seller_uid: string | null;
  end_at: number;
  pay: { is_pay: boolean; is_expired: boolean; overtime: number } | null;
};
