import { PAINTERS, pixelPng } from "./nft-art.ts";
import { sqlInt, sqlText as q, insertOrIgnore } from "./sql.ts";

/**
 * The demo NFT catalogue: two artists (one of them a user, who receives royalties on resales), two collections and
 * five artworks priced in USDT: on sale, not started, ended, and one owned by bob and listed by him for resale.
 * Fixed ids and codes, so a second seed changes nothing. Media are pixel-art PNGs drawn in code; scripts/seed.ts
 * writes them out and scripts/local-db.sh puts them into the local R2 bucket under the same keys.
 */
const DAY_MS = 86_400_000;
const USDT = 3;
const UNIT = 1_000_000;
const ART_SIZE = 24;

const ARTWORKS = [
  {
    id: 1,
    code: "NFT-DAWN",
    art: "dawn",
    artist: 1,
    collection: 1,
    rarity: 2,
    price: 120,
    names: { en: "Harbour at Dawn", zh: "黎明港湾", fra: "Port à l'aube", spa: "Puerto al amanecer" },
  },
  {
    id: 2,
    code: "NFT-FERRY",
    art: "ferry",
    artist: 1,
    collection: 1,
    rarity: 3,
    price: 80,
    names: { en: "Night Ferry", zh: "夜渡", fra: "Ferry de nuit", spa: "Ferri nocturno" },
  },
  {
    id: 3,
    code: "NFT-FOX",
    art: "fox",
    artist: 2,
    collection: 2,
    rarity: 1,
    price: 25,
    names: { en: "Fox in Snow", zh: "雪中狐", fra: "Renard dans la neige", spa: "Zorro en la nieve" },
  },
  {
    id: 4,
    code: "NFT-MOTH",
    art: "moth",
    artist: 2,
    collection: 2,
    rarity: 4,
    price: 300,
    names: { en: "Moth and Lantern", zh: "飞蛾与灯笼", fra: "Papillon et lanterne", spa: "Polilla y farol" },
  },
  {
    id: 5,
    code: "NFT-CORAL",
    art: "coral",
    artist: 2,
    collection: null,
    rarity: 2,
    price: 45,
    names: { en: "Coral Song", zh: "珊瑚之歌", fra: "Chant de corail", spa: "Canción de coral" },
  },
] as const;

/** The media files of the demo artworks (key and PNG bytes). */
export function nftSeedMedia(): { key: string; bytes: Uint8Array }[] {
  return ARTWORKS.map((a) => ({ key: `nft/seed-${a.art}.png`, bytes: pixelPng(ART_SIZE, PAINTERS[a.art]!) }));
}

/** The artist user (no log-in): receives the royalty when bob's listed artwork sells. */
const ARTIST_UID = "80000010";
const BOB = "(SELECT id FROM users WHERE email = 'bob@demo.test')";

export function nftSeedStatements(now: number): string[] {
  const out: string[] = [
    insertOrIgnore("users", {
      uid: q(ARTIST_UID),
      nickname: q("Lena Park"),
      invite_code: q("LENA10"),
      role: q("user"),
      created_at: sqlInt(now),
    }),
    insertOrIgnore("nft_artists", {
      id: "1",
      uid: q("lena-park"),
      user_id: `(SELECT id FROM users WHERE uid = ${q(ARTIST_UID)})`,
      names: q(JSON.stringify({ en: "Lena Park", zh: "朴丽娜", fra: "Lena Park", spa: "Lena Park" })),
      bio: q(
        JSON.stringify({
          en: "Harbours and boats in small pixels (demo artist).",
          zh: "以像素描绘港口与船只（演示艺术家）。",
          fra: "Ports et bateaux en petits pixels (artiste de démonstration).",
          spa: "Puertos y barcos en píxeles pequeños (artista de demostración).",
        }),
      ),
      created_at: sqlInt(now),
    }),
    insertOrIgnore("nft_artists", {
      id: "2",
      uid: q("studio-nimbus"),
      names: q(JSON.stringify({ en: "Studio Nimbus", zh: "云端工作室", fra: "Studio Nimbus", spa: "Estudio Nimbus" })),
      bio: q(
        JSON.stringify({
          en: "Animals and small lights (demo artist).",
          zh: "动物与微光（演示艺术家）。",
          fra: "Animaux et petites lumières (artiste de démonstration).",
          spa: "Animales y pequeñas luces (artista de demostración).",
        }),
      ),
      created_at: sqlInt(now),
    }),
    insertOrIgnore("nft_collections", {
      id: "1",
      artist_id: "1",
      names: q(JSON.stringify({ en: "Tidal Light", zh: "潮汐之光", fra: "Lumière des marées", spa: "Luz de marea" })),
      created_at: sqlInt(now),
    }),
    insertOrIgnore("nft_collections", {
      id: "2",
      artist_id: "2",
      names: q(JSON.stringify({ en: "Pixel Fauna", zh: "像素动物", fra: "Faune en pixels", spa: "Fauna de píxeles" })),
      created_at: sqlInt(now),
    }),
  ];
  for (const m of nftSeedMedia()) {
    out.push(
      insertOrIgnore("nft_media", {
        key: q(m.key),
        content_type: q("image/png"),
        size: sqlInt(m.bytes.byteLength),
        uploaded_by: "-1",
        created_at: sqlInt(now),
      }),
    );
  }
  const windows: Record<number, { listed: boolean; start: number; end: number }> = {
    1: { listed: true, start: now - DAY_MS, end: now + 60 * DAY_MS },
    2: { listed: true, start: now - DAY_MS, end: now + 30 * DAY_MS },
    3: { listed: true, start: now - DAY_MS, end: now + 60 * DAY_MS },
    4: { listed: true, start: now + 2 * DAY_MS, end: now + 30 * DAY_MS },
    5: { listed: true, start: now - 10 * DAY_MS, end: now - DAY_MS },
  };
  for (const a of ARTWORKS) {
    const w = windows[a.id]!;
    out.push(
      insertOrIgnore("nft_items", {
        id: sqlInt(a.id),
        code: q(a.code),
        artist_id: sqlInt(a.artist),
        collection_id: a.collection === null ? "NULL" : sqlInt(a.collection),
        names: q(JSON.stringify(a.names)),
        description: "'{}'",
        media_type: "1",
        media_key: q(`nft/seed-${a.art}.png`),
        rarity: sqlInt(a.rarity),
        owner_id: a.id === 2 ? BOB : "NULL",
        listed: w.listed ? "1" : "0",
        pay_type: "1",
        currency_id: sqlInt(USDT),
        price: sqlInt(a.price * UNIT),
        start_at: sqlInt(w.start),
        end_at: sqlInt(w.end),
        created_at: sqlInt(now),
        updated_at: sqlInt(now),
      }),
    );
  }
  return out;
}
