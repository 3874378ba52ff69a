import * as z from "zod/mini";
import { id, text, instant } from "./fields.ts";
import { currencyRef, decimalText } from "./money.ts";

/**
 * NFT blind boxes: the contracts of the box endpoints and the draw, shared by the worker (which assigns items with it)
 * and the verify page (which recomputes every draw in the browser). Pure; Web Crypto only.
 *
 * The draw of a series with N items in canonical order (positions 1..N) and revealed seed S (32 bytes, 64 hex):
 *   commitment   hex(SHA-256(S)), published when the series is created, before its sale opens
 *   code(s)      "BX<series id>-<s>" for the s-th box sold (s = 1..N)
 *   index(s)     the big-endian integer of HMAC-SHA256(key = S, message = UTF-8 code(s)), mod (N - s + 1)
 *   item(s)      remaining[index(s)], removed from remaining, where remaining starts as positions 1..N ascending
 * So box s's item depends only on S and s, both fixed at the commitment: not on who buys, when, or in which order boxes
 * are opened.
 */

export const BOX_SEED_BYTES = 32;
export const boxCode = (seriesId: number, seq: number): string => `BX${seriesId}-${seq}`;

const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

export function hexBytes(hexText: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})+$/.test(hexText)) throw new Error("not lowercase hex");
  const out = new Uint8Array(hexText.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hexText.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export const newSeed = (): string => hex(crypto.getRandomValues(new Uint8Array(BOX_SEED_BYTES)).buffer);

export async function commitmentOf(seedHex: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", hexBytes(seedHex)));
}

/**
 * The positions drawn by boxes 1..count of a series of `total` items: result[s - 1] is box s's position. Computing a
 * prefix gives the same draws as the whole schedule.
 */
export async function drawSchedule(seedHex: string, seriesId: number, total: number, count = total): Promise<number[]> {
  const key = await crypto.subtle.importKey("raw", hexBytes(seedHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const remaining = Array.from({ length: total }, (_, i) => i + 1);
  const drawn: number[] = [];
  for (let s = 1; s <= Math.min(count, total); s++) {
    const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(boxCode(seriesId, s)));
    const index = Number(BigInt(`0x${hex(mac)}`) % BigInt(remaining.length));
    drawn.push(remaining.splice(index, 1)[0]!);
  }
  return drawn;
}

/** 1 common, 2 rare, 3 epic, 4 legendary (nft_items.rarity). */
export const RARITIES = [1, 2, 3, 4] as const;
export type Rarity = (typeof RARITIES)[number];
/** A series' state: 2 not started, 1 on sale, 0 ended (the original's numbering), from its window and stock. */
export type BoxSaleStatus = 0 | 1 | 2;

export const boxSaleStatus = (s: { startAt: number; endAt: number; sold: number; total: number }, now: number): BoxSaleStatus =>
  now < s.startAt ? 2 : now < s.endAt && s.sold < s.total ? 1 : 0;
/** The seed is revealed once every box is sold and opened, or the sale window has closed. */
export const boxRevealed = (s: { endAt: number; sold: number; opened: number; total: number }, now: number): boolean =>
  now >= s.endAt || (s.sold === s.total && s.opened === s.total);

// Contracts -----------------------------------------------------------------------------------------------------

export const boxSeriesIdSchema = z.strictObject({ id: id() });
export const boxCodeSchema = z.strictObject({
  code: z.pipe(z.string(), z.string().check(z.regex(/^BX[1-9]\d{0,8}-[1-9]\d{0,3}$/, { error: "NFT_BOX_NOT_FOUND" }))),
});

const boxItemSpec = z.strictObject({
  name: text(1, 60),
  rarity: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  count: z.number().check(z.int(), z.minimum(1), z.maximum(500)),
  /** An uploaded media file's key (nft_media); without one the item shows its name and rarity only. */
  media_key: z.optional(z.string().check(z.regex(/^[A-Za-z0-9/_.-]{1,200}$/))),
});
export type BoxItemSpec = z.infer<typeof boxItemSpec>;

/** The items as JSON text: [{"name": "...", "rarity": 1..4, "count": n, "media_key"?: "..."}], 1 to 500 items in all. */
const boxItems = () =>
  z.pipe(
    z.string(),
    z.transform((s, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(s);
      } catch {
        value = null;
      }
      const parsed = z.array(boxItemSpec).check(z.minLength(1), z.maxLength(20)).safeParse(value);
      const total = parsed.success ? parsed.data.reduce((n, i) => n + i.count, 0) : 0;
      if (!parsed.success || total > 500) {
        ctx.issues.push({ code: "custom", input: s, message: "NFT_BOX_ITEMS_INVALID" });
        return z.NEVER;
      }
      return parsed.data;
    }),
  );

/** Operator: create a series (never edited: its items and commitment are fixed once published). */
export const boxSeriesCreateSchema = z.strictObject({
  name: text(1, 60),
  artist_id: id(),
  currency: currencyRef(),
  price: decimalText(),
  start_time: instant(),
  end_time: instant(),
  items: boxItems(),
});

export type BoxOdds = { rarity: Rarity; count: number };

export type BoxSeriesView = {
  id: number;
  name: string;
  artist_name: string;
  currency_name: string;
  price: string;
  total: number;
  sold: number;
  opened: number;
  remaining: number;
  start_time: number;
  end_time: number;
  status: BoxSaleStatus;
  /** hex SHA-256 of the seed, public from creation. */
  commitment: string;
  revealed: boolean;
  odds: BoxOdds[];
};

/** `image`: the item's picture URL for images and GIFs, "" for other media or none. */
export type BoxItemView = { position: number; code: string; name: string; rarity: Rarity; image: string };

export type BoxView = {
  code: string;
  seq: number;
  series_id: number;
  series_name: string;
  price: string;
  currency_name: string;
  created_at: number;
  opened_at: number | null;
  item: BoxItemView | null;
};

/** Everything the verify page needs: the seed only once revealed; each sold box with the position it drew, if opened. */
export type BoxVerifyView = {
  series: BoxSeriesView;
  seed: string | null;
  items: BoxItemView[];
  boxes: { seq: number; code: string; position: number | null }[];
};
