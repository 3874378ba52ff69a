import { and, desc, eq, sql } from "drizzle-orm";
import type {
  AdminLotRow,
  AuctionLotView,
  AuctionRoomOutbound,
  MyBidPage,
  NeedPayOrder,
  QuotationLogEntry,
} from "../../../schema/api/nft-auction.ts";
import { currencies, nftBids, nftItems, nftLotDeposits, nftLots, nftPayOrders } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { conflict, notFound } from "../errors.ts";
import { commit } from "../ledger/post.ts";
import { royaltyDue, saleSplit } from "../nft/fees.ts";
import { nftRates } from "../nft/rates.ts";
import { type AuctionItem, artistUserOf, latestLotOfItem, lotById, sellerOf } from "./lots.ts";
import { ANTI_SNIPE_MS, PAY_WINDOW_MS } from "./rules.ts";
import { failedOnGuard, payStatements } from "./settle.ts";
import { coinOf, maskUid, money, uidsOf } from "./view.ts";
import type { Statement } from "../ledger/batch.ts";
import { localName } from "../nft/views.ts";
import type { Lang } from "../../../schema/api/lang.ts";

/** Reads of the auction pages and the payment of a won lot. */

export async function lotView(db: Db, item: AuctionItem, userId: number | null, lang: Lang, now = Date.now()): Promise<AuctionLotView> {
  const [lot, coin, rates] = await Promise.all([latestLotOfItem(db, item.id), coinOf(db, item.currencyId), nftRates(db)]);
  // The listing's lot; once the item is delisted (sold, or ended unsold), the last lot it had.
  const current = lot && (lot.itemVersion === item.version || !item.listed) ? lot : null;
  const p = coin?.precision ?? 0;
  const leader = current?.leaderId ?? null;
  const uids = await uidsOf(db, leader === null ? [] : [leader]);
  const deposit =
    current && userId !== null
      ? await db
          .select()
          .from(nftLotDeposits)
          .where(and(eq(nftLotDeposits.lotId, current.id), eq(nftLotDeposits.userId, userId)))
          .get()
      : undefined;
  const sellerId = current?.sellerId ?? (await sellerOf(db, item));
  return {
    code: item.code,
    lot_id: current?.id ?? null,
    name: localName(item.names, lang),
    currency_name: coin?.name ?? "",
    precision: p,
    status: current ? current.status : !item.listed ? "unsold" : now < item.startAt ? "not_started" : "open",
    start_price: money(item.price, p),
    price: money(current?.price ?? item.price, p),
    per_increase: money(item.perIncrease, p),
    margin: money(item.margin, p),
    start_at: item.startAt,
    end_at: current?.endAt ?? item.endAt,
    bid_count: current?.bidCount ?? 0,
    leader: leader === null ? null : maskUid(uids.get(leader) ?? ""),
    is_leader: leader !== null && leader === userId,
    my_deposit: deposit && deposit.status === "held" ? money(deposit.amount, p) : null,
    is_seller: userId !== null && userId === sellerId,
    anti_snipe_minutes: ANTI_SNIPE_MS / 60_000,
    pay_hours: PAY_WINDOW_MS / 3_600_000,
    fee_rate: rates.fee_rate,
    now,
  };
}

/** The last 10 bids of the item's newest lot, newest first, bidders masked. */
export async function quotationLog(db: Db, item: AuctionItem): Promise<QuotationLogEntry[]> {
  const lot = await latestLotOfItem(db, item.id);
  if (!lot) return [];
  const coin = await coinOf(db, lot.currencyId);
  const rows = await db.select().from(nftBids).where(eq(nftBids.lotId, lot.id)).orderBy(desc(nftBids.id)).limit(10).all();
  const uids = await uidsOf(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    price: money(r.price, coin?.precision ?? 0),
    buyer_id: maskUid(uids.get(r.userId) ?? ""),
    created: r.createdAt,
  }));
}

export async function myBids(db: Db, userId: number, page: number, limit: number, lang: Lang): Promise<MyBidPage> {
  const rows = await db
    .select({
      bid: nftBids,
      lot: nftLots,
      code: nftItems.code,
      names: nftItems.names,
      coin: currencies.name,
      precision: currencies.precision,
    })
    .from(nftBids)
    .innerJoin(nftLots, eq(nftLots.id, nftBids.lotId))
    .innerJoin(nftItems, eq(nftItems.id, nftLots.itemId))
    .innerJoin(currencies, eq(currencies.id, nftLots.currencyId))
    .where(eq(nftBids.userId, userId))
    .orderBy(desc(nftBids.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .all();
  const total = await db
    .select({ n: sql<number>`count(*)` })
    .from(nftBids)
    .where(eq(nftBids.userId, userId))
    .get();
  return {
    list: rows.map((r) => ({
      code: r.code,
      name: localName(r.names, lang),
      currency_name: r.coin,
      price: money(r.bid.price, r.precision),
      increment: money(r.bid.increment, r.precision),
      created: r.bid.createdAt,
      lot_status: r.lot.status,
      is_leader: r.lot.leaderId === userId,
    })),
    page,
    limit,
    total: total?.n ?? 0,
  };
}

/** The caller's auction orders, unpaid first (the original's "need to pay" list), with the deadline in unix seconds. */
export async function needPayOrders(db: Db, userId: number, lang: Lang): Promise<NeedPayOrder[]> {
  const rows = await db
    .select({ o: nftPayOrders, code: nftItems.code, names: nftItems.names, coin: currencies.name, precision: currencies.precision })
    .from(nftPayOrders)
    .innerJoin(nftItems, eq(nftItems.id, nftPayOrders.itemId))
    .innerJoin(currencies, eq(currencies.id, nftPayOrders.currencyId))
    .where(eq(nftPayOrders.userId, userId))
    .orderBy(sql`${nftPayOrders.isPay} + ${nftPayOrders.isExpired}`, desc(nftPayOrders.id))
    .limit(50)
    .all();
  return rows.map(({ o, code, names, coin, precision }) => ({
    id: o.id,
    code,
    name: localName(names, lang),
    currency_name: coin,
    price: money(o.price, precision),
    deposit: money(o.deposit, precision),
    due: money(Math.max(0, o.price - o.deposit), precision),
    overtime: Math.floor(o.overtime / 1000),
    is_read: o.isRead ? 1 : 0,
    is_pay: o.isPay ? 1 : 0,
    is_expired: o.isExpired ? 1 : 0,
  }));
}

const ownOrder = async (db: Db, userId: number, id: number) => {
  const order = await db
    .select()
    .from(nftPayOrders)
    .where(and(eq(nftPayOrders.id, id), eq(nftPayOrders.userId, userId)))
    .get();
  if (!order) throw notFound();
  return order;
};

export async function readOrder(db: Db, userId: number, id: number): Promise<void> {
  await ownOrder(db, userId, id);
  await db
    .update(nftPayOrders)
    .set({ isRead: true })
    .where(and(eq(nftPayOrders.id, id), eq(nftPayOrders.userId, userId)));
}

/**
 * Pays a won lot in one batch (settle.ts payStatements). Refused with 409 NFT_ORDER_NOT_PAYABLE once paid, expired or
 * past the deadline, INSUFFICIENT_BALANCE when the available balance does not cover price less deposit.
 */
export async function payOrder(
  db: Db,
  userId: number,
  id: number,
  prefix: Statement[],
  now = Date.now(),
): Promise<{ fee: number; sold: AuctionRoomOutbound | null }> {
  const order = await ownOrder(db, userId, id);
  if (order.isPay || order.isExpired || order.overtime <= now) throw conflict("NFT_ORDER_NOT_PAYABLE");
  const lot = await lotById(db, order.lotId);
  if (!lot) throw notFound();
  // Until this batch the seller still owns the item: a resale owes the artist's royalty, as a fixed-price resale does.
  const item = await db
    .select({ ownerId: nftItems.ownerId, artistId: nftItems.artistId })
    .from(nftItems)
    .where(eq(nftItems.id, lot.itemId))
    .get();
  if (!item) throw notFound();
  const [rates, artistUserId] = await Promise.all([nftRates(db), artistUserOf(db, item)]);
  const split = saleSplit(
    order.price,
    { feeRate: rates.fee_rate, royaltyRate: rates.royalty_rate },
    royaltyDue(item.ownerId, artistUserId),
  );
  const fee = split.fee;
  try {
    await commit(db, [...prefix, ...payStatements(db, lot, order, split, artistUserId, now)]);
  } catch (err) {
    if (failedOnGuard(err)) throw conflict("NFT_ORDER_NOT_PAYABLE");
    throw err;
  }
  return { fee, sold: await soldFrame(db, lot.id, lot.itemId, order.price, order.currencyId, userId) };
}

/** The auction room's frame for a lot just paid, so every watcher's page shows it sold (null when it cannot be read). */
async function soldFrame(db: Db, lotId: number, itemId: number, price: number, currencyId: number, winnerId: number) {
  const [item, coin, uids] = await Promise.all([
    db.select({ code: nftItems.code }).from(nftItems).where(eq(nftItems.id, itemId)).get(),
    coinOf(db, currencyId),
    uidsOf(db, [winnerId]),
  ]);
  if (!item || !coin) return null;
  const frame: AuctionRoomOutbound = {
    type: "ended",
    code: item.code,
    lot_id: lotId,
    status: "sold",
    price: money(price, coin.precision),
    winner: maskUid(uids.get(winnerId) ?? ""),
  };
  return frame;
}

export async function adminLots(db: Db, status: string | undefined, page: number): Promise<AdminLotRow[]> {
  const limit = 20;
  const rows = await db
    .select({ lot: nftLots, code: nftItems.code, coin: currencies.name, precision: currencies.precision, order: nftPayOrders })
    .from(nftLots)
    .innerJoin(nftItems, eq(nftItems.id, nftLots.itemId))
    .innerJoin(currencies, eq(currencies.id, nftLots.currencyId))
    .leftJoin(nftPayOrders, eq(nftPayOrders.lotId, nftLots.id))
    .where(status ? eq(nftLots.status, status as AdminLotRow["status"]) : undefined)
    .orderBy(desc(nftLots.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .all();
  const counts = await db
    .select({ lotId: nftLotDeposits.lotId, n: sql<number>`count(*)` })
    .from(nftLotDeposits)
    .groupBy(nftLotDeposits.lotId)
    .all();
  const bidders = new Map(counts.map((c) => [c.lotId, c.n]));
  const ids = rows.flatMap((r) => [r.lot.sellerId, ...(r.lot.leaderId === null ? [] : [r.lot.leaderId])]);
  const uids = await uidsOf(db, ids);
  return rows.map((r) => ({
    id: r.lot.id,
    code: r.code,
    status: r.lot.status,
    currency_name: r.coin,
    price: money(r.lot.price, r.precision),
    bid_count: r.lot.bidCount,
    bidders: bidders.get(r.lot.id) ?? 0,
    leader_uid: r.lot.leaderId === null ? null : (uids.get(r.lot.leaderId) ?? null),
    seller_uid: uids.get(r.lot.sellerId) ?? null,
    end_at: r.lot.endAt,
    pay: r.order ? { is_pay: r.order.isPay, is_expired: r.order.isExpired, overtime: r.order.overtime } : null,
  }));
}
