import * as z from "zod/mini";
import { LANGS, type Lang } from "./lang.ts";
import { id, limit, page, text, instant } from "./fields.ts";
import { currencyRef, decimalText } from "./money.ts";

/**
 * NFT marketplace (the spec's `/bind_box/*`): request contracts and the item, artist and collection views shared by
 * the worker and the web. Pure.
 *   status       1 on sale, 0 ended, 2 not started (from `listed`, the sale window and now)
 *   pay_type     1 fixed price, 2 auction, 3 blind box
 *   type         1 image, 2 gif, 3 audio, 4 video
 */

const digits = (re: RegExp) => z.pipe(z.string(), z.string().check(z.regex(re, { error: "PARAMETER_ERROR" })));
const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.pipe(z.string(), z.enum(values));
/** An item's public code: letters, digits, dash and underscore. */
export const nftCode = () => digits(/^[A-Za-z0-9_-]{1,40}$/);
export const artistUid = () => digits(/^[A-Za-z0-9_-]{1,40}$/);

/** Search terms are matched literally; an empty keyword is refused (search needs a keyword). */
export const nftKeyword = () => text(1, 40, "NFT_KEYWORD_REQUIRED");

export const nftListSchema = z.strictObject({
  page: page(),
  limit: limit(50, 10),
  currency: z.optional(currencyRef()),
  pay_type: z.optional(choice(["1", "2", "3"])),
  status: z.optional(choice(["0", "1", "2"])),
  type: z.optional(choice(["1", "2", "3", "4"])),
  keyword: z.optional(nftKeyword()),
  collection: z.optional(id()),
});
export type NftListQuery = z.output<typeof nftListSchema>;

export const nftDetailSchema = z.strictObject({ id: nftCode() });
export const nftCodeSchema = z.strictObject({ code: nftCode() });
export const nftArtistDetailSchema = z.strictObject({ uid: artistUid() });
export const nftPageSchema = z.strictObject({ page: page(), limit: limit(50, 10) });

/**
 * resellNFT: price (fixed price, or an auction's starting price), the window, and for an auction (`pay_type` 2, or
 * any `per_increase` above zero) the smallest increment.
 */
export const nftResellSchema = z.strictObject({
  code: nftCode(),
  price: decimalText(),
  start_time: instant(),
  end_time: instant(),
  per_increase: z.optional(decimalText()),
  pay_type: z.optional(choice(["1", "2"])),
});

/** Names by language: a JSON object with "en" and any other of the app's languages. */
export type NftNames = Partial<Record<Lang, string>> & { en: string };
const nameText = () => text(1, 80);
export const nftNamesSchema = z.strictObject({
  en: nameText(),
  ...(Object.fromEntries(LANGS.filter((l) => l !== "en").map((l) => [l, z.optional(nameText())])) as Record<
    Exclude<Lang, "en">,
    z.ZodMiniOptional<ReturnType<typeof nameText>>
  >),
});

/** Names in one language, falling back to English. */
export const nameIn = (names: NftNames, lang: Lang): string => names[lang] || names.en;

const jsonNames = () =>
  z.pipe(
    z.string().check(z.maxLength(2000)),
    z.transform((s, ctx) => {
      try {
        const parsed = z.safeParse(nftNamesSchema, JSON.parse(s));
        if (parsed.success) return parsed.data as NftNames;
      } catch {
        // not JSON: the issue below
      }
      ctx.issues.push({ code: "custom", input: s, message: "NFT_NAMES_INVALID" });
      return z.NEVER;
    }),
  );

const mediaKey = () => digits(/^nft\/[A-Za-z0-9_-]{1,40}\.(?:png|jpg|webp|gif|mp3|ogg|mp4|webm)$/);

export const nftArtistSaveSchema = z.strictObject({
  id: z.optional(id()),
  names: jsonNames(),
  bio: z._default(z.optional(z.string().check(z.maxLength(4000))), "{}"),
  user_uid: z.optional(digits(/^[A-Za-z0-9_-]{0,40}$/)),
  avatar_key: z.optional(mediaKey()),
});
export const nftCollectionSaveSchema = z.strictObject({
  id: z.optional(id()),
  artist_id: id(),
  names: jsonNames(),
  cover_key: z.optional(mediaKey()),
});
export const nftItemSaveSchema = z.strictObject({
  id: z.optional(id()),
  artist_id: id(),
  collection_id: z.optional(id()),
  names: jsonNames(),
  description: z._default(z.optional(z.string().check(z.maxLength(4000))), "{}"),
  media_key: mediaKey(),
  cover_key: z.optional(mediaKey()),
  rarity: choice(["1", "2", "3", "4"]),
  currency: currencyRef(),
  price: decimalText(),
  per_increase: z._default(z.optional(decimalText()), "0"),
  margin: z._default(z.optional(decimalText()), "0"),
  pay_type: choice(["1", "2", "3"]),
  start_time: z.optional(instant()),
  end_time: z.optional(instant()),
  listed: z._default(z.optional(choice(["0", "1"])), "0"),
});
/** Rates as decimal fractions of the price, 0 to 0.5 with at most 4 decimals ("0.025" is 2.5 %). */
export const nftRate = () => digits(/^0(?:\.\d{1,4})?$/);
export const nftRatesSchema = z.strictObject({ fee_rate: nftRate(), royalty_rate: nftRate() });
export const nftMediaUploadSchema = z.strictObject({
  file: z.custom<File>((v) => typeof File !== "undefined" && v instanceof File),
});
export const nftAdminListSchema = z.strictObject({ page: page(), limit: limit(100, 20) });

export const NFT_MEDIA_PATH = "/api/bind_box/media/";

export type NftItemView = {
  id: number;
  code: string;
  name: string;
  description: string;
  /** The cover (audio, video) or the image itself. */
  image: string;
  /** The media file itself. */
  media: string;
  price: string;
  per_increase: string;
  margin: string;
  rarity: 1 | 2 | 3 | 4;
  type: 1 | 2 | 3 | 4;
  pay_type: 1 | 2 | 3;
  status: 0 | 1 | 2;
  /** 1 when the viewer could buy it now at the fixed price. */
  buy_status: 0 | 1;
  start_time: number;
  end_time: number;
  /** The owner's nickname; null before the first sale. */
  owner: string | null;
  is_mine: 0 | 1;
  listed: 0 | 1;
  collect: 0 | 1;
  collect_number: number;
  author_name: string;
  author_avatar: string;
  author_uid: string;
  collection_id: number | null;
  collection_name: string;
  currency_name: string;
  currency_id: number;
  precision: number;
};

/** What a fixed-price sale of the item would split, at the published rates (detail only). */
export type NftSaleSplit = {
  fee_rate: string;
  royalty_rate: string;
  /** The platform fee taken from the seller's proceeds. */
  fee: string;
  /** The artist's royalty (resales by someone other than the artist only). */
  royalty: string;
  seller_receives: string;
  /** What the buyer pays: the price. */
  total: string;
};
export type NftDetailView = NftItemView & NftSaleSplit & { primary: 0 | 1 };

export type NftArtistView = { id: number; uid: string; name: string; bio: string; avatar: string; works: number };
export type NftCollectionView = {
  id: number;
  name: string;
  cover: string;
  artist_uid: string;
  author_name: string;
  works: number;
};
export type NftArtistDetail = NftArtistView & { artworks: NftItemView[]; collects: NftCollectionView[] };
export type NftPage<T> = { list: T[]; page: number; limit: number; total: number };
export type NftRates = { fee_rate: string; royalty_rate: string };
export type NftCurrencyView = { id: number; name: string };
