import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  type BoxItemSpec,
  type BoxItemView,
  type BoxOdds,
  type BoxSeriesView,
  type BoxVerifyView,
  type Rarity,
  boxRevealed,
  boxSaleStatus,
  commitmentOf,
  newSeed,
} from "../../../schema/api/nft-box.ts";
import { currencies, nftArtists, nftBoxItems, nftBoxSeries, nftBoxes, nftItems, nftMedia } from "../../../schema/db/index.ts";
import type { Db } from "../db.ts";
import { badRequest, notFound } from "../errors.ts";
import { type Statement, bound, commit, fromUnits } from "../ledger/index.ts";
import { localName, mediaUrl } from "../nft/views.ts";
import { mediaKind } from "../nft/media-type.ts";
import type { Lang } from "../../../schema/api/lang.ts";
import { requireCurrency, userUnits } from "../wallet/currencies.ts";

/**
 * Box series: created by operators (audited, with the seed's commitment published in the same batch), listed and shown
 * with their odds, and verified once revealed. The seed leaves the database only through `verifyView`, after the reveal.
 */

export type SeriesRow = typeof nftBoxSeries.$inferSelect;
type Cur = { id: number; name: string; precision: number };

/** The picture of an image or GIF item (the catalogue's media URL); "" for audio, video or no media. */
export const itemImage = (mediaType: number, mediaKey: string): string => (mediaType <= 2 ? mediaUrl(mediaKey) : "");

async function lookups(db: Db, rows: SeriesRow[]) {
  const artistIds = [...new Set(rows.map((r) => r.artistId))];
  const [curs, artists, odds] = await Promise.all([
    db.select({ id: currencies.id, name: currencies.name, precision: currencies.precision }).from(currencies).all(),
    artistIds.length ? db.select().from(nftArtists).where(inArray(nftArtists.id, artistIds)).all() : [],
    rows.length
      ? db
          .select({ seriesId: nftBoxItems.seriesId, rarity: nftItems.rarity })
          .from(nftBoxItems)
          .innerJoin(nftItems, eq(nftItems.id, nftBoxItems.itemId))
          .where(
            inArray(
              nftBoxItems.seriesId,
              rows.map((r) => r.id),
            ),
          )
          .all()
      : [],
  ]);
  return {
    curs: new Map<number, Cur>(curs.map((c) => [c.id, c])),
    artists: new Map(artists.map((a) => [a.id, a])),
    odds: (seriesId: number): BoxOdds[] => {
      const counts = new Map<number, number>();
      for (const o of odds) if (o.seriesId === seriesId) counts.set(o.rarity, (counts.get(o.rarity) ?? 0) + 1);
      return [...counts].sort((a, b) => a[0] - b[0]).map(([rarity, count]) => ({ rarity: rarity as Rarity, count }));
    },
  };
}

function seriesView(s: SeriesRow, l: Awaited<ReturnType<typeof lookups>>, lang: Lang, now: number): BoxSeriesView {
  const cur = l.curs.get(s.currencyId)!;
  const artist = l.artists.get(s.artistId);
  return {
    id: s.id,
    name: s.name,
    artist_name: artist ? localName(artist.names, lang) : "",
    currency_name: cur.name,
    price: fromUnits(s.price, cur.precision),
    total: s.total,
    sold: s.sold,
    opened: s.opened,
    remaining: s.total - s.sold,
    start_time: s.startAt,
    end_time: s.endAt,
    status: boxSaleStatus(s, now),
    commitment: s.commitment,
    revealed: boxRevealed(s, now),
    odds: l.odds(s.id),
  };
}

/** The series whose sale has not ended first (soonest end), then the ended ones (newest first); at most 100. */
export async function listSeries(db: Db, lang: Lang, now = Date.now()): Promise<{ list: BoxSeriesView[] }> {
  const rows = await db.select().from(nftBoxSeries).orderBy(desc(nftBoxSeries.id)).limit(100).all();
  const l = await lookups(db, rows);
  const views = rows.map((s) => seriesView(s, l, lang, now));
  const rank = (v: BoxSeriesView) => (v.status === 0 ? 1 : 0);
  return { list: views.sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? a.end_time - b.end_time : b.id - a.id)) };
}

export async function requireSeries(db: Db, id: number): Promise<SeriesRow> {
  const s = await db.select().from(nftBoxSeries).where(eq(nftBoxSeries.id, id)).get();
  if (!s) throw notFound("NFT_BOX_SERIES_NOT_FOUND");
  return s;
}

export async function seriesDetail(db: Db, id: number, lang: Lang, now = Date.now()): Promise<BoxSeriesView> {
  const s = await requireSeries(db, id);
  return seriesView(s, await lookups(db, [s]), lang, now);
}

export async function seriesItems(db: Db, seriesId: number, lang: Lang): Promise<BoxItemView[]> {
  const rows = await db
    .select({
      position: nftBoxItems.position,
      code: nftItems.code,
      names: nftItems.names,
      rarity: nftItems.rarity,
      mediaType: nftItems.mediaType,
      mediaKey: nftItems.mediaKey,
    })
    .from(nftBoxItems)
    .innerJoin(nftItems, eq(nftItems.id, nftBoxItems.itemId))
    .where(eq(nftBoxItems.seriesId, seriesId))
    .orderBy(asc(nftBoxItems.position))
    .all();
  return rows.map((r) => ({
    position: r.position,
    code: r.code,
    name: localName(r.names, lang),
    rarity: r.rarity as Rarity,
    image: itemImage(r.mediaType, r.mediaKey),
  }));
}

/** The public verify data: the seed only once the series is revealed, every sold box and the position it drew. */
export async function verifyView(db: Db, id: number, lang: Lang, now = Date.now()): Promise<BoxVerifyView> {
  const s = await requireSeries(db, id);
  const [series, items, boxes] = await Promise.all([
    seriesDetail(db, id, lang, now),
    seriesItems(db, id, lang),
    db
      .select({ seq: nftBoxes.seq, code: nftBoxes.code, position: nftBoxItems.position })
      .from(nftBoxes)
      .leftJoin(nftBoxItems, eq(nftBoxItems.itemId, nftBoxes.itemId))
      .where(eq(nftBoxes.seriesId, id))
      .orderBy(asc(nftBoxes.seq))
      .all(),
  ]);
  return { series, seed: series.revealed ? s.seed : null, items, boxes };
}

/** Each named media key's item media type; an unknown key is refused. */
async function mediaTypes(db: Db, items: BoxItemSpec[]): Promise<Map<string, number>> {
  const keys = [...new Set(items.flatMap((i) => (i.media_key ? [i.media_key] : [])))];
  const rows = keys.length ? await db.select().from(nftMedia).where(inArray(nftMedia.key, keys)).all() : [];
  if (rows.length !== keys.length) throw notFound("NFT_BOX_MEDIA_NOT_FOUND");
  return new Map(rows.map((r) => [r.key, mediaKind(r.contentType)]));
}

// Inside the creating batch the new series' id is the table's autoincrement counter; each item's id is last_insert_rowid().
const NEW_SERIES = "(SELECT seq FROM sqlite_sequence WHERE name = 'nft_box_series')";
const INSERT_POSITION = `INSERT INTO nft_box_items (series_id, position, item_id) VALUES (${NEW_SERIES}, ?1, last_insert_rowid())`;
const AUDIT_SERIES =
  "INSERT INTO audit_log (actor_id, action, subject_type, subject_id, detail, created_at) " +
  `VALUES (?1, 'nft_box_series_create', 'nft_box_series', CAST(${NEW_SERIES} AS TEXT), ?2, ?3)`;

/**
 * Operator: creates a series with a fresh secret seed and its commitment, its items (unowned, pay_type 3) in canonical
 * order (the order given, each spec repeated `count` times) and the audit row, in one batch.
 */
export async function createSeries(
  db: Db,
  operatorId: number,
  input: { name: string; artist_id: number; currency: string; price: string; start_time: number; end_time: number; items: BoxItemSpec[] },
  now = Date.now(),
): Promise<BoxSeriesView> {
  if (input.end_time <= input.start_time || input.end_time <= now) throw badRequest("NFT_BOX_WINDOW_INVALID");
  const artist = await db.select().from(nftArtists).where(eq(nftArtists.id, input.artist_id)).get();
  if (!artist) throw notFound("NFT_BOX_ARTIST_NOT_FOUND");
  const cur = await requireCurrency(db, input.currency);
  const price = userUnits(input.price, cur.precision);
  const media = await mediaTypes(db, input.items);
  const seed = newSeed();
  const commitment = await commitmentOf(seed);
  const total = input.items.reduce((n, i) => n + i.count, 0);
  const statements: Statement[] = [
    db.insert(nftBoxSeries).values({
      name: input.name,
      artistId: artist.id,
      currencyId: cur.id,
      price,
      total,
      startAt: input.start_time,
      endAt: input.end_time,
      seed,
      commitment,
      createdBy: operatorId,
      createdAt: now,
    }),
  ];
  let position = 0;
  for (const spec of input.items) {
    for (let k = 0; k < spec.count; k++) {
      position += 1;
      const name = spec.count > 1 ? `${spec.name} #${k + 1}` : spec.name;
      statements.push(
        db.insert(nftItems).values({
          // Text, not a number: D1 binds numbers as REAL, which would concatenate as "1.0".
          code: sql`'BXI' || ${sql.raw(NEW_SERIES)} || ${`-${position}`}`,
          artistId: artist.id,
          names: JSON.stringify({ en: name }),
          mediaType: spec.media_key ? media.get(spec.media_key)! : 1,
          mediaKey: spec.media_key ?? "",
          rarity: spec.rarity,
          payType: 3,
          currencyId: cur.id,
          price,
          createdAt: now,
          updatedAt: now,
        }),
        bound(db, INSERT_POSITION, position),
      );
    }
  }
  const detail = { name: input.name, total, price: input.price, currency: cur.name, commitment };
  statements.push(bound(db, AUDIT_SERIES, operatorId, JSON.stringify(detail), now));
  await commit(db, statements);
  const created = await db.select({ id: nftBoxSeries.id }).from(nftBoxSeries).where(eq(nftBoxSeries.commitment, commitment)).get();
  return seriesDetail(db, created!.id, "en", now);
}
