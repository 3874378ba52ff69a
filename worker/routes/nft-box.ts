import { Hono } from "hono";
import { boxCodeSchema, boxSeriesCreateSchema, boxSeriesIdSchema } from "../../schema/api/nft-box.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { translate } from "../domain/i18n/translate.ts";
import { buyBox, listBoxes, openBox } from "../domain/nft-box/boxes.ts";
import { createSeries, listSeries, seriesDetail, verifyView } from "../domain/nft-box/series.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** NFT blind boxes: series (public), buying and opening (the holder's), the verify data and the console's creation. */
export const nftBoxRoutes = new Hono<AppEnv>()
  .get("/bind_box/boxSeriesList", async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await listSeries(c.var.db, c.var.lang));
  })
  .get("/bind_box/boxSeriesDetail", async (c) => {
    const input = parse(c, boxSeriesIdSchema);
    return ok(c, await seriesDetail(c.var.db, input.id, c.var.lang));
  })
  .get("/bind_box/boxSeriesVerify", async (c) => {
    const input = parse(c, boxSeriesIdSchema);
    return ok(c, await verifyView(c.var.db, input.id, c.var.lang));
  })
  .post(
    "/bind_box/buyBlindBox",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, boxSeriesIdSchema);
      let payload = { code: "", message: "" };
      await buyBox(c.var.db, c.var.user.id, input.id, (f) => {
        payload = {
          code: f.code,
          message: translate("NFT_BOX_BOUGHT", c.var.lang, { code: f.code, price: f.price, currency: f.currency }),
        };
        return idem.record(payload);
      });
      return ok(c, payload);
    }),
  )
  .post("/bind_box/myBlindBoxes", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await listBoxes(c.var.db, c.var.user.id, c.var.lang));
  })
  .post("/bind_box/openBlindBox", requireUser, async (c) => {
    const input = parse(c, boxCodeSchema);
    return ok(c, await openBox(c.var.db, c.var.user.id, input.code, c.var.lang));
  })
  .post("/admin/nft_box/series", requireUser, requireOperator, async (c) => {
    const input = parse(c, boxSeriesCreateSchema);
    return ok(c, await createSeries(c.var.db, c.var.user.id, input));
  });
