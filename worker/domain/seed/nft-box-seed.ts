import { commitmentOf, newSeed } from "../../../schema/api/nft-box.ts";
import { sqlInt, sqlText as q, insertOrIgnore } from "./sql.ts";

/**
 * The demo blind box series: ten items (six common, three rare, one legendary) by a studio artist, 5 USDT a box, on
 * sale for 30 days. Fixed ids well above the catalogue's own (artist 100, items 1001+, series 1), so the NFT catalogue
 * seed and a second run change nothing. The seed is drawn fresh the first time; a rerun is ignored with its row.
 */
const DAY_MS = 86_400_000;
const USDT = 3;
const UNIT = 1_000_000;
const ARTIST_ID = 100;
const SERIES_ID = 1;
const FIRST_ITEM_ID = 1001;
// Pictures: the NFT catalogue seed's media (nft-seed.ts), stored before these rows.
const ITEMS: { name: string; rarity: number; count: number; media: string }[] = [
  { name: "Harbour Cat", rarity: 1, count: 6, media: "nft/seed-dawn.png" },
  { name: "Lantern Cat", rarity: 2, count: 3, media: "nft/seed-moth.png" },
  { name: "Golden Cat", rarity: 4, count: 1, media: "nft/seed-fox.png" },
];

export async function nftBoxSeedStatements(now: number): Promise<string[]> {
  const seed = newSeed();
  const total = ITEMS.reduce((n, i) => n + i.count, 0);
  const out = [
    insertOrIgnore("nft_artists", {
      id: sqlInt(ARTIST_ID),
      uid: q("ART-BOXSTUDIO"),
      names: q(JSON.stringify({ en: "Box Studio", zh: "盲盒工作室", fra: "Studio Boîte", spa: "Estudio Caja" })),
      created_at: sqlInt(now),
    }),
    insertOrIgnore("nft_box_series", {
      id: sqlInt(SERIES_ID),
      name: q("Harbour Cats"),
      artist_id: sqlInt(ARTIST_ID),
      currency_id: sqlInt(USDT),
      price: sqlInt(5 * UNIT),
      total: sqlInt(total),
      start_at: sqlInt(now - DAY_MS),
      end_at: sqlInt(now + 30 * DAY_MS),
      seed: q(seed),
      commitment: q(await commitmentOf(seed)),
      created_by: sqlInt(-3),
      created_at: sqlInt(now),
    }),
  ];
  let position = 0;
  for (const spec of ITEMS) {
    for (let k = 1; k <= spec.count; k++) {
      position += 1;
      out.push(
        insertOrIgnore("nft_items", {
          id: sqlInt(FIRST_ITEM_ID + position - 1),
          code: q(`BXI${SERIES_ID}-${position}`),
          artist_id: sqlInt(ARTIST_ID),
          names: q(JSON.stringify({ en: spec.count > 1 ? `${spec.name} #${k}` : spec.name })),
          media_type: 1,
          media_key: q(spec.media),
          rarity: sqlInt(spec.rarity),
          pay_type: 3,
          currency_id: sqlInt(USDT),
          price: sqlInt(5 * UNIT),
          created_at: sqlInt(now),
          updated_at: sqlInt(now),
        }),
        insertOrIgnore("nft_box_items", {
          series_id: sqlInt(SERIES_ID),
          position: sqlInt(position),
          item_id: sqlInt(FIRST_ITEM_ID + position - 1),
        }),
      );
    }
  }
  return out;
}
