import { sqlInt, sqlText as q, insertOrIgnore } from "./sql.ts";

const HOUR_MS = 3_600_000;
const BOB = "(SELECT id FROM users WHERE uid = '80000002')";
const ARTIST = "(SELECT id FROM nft_artists WHERE uid = 'A-ARTIST')";

/**
 * Demo auctions (codes prefixed `A-`): bob's items up for auction in USDT (start 100, increment 5, deposit 10), one
 * open for two hours from the first seed, one for a week. Run again later, the same rows stay (INSERT OR IGNORE).
 */
export function nftAuctionSeedStatements(now: number): string[] {
  const item = (code: string, en: string, names: Record<string, string>, hours: number) =>
    insertOrIgnore("nft_items", {
      code: q(code),
      artist_id: ARTIST,
      names: q(JSON.stringify({ en, ...names })),
      description: q(JSON.stringify({ en: "Demo auction lot (demo data)." })),
      media_type: "1",
      // The catalogue seed's pictures (put into the local R2 bucket by scripts/seed-media.ts).
      media_key: q(code === "A-0001" ? "nft/seed-dawn.png" : "nft/seed-ferry.png"),
      rarity: "2",
      owner_id: BOB,
      listed: "1",
      pay_type: "2",
      currency_id: "3",
      price: sqlInt(100_000_000),
      per_increase: sqlInt(5_000_000),
      margin: sqlInt(10_000_000),
      start_at: sqlInt(now),
      end_at: sqlInt(now + hours * HOUR_MS),
      version: "0",
      created_at: sqlInt(now),
      updated_at: sqlInt(now),
    });
  return [
    insertOrIgnore("nft_artists", {
      uid: q("A-ARTIST"),
      names: q(JSON.stringify({ en: "Edge Studio", zh: "Edge 工作室", fra: "Studio Edge", spa: "Estudio Edge" })),
      bio: q(JSON.stringify({ en: "Demo artist of the auction lots (demo data)." })),
      created_at: sqlInt(now),
    }),
    item("A-0001", "Harbour at Dawn", { zh: "黎明港湾", fra: "Port à l'aube", spa: "Puerto al amanecer" }, 2),
    item("A-0002", "Night Market", { zh: "夜市", fra: "Marché de nuit", spa: "Mercado nocturno" }, 24 * 7),
  ];
}
