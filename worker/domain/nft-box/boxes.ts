import { and, desc, eq } from "drizzle-orm";
import { type BoxView, type Rarity, boxCode, drawSchedule } from "../../../schema/api/nft-box.ts";
import { currencies, nftArtists, nftBoxItems, nftBoxSeries, nftBoxes, nftItems } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { conflict, notFound } from "../errors.ts";
import {
  ACCOUNT_TYPES,
  DuplicateJournal,
  type Journal,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  bound,
  commit,
  errorText,
  fromUnits,
  postingStatements,
} from "../ledger/index.ts";
import { saleSplit } from "../nft/fees.ts";
import { nftRates } from "../nft/rates.ts";
import { itemImage, requireSeries } from "./series.ts";
import { localName } from "../nft/views.ts";
import type { Lang } from "../../../schema/api/lang.ts";

/**
 * Buying and opening boxes. A purchase is one batch: the series' sold count (CHECK sold <= total), the box row taking
 * its sequence number from that count, and the ledger journal (buyer pays the price; the catalogue's platform fee goes to
 * the fees account and the rest to the artist's user, or to the NFT sales account). An opening is one batch too: the
 * box's guarded update, the drawn item's owner, the series' opened count and the transfer row, whose unique ref key
 * `nftbox:open:<box>` makes a second opening fail whole, and whose recipient is NULL (failing the batch) unless the item's
 * guarded update took it from nobody.
 */

const RAISE_SOLD = "UPDATE nft_box_series SET sold = sold + 1 WHERE id = ?1";
const INSERT_BOX =
  "INSERT INTO nft_boxes (series_id, seq, code, user_id, price, currency_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
/** Tries of a purchase that lost its sequence number to a concurrent buyer before it answers 409. */
const BUY_TRIES = 20;

/**
 * POST /bind_box/buyBlindBox: one box of an on-sale series, paid from the exchange account. The box takes the next
 * sequence number as read; a concurrent buyer who took it first makes this batch fail whole on (series, seq), and it
 * reads again. Boxes are always numbered 1..sold.
 */
export async function buyBox(
  db: Db,
  userId: number,
  seriesId: number,
  record: (figures: { code: string; price: string; currency: string }) => Statement[] = () => [],
  now = Date.now(),
): Promise<{ code: string; price: string; currency_name: string }> {
  for (let attempt = 0; ; attempt++) {
    const s = await requireSeries(db, seriesId);
    if (now < s.startAt) throw conflict("NFT_BOX_NOT_STARTED");
    if (now >= s.endAt) throw conflict("NFT_BOX_ENDED");
    if (s.sold >= s.total) throw conflict("NFT_BOX_SOLD_OUT");
    const [cur, artist, rates] = await Promise.all([
      db.select().from(currencies).where(eq(currencies.id, s.currencyId)).get(),
      db.select().from(nftArtists).where(eq(nftArtists.id, s.artistId)).get(),
      nftRates(db),
    ]);
    // Split as a first sale of the catalogue: the platform fee, the rest to the payee (no royalty on a first sale).
    const split = saleSplit(s.price, { feeRate: rates.fee_rate, royaltyRate: rates.royalty_rate }, false);
    // An artist buying their own series pays the sales account, so a journal never debits and credits one account.
    const payee = artist?.userId && artist.userId !== userId ? artist.userId : SYSTEM_ACCOUNTS.nftSales;
    const payeeType = payee > 0 ? ACCOUNT_TYPES.change : SYSTEM_ACCOUNT_TYPE;
    const seq = s.sold + 1;
    const code = boxCode(s.id, seq);
    const journal: Journal = {
      kind: "nft_box_buy",
      refKey: `nftbox:buy:${s.id}:${seq}`,
      userId,
      memo: { series_id: s.id, name: s.name, code, fee: split.fee },
      lines: [
        { userId, accountType: ACCOUNT_TYPES.change, currencyId: s.currencyId, bucket: "available", amount: -s.price },
        { userId: payee, accountType: payeeType, currencyId: s.currencyId, bucket: "available", amount: split.seller },
        {
          userId: SYSTEM_ACCOUNTS.fees,
          accountType: SYSTEM_ACCOUNT_TYPE,
          currencyId: s.currencyId,
          bucket: "available",
          amount: split.fee,
        },
      ],
    };
    const price = fromUnits(s.price, cur!.precision);
    try {
      await commit(db, [
        ...record({ code, price, currency: cur!.name }),
        bound(db, RAISE_SOLD, s.id),
        bound(db, INSERT_BOX, s.id, seq, code, userId, s.price, s.currencyId, now),
        ...postingStatements(db, [journal], now),
      ]);
      return { code, price, currency_name: cur!.name };
    } catch (err) {
      // Other buyers took the last box, or this sequence number, between the read and the batch.
      const text = errorText(err);
      if (text.includes("nft_box_series_sold")) throw conflict("NFT_BOX_SOLD_OUT");
      const lostSeq = err instanceof DuplicateJournal || text.includes("nft_boxes.");
      if (lostSeq && attempt + 1 < BUY_TRIES) continue;
      if (lostSeq) throw conflict("NFT_BOX_BUSY");
      throw err;
    }
  }
}

async function ownBox(db: Db, userId: number, code: string) {
  const box = await db.select().from(nftBoxes).where(eq(nftBoxes.code, code)).get();
  // Another user's box is answered as missing, so codes reveal nothing about other holders.
  if (!box || box.userId !== userId) throw notFound("NFT_BOX_NOT_FOUND");
  return box;
}

const OPEN_BOX = "UPDATE nft_boxes SET item_id = ?1, opened_at = ?2 WHERE id = ?3 AND opened_at IS NULL";
const TAKE_ITEM = "UPDATE nft_items SET owner_id = ?1, version = version + 1, updated_at = ?2 WHERE id = ?3 AND owner_id IS NULL";
const RAISE_OPENED = "UPDATE nft_box_series SET opened = opened + 1 WHERE id = ?1";
const INSERT_TRANSFER =
  "INSERT INTO nft_transfers (item_id, from_user_id, to_user_id, via, price, currency_id, ref_key, created_at) " +
  "VALUES (?1, NULL, CASE WHEN changes() = 1 THEN ?2 END, 'blind_box', ?3, ?4, ?5, ?6)";

/**
 * POST /bind_box/openBlindBox: irrevocably assigns the box the item its sequence number draws (schema/api/nft-box.ts)
 * and makes it the holder's. Once only: a second opening, concurrent or later, changes nothing and answers 409.
 */
export async function openBox(db: Db, userId: number, code: string, lang: Lang, now = Date.now()): Promise<BoxView> {
  const box = await ownBox(db, userId, code);
  if (box.openedAt !== null) throw conflict("NFT_BOX_ALREADY_OPENED");
  const s = await requireSeries(db, box.seriesId);
  const position = (await drawSchedule(s.seed, s.id, s.total, box.seq))[box.seq - 1]!;
  const slot = await db
    .select({ itemId: nftBoxItems.itemId })
    .from(nftBoxItems)
    .where(and(eq(nftBoxItems.seriesId, s.id), eq(nftBoxItems.position, position)))
    .get();
  try {
    await commit(db, [
      bound(db, OPEN_BOX, slot!.itemId, now, box.id),
      bound(db, RAISE_OPENED, s.id),
      bound(db, TAKE_ITEM, userId, now, slot!.itemId),
      // Right after TAKE_ITEM: its recipient is NULL (NOT NULL fails the batch) unless the item was still unowned.
      bound(db, INSERT_TRANSFER, slot!.itemId, userId, box.price, box.currencyId, `nftbox:open:${box.id}`, now),
    ]);
  } catch (err) {
    // A concurrent opening committed first (its item, count or transfer key fails this batch): answer as a repeat.
    const again = await db.select({ openedAt: nftBoxes.openedAt }).from(nftBoxes).where(eq(nftBoxes.id, box.id)).get();
    if (again?.openedAt != null) throw conflict("NFT_BOX_ALREADY_OPENED");
    throw err;
  }
  const [view] = (await listBoxes(db, userId, lang)).list.filter((b) => b.code === code);
  return view!;
}

/** POST /bind_box/myBlindBoxes: the user's boxes, newest first (at most 200), opened ones with their item. */
export async function listBoxes(db: Db, userId: number, lang: Lang): Promise<{ list: BoxView[] }> {
  const rows = await db
    .select({
      box: nftBoxes,
      seriesName: nftBoxSeries.name,
      currency: { name: currencies.name, precision: currencies.precision },
      item: {
        code: nftItems.code,
        names: nftItems.names,
        rarity: nftItems.rarity,
        mediaType: nftItems.mediaType,
        mediaKey: nftItems.mediaKey,
      },
      position: nftBoxItems.position,
    })
    .from(nftBoxes)
    .innerJoin(nftBoxSeries, eq(nftBoxSeries.id, nftBoxes.seriesId))
    .innerJoin(currencies, eq(currencies.id, nftBoxes.currencyId))
    .leftJoin(nftItems, eq(nftItems.id, nftBoxes.itemId))
    .leftJoin(nftBoxItems, eq(nftBoxItems.itemId, nftBoxes.itemId))
    .where(eq(nftBoxes.userId, userId))
    .orderBy(desc(nftBoxes.id))
    .limit(200)
    .all();
  return {
    list: rows.map((r) => ({
      code: r.box.code,
      seq: r.box.seq,
      series_id: r.box.seriesId,
      series_name: r.seriesName,
      price: fromUnits(r.box.price, r.currency.precision),
      currency_name: r.currency.name,
      created_at: r.box.createdAt,
      opened_at: r.box.openedAt,
      item:
        r.item && r.position !== null
          ? {
              position: r.position,
              code: r.item.code,
              name: localName(r.item.names, lang),
              rarity: r.item.rarity as Rarity,
              image: itemImage(r.item.mediaType, r.item.mediaKey),
            }
          : null,
    })),
  };
}
