import { Hono } from "hono";
import {
  nftAdminListSchema,
  nftArtistSaveSchema,
  nftCollectionSaveSchema,
  nftItemSaveSchema,
  nftMediaUploadSchema,
  nftRatesSchema,
} from "../../schema/api/nft.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { adminCatalogue, saveArtist, saveCollection, saveItem } from "../domain/nft/admin.ts";
import { storeNftMedia } from "../domain/nft/media.ts";
import { nftRates, saveNftRates } from "../domain/nft/rates.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** Console: the NFT catalogue (artists, collections, items, media) and the published sale rates; every write audited. */

export const adminNftRoutes = new Hono<AppEnv>()
  .use("/admin/nft/*", requireUser, requireOperator)
  .get("/admin/nft/catalogue", async (c) => {
    const input = parse(c, nftAdminListSchema);
    return ok(c, await adminCatalogue(c.var.db, input));
  })
  .post("/admin/nft/artist", async (c) => {
    const input = parse(c, nftArtistSaveSchema);
    const row = await saveArtist(c.var.db, c.var.user.id, input);
    return ok(c, { id: row.id, uid: row.uid });
  })
  .post("/admin/nft/collection", async (c) => {
    const input = parse(c, nftCollectionSaveSchema);
    const row = await saveCollection(c.var.db, c.var.user.id, input);
    return ok(c, { id: row.id });
  })
  .post("/admin/nft/item", async (c) => {
    const input = parse(c, nftItemSaveSchema);
    const row = await saveItem(c.var.db, c.var.user.id, input);
    return ok(c, { id: row.id, code: row.code });
  })
  .post("/admin/nft/media", async (c) => {
    const input = parse(c, nftMediaUploadSchema);
    return ok(c, await storeNftMedia(c.env, c.var.db, c.var.user.id, input.file));
  })
  .get("/admin/nft/rates", async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await nftRates(c.var.db));
  })
  .post("/admin/nft/rates", async (c) => {
    const input = parse(c, nftRatesSchema);
    return ok(c, await saveNftRates(c.var.db, c.var.user.id, input));
  });
