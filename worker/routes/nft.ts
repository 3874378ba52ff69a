import { Hono } from "hono";
import {
  nftArtistDetailSchema,
  nftCodeSchema,
  nftDetailSchema,
  nftListSchema,
  nftPageSchema,
  nftResellSchema,
} from "../../schema/api/nft.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { findSession } from "../domain/auth/sessions.ts";
import { notFound } from "../domain/errors.ts";
import { translate } from "../domain/i18n/translate.ts";
import { fromUnits } from "../domain/ledger/index.ts";
import { buyItem } from "../domain/nft/buy.ts";
import {
  artistDetail,
  itemDetail,
  listArtists,
  listCollections,
  listItems,
  myItems,
  nftCurrencies,
  toggleCollect,
} from "../domain/nft/catalogue.ts";
import { findMedia } from "../domain/nft/media.ts";
import { parseRange } from "../domain/nft/media-type.ts";
import { nftRates } from "../domain/nft/rates.ts";
import { resellItem } from "../domain/nft/resell.ts";
import { localName } from "../domain/nft/views.ts";
import { bearerToken, requireUser } from "../http/auth.ts";
import type { AppContext, AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** The viewer of a public read, when a session came with it (for `collect`, `buy_status` and `is_mine`). */
const viewerId = async (c: AppContext) => (bearerToken(c) ? ((await findSession(c.var.db, bearerToken(c)))?.id ?? null) : null);

const READ = ["GET", "POST"];

/** NFT marketplace `/bind_box/*`: the catalogue, favourites, fixed-price buying, resale, and the media files. */
export const nftRoutes = new Hono<AppEnv>()
  .on(READ, "/bind_box/getBoxList", async (c) => {
    const input = parse(c, nftListSchema);
    return ok(c, await listItems(c.var.db, input, c.var.lang, await viewerId(c)));
  })
  .on(READ, "/bind_box/getBoxDetail", async (c) => {
    const input = parse(c, nftDetailSchema);
    return ok(c, await itemDetail(c.var.db, input.id, c.var.lang, await viewerId(c)));
  })
  .on(READ, "/bind_box/getArtist", async (c) => {
    const input = parse(c, nftPageSchema);
    return ok(c, await listArtists(c.var.db, input, c.var.lang));
  })
  .on(READ, "/bind_box/getArtistDetail", async (c) => {
    const input = parse(c, nftArtistDetailSchema);
    return ok(c, await artistDetail(c.var.db, input.uid, c.var.lang, await viewerId(c)));
  })
  .on(READ, "/bind_box/getCollection", async (c) => {
    const input = parse(c, nftPageSchema);
    return ok(c, await listCollections(c.var.db, input, c.var.lang));
  })
  .on(READ, "/bind_box/getNftCurrency", async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await nftCurrencies(c.var.db));
  })
  .on(READ, "/bind_box/rates", async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await nftRates(c.var.db));
  })
  .on(READ, "/bind_box/getMyNFTs", requireUser, async (c) => {
    const input = parse(c, nftPageSchema);
    return ok(c, await myItems(c.var.db, c.var.user.id, input, c.var.lang));
  })
  .post("/bind_box/collect", requireUser, async (c) => {
    const input = parse(c, nftCodeSchema);
    return ok(c, await toggleCollect(c.var.db, c.var.user.id, input.code));
  })
  .post(
    "/bind_box/buyNFT",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, nftCodeSchema);
      let payload = "";
      await buyItem(c.var.db, c.var.user.id, input.code, (p) => {
        payload = translate("NFT_BOUGHT", c.var.lang, {
          name: localName(p.item.names, c.var.lang),
          price: fromUnits(p.item.price, p.currency.precision),
          currency: p.currency.name,
        });
        return idem.record(payload);
      });
      return ok(c, payload);
    }),
  )
  .post("/bind_box/resellNFT", requireUser, async (c) => {
    const input = parse(c, nftResellSchema);
    await resellItem(c.var.db, c.var.user.id, input);
    return ok(c, translate("NFT_LISTED", c.var.lang));
  })
  .get("/bind_box/media/:key{.+}", async (c) => {
    const key = c.req.param("key");
    if (!/^nft\/[A-Za-z0-9_-]{1,40}\.[a-z0-9]{2,4}$/.test(key)) throw notFound();
    const media = await findMedia(c.var.db, key);
    if (!media) throw notFound();
    const range = parseRange(c.req.header("range"), media.size);
    const headers: Record<string, string> = {
      // The stored type was decided from the content at upload: only images, audio and video, never HTML or SVG.
      "Content-Type": media.contentType,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Accept-Ranges": "bytes",
    };
    if (range === "unsatisfiable") {
      return c.body(null, 416, { ...headers, "Content-Range": `bytes */${media.size}` });
    }
    const object = await c.env.FILES.get(key, range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : {});
    if (!object) throw notFound();
    if (!range) return c.body(object.body, 200, { ...headers, "Content-Length": String(media.size), ETag: object.httpEtag });
    return c.body(object.body, 206, {
      ...headers,
      "Content-Range": `bytes ${range.start}-${range.end}/${media.size}`,
      "Content-Length": String(range.end - range.start + 1),
      ETag: object.httpEtag,
    });
  });
