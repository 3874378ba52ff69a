import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import type { AuctionLot } from "../../durable/auction/auction-lot.ts";
import * as tables from "../../schema/db/index.ts";
import { lotObjectName } from "../../worker/domain/nft-auction/lots.ts";
import { api, createUser } from "./helpers.ts";
import { balance, db, fund, seedMoney, USDT } from "./money-helpers.ts";

/** NFT auction fixtures. Lots are priced in USDT (6 decimals): 1 USDT = 1_000_000 units. */
export const U = 1_000_000;
export { balance, db, USDT };

let seq = 0;
/** An item listed for auction (pay_type 2) owned by `ownerId`; defaults: start 100, increment 5, deposit 10 USDT, an hour's window. */
export async function auctionItem(
  ownerId: number,
  o: { price?: number; perIncrease?: number; margin?: number; startAt?: number; endAt?: number } = {},
): Promise<{ id: number; code: string }> {
  await seedMoney();
  seq += 1;
  const now = Date.now();
  const code = `T-${now.toString(36)}${seq}`;
  const row = await db()
    .insert(tables.nftItems)
    .values({
      code,
      artistId: 1,
      names: JSON.stringify({ en: `Lot ${seq}`, fra: `Lot ${seq}` }),
      mediaType: 1,
      mediaKey: "nft/test.png",
      ownerId,
      listed: true,
      payType: 2,
      currencyId: USDT,
      price: o.price ?? 100 * U,
      perIncrease: o.perIncrease ?? 5 * U,
      margin: o.margin ?? 10 * U,
      startAt: o.startAt ?? now - 1_000,
      endAt: o.endAt ?? now + 3_600_000,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: tables.nftItems.id })
    .get();
  return { id: row.id, code };
}

/** A logged-in user with `usdt` USDT in the exchange account. */
export async function bidder(usdt = 1_000) {
  await seedMoney();
  const user = await createUser();
  if (usdt > 0) await fund(user.id, USDT, usdt * U);
  return user;
}

export const bid = (token: string, code: string, increment: string, total?: string, headers?: Record<string, string>) =>
  api<{ price: string; lot_id: number; end_at: number; bid_count: number }>("/bind_box/auctionNFT", {
    token,
    form: total === undefined ? { code, price: increment } : { code, price: increment, total },
    headers,
  });

export const lotOf = (itemId: number) => db().select().from(tables.nftLots).where(eq(tables.nftLots.itemId, itemId)).get();
export const lotStub = (lotId: number) => (env.AuctionLot as DurableObjectNamespace<AuctionLot>).getByName(lotObjectName(lotId));

/** Moves a lot's end (and its listing's) into the past, as if its window had run out. */
export async function expire(lotId: number, itemId: number, at = Date.now() - 1): Promise<void> {
  await db().update(tables.nftLots).set({ endAt: at }).where(eq(tables.nftLots.id, lotId));
  await db().update(tables.nftItems).set({ endAt: at }).where(eq(tables.nftItems.id, itemId));
}

type Hooks = { hooks: { beforeCommit?: () => void; afterCommit?: () => void } };
export const setHooks = (lotId: number, hooks: Hooks["hooks"]) =>
  runInDurableObject(lotStub(lotId), (o: AuctionLot) => {
    (o as unknown as Hooks).hooks = hooks;
  });

export const journalCount = async (refKey: string) =>
  (await db().select().from(tables.journals).where(eq(tables.journals.refKey, refKey)).all()).length;

export const payOrderOf = (lotId: number) => db().select().from(tables.nftPayOrders).where(eq(tables.nftPayOrders.lotId, lotId)).get();

export const depositRows = (lotId: number) => db().select().from(tables.nftLotDeposits).where(eq(tables.nftLotDeposits.lotId, lotId)).all();

export const itemRow = (id: number) => db().select().from(tables.nftItems).where(eq(tables.nftItems.id, id)).get();

export const openHoldsOf = (userId: number) =>
  db()
    .select()
    .from(tables.holds)
    .where(and(eq(tables.holds.userId, userId), eq(tables.holds.status, "open")))
    .all();
