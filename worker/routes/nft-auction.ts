import { Hono } from "hono";
import * as z from "zod/mini";
import type { AuctionLot, BidAnswer, Refusal } from "../../durable/auction/auction-lot.ts";
import type { AuctionRoom } from "../../durable/auction/auction-room.ts";
import {
  type AdminLotRow,
  type AuctionBidResult,
  type AuctionLotView,
  type MyBidPage,
  type NeedPayOrder,
  type QuotationLogEntry,
  adminLotsRequest,
  auctionBidRequest,
  auctionCodeRequest,
  auctionPageRequest,
  itemCode,
  nftOrderRequest,
} from "../../schema/api/nft-auction.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { id } from "../../schema/api/fields.ts";
import { nftItems, nftLots } from "../../schema/db/index.ts";
import { findSession } from "../domain/auth/sessions.ts";
import { fromUnits } from "../domain/ledger/amounts.ts";
import { isLocalEnvironment } from "../domain/env.ts";
import { ApiError, notFound } from "../domain/errors.ts";
import { auctionItem, ensureLot, lotObjectName } from "../domain/nft-auction/lots.ts";
import { adminLots, lotView, myBids, needPayOrders, payOrder, quotationLog, readOrder } from "../domain/nft-auction/queries.ts";
import { requireCurrency, userAmount } from "../domain/wallet/currencies.ts";
import { bearerToken, requireOperator, requireUser } from "../http/auth.ts";
import type { AppContext, AppEnv } from "../http/context.ts";
import { idempotencyKey, idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { and, eq } from "drizzle-orm";

/**
 * NFT auctions, /bind_box/* with the original's names (README, "Design": NFT auctions). The Worker finds the item's
 * lot (creating it from the listing on first use) and hands bids and deposits to the lot's AuctionLot object, which
 * applies them one at a time; reads come straight from D1.
 */

const lotStub = (c: AppContext, lotId: number) => (c.env.AuctionLot as DurableObjectNamespace<AuctionLot>).getByName(lotObjectName(lotId));

async function openLot(c: AppContext, code: string) {
  const item = await auctionItem(c.var.db, code);
  if (!item) throw notFound("NFT_AUCTION_NOT_FOUND");
  return ensureLot(c.var.db, item);
}

const unwrap = <T>(answer: T | { error: { status: ApiError["status"]; code: ApiError["code"]; params: ApiError["params"] } }): T => {
  if (answer && typeof answer === "object" && "error" in answer) {
    throw new ApiError(answer.error.status, answer.error.code, answer.error.params);
  }
  return answer as T;
};

const viewerId = async (c: AppContext): Promise<number | null> => {
  const token = bearerToken(c);
  return token ? ((await findSession(c.var.db, token))?.id ?? null) : null;
};

const devWindowRequest = z.strictObject({
  code: itemCode(),
  seconds: z.pipe(id(), z.number().check(z.maximum(86_400))),
});

export const nftAuctionRoutes = new Hono<AppEnv>()
  .get("/bind_box/auctionLot", async (c) => {
    const input = parse(c, auctionCodeRequest);
    const item = await c.var.db
      .select()
      .from(nftItems)
      .where(and(eq(nftItems.code, input.code), eq(nftItems.payType, 2)))
      .get();
    if (!item) throw notFound("NFT_AUCTION_NOT_FOUND");
    return ok<AuctionLotView>(c, await lotView(c.var.db, item, await viewerId(c), c.var.lang));
  })
  .post("/bind_box/marginNFT", requireUser, async (c) => {
    const input = parse(c, auctionCodeRequest);
    const lot = await openLot(c, input.code);
    const coin = await requireCurrency(c.var.db, lot.currencyId, { includeDisabled: true });
    const held = unwrap<{ deposit: number }>(await lotStub(c, lot.id).deposit(c.var.user.id));
    return ok(c, { code: input.code, margin: fromUnits(held.deposit, coin.precision), currency_name: coin.name });
  })
  .post(
    "/bind_box/auctionNFT",
    requireUser,
    idempotent(async (c) => {
      const input = parse(c, auctionBidRequest);
      const lot = await openLot(c, input.code);
      const coin = await requireCurrency(c.var.db, lot.currencyId, { includeDisabled: true });
      const increment = userAmount(coin, input.price);
      const total = input.total === undefined ? null : userAmount(coin, input.total);
      const idem = (await idempotencyKey(c)) ?? null;
      const answer = unwrap<Exclude<BidAnswer, Refusal>>(await lotStub(c, lot.id).bid({ userId: c.var.user.id, increment, total, idem }));
      return ok<AuctionBidResult>(c, answer.bid);
    }),
  )
  .get("/bind_box/getBindBoxQuotationLog", async (c) => {
    const input = parse(c, auctionCodeRequest);
    const item = await c.var.db
      .select()
      .from(nftItems)
      .where(and(eq(nftItems.code, input.code), eq(nftItems.payType, 2)))
      .get();
    if (!item) throw notFound("NFT_AUCTION_NOT_FOUND");
    return ok<QuotationLogEntry[]>(c, await quotationLog(c.var.db, item));
  })
  .get("/bind_box/getMyBindBoxQuotationLog", requireUser, async (c) => {
    const input = parse(c, auctionPageRequest);
    return ok<MyBidPage>(c, await myBids(c.var.db, c.var.user.id, input.page, input.limit, c.var.lang));
  })
  .get("/bind_box/getNeedPayNFTOrder", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok<NeedPayOrder[]>(c, await needPayOrders(c.var.db, c.var.user.id, c.var.lang));
  })
  .post("/bind_box/readNFTOrderMessage", requireUser, async (c) => {
    const input = parse(c, nftOrderRequest);
    await readOrder(c.var.db, c.var.user.id, input.id);
    return ok(c, { id: input.id });
  })
  .post(
    "/bind_box/payNFTOrder",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, nftOrderRequest);
      const body = { id: input.id };
      const paid = await payOrder(c.var.db, c.var.user.id, input.id, idem.record(body));
      if (paid.sold) {
        const room = (c.env.AuctionRoom as DurableObjectNamespace<AuctionRoom>).getByName(paid.sold.code);
        // Watchers learn the lot is sold; a lost frame only delays it until their next read.
        c.executionCtx.waitUntil(room.publish(paid.sold).catch(() => undefined));
      }
      return ok(c, body);
    }),
  )
  .get("/admin/nft/auctions", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminLotsRequest);
    return ok<AdminLotRow[]>(c, await adminLots(c.var.db, input.status, input.page));
  })
  /**
   * Development and tests only (404 elsewhere): moves an auction's end to now + seconds and wakes its lot, so a
   * browser test can watch a lot end without waiting for its real window.
   */
  .post("/dev/nft_auction_end", async (c) => {
    if (!isLocalEnvironment(c.env)) throw notFound();
    const input = parse(c, devWindowRequest);
    const lot = await openLot(c, input.code);
    const endAt = Date.now() + input.seconds * 1000;
    await c.var.db.batch([
      c.var.db.update(nftItems).set({ endAt }).where(eq(nftItems.id, lot.itemId)),
      c.var.db.update(nftLots).set({ endAt }).where(eq(nftLots.id, lot.id)),
    ]);
    return ok(c, await lotStub(c, lot.id).wake());
  });
