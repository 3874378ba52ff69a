import { Hono } from "hono";
import {
  adminTraderReviewRequest,
  adminTradersRequest,
  followApplyRequest,
  followCancelRequest,
  followFollowRequest,
  followHistoryRequest,
  followIndexRequest,
  followMyRequest,
  followSelfHoldingRequest,
  followTraderDetailRequest,
} from "../../schema/api/follow.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { cancelFollow, myCopies, myFollows, selfHold, startFollow } from "../domain/copy/follows.ts";
import { adminTraders, applyAsTrader, listTraders, myTrader, reviewTrader, traderDetail, traderHistory } from "../domain/copy/traders.ts";
import { contractPairById } from "../domain/contracts/pairs.ts";
import { translate } from "../domain/i18n/translate.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { copyDeps, referenceOf } from "./lever.ts";

/**
 * Copy trading, the original's `/follow/*` names and fields, plus the application (`/follow/apply`, `/follow/myTrader`),
 * the caller's follows and copies (`/follow/my`), and the console's trader review (`/admin/follow/*`).
 */
export const followRoutes = new Hono<AppEnv>()
  .get("/follow/index", requireUser, async (c) => {
    const input = parse(c, followIndexRequest);
    return ok(c, await listTraders(c.var.db, c.var.user.id, input.page));
  })
  .get("/follow/traderDetail", requireUser, async (c) => {
    const input = parse(c, followTraderDetailRequest);
    return ok(c, await traderDetail(c.var.db, c.var.user.id, input.trader_user_id));
  })
  .get("/follow/historyTrade", requireUser, async (c) => {
    const input = parse(c, followHistoryRequest);
    return ok(c, await traderHistory(c.var.db, input.trader_user_id, input.page));
  })
  .post("/follow/follow", requireUser, async (c) => {
    const input = parse(c, followFollowRequest);
    const out = await startFollow(c.var.db, c.var.user.id, {
      traderId: input.trader_user_id,
      type: input.type === "1" ? 1 : 2,
      number: input.number,
      lang: c.var.lang,
    });
    return ok(c, translate("FOLLOW_STARTED", c.var.lang, { nickname: out.nickname }));
  })
  .post("/follow/cancel", requireUser, async (c) => {
    const input = parse(c, followCancelRequest);
    await cancelFollow(c.var.db, c.var.user.id, input.follow_user_id);
    return ok(c, translate("FOLLOW_CANCELLED", c.var.lang));
  })
  .post("/follow/selfHolding", requireUser, async (c) => {
    const input = parse(c, followSelfHoldingRequest);
    const { marketId } = await selfHold(c.var.db, c.var.user.id, input.transaction_id);
    const pair = await contractPairById(c.var.db, marketId);
    if (pair)
      await copyDeps(c.env)
        .refresh(pair.market.symbol, [input.transaction_id])
        .catch(() => undefined);
    return ok(c, translate("FOLLOW_SELF_HELD", c.var.lang));
  })
  .get("/follow/my", requireUser, async (c) => {
    const input = parse(c, followMyRequest);
    const reference = referenceOf(c.env);
    const [list, open, closed] = await Promise.all([
      myFollows(c.var.db, c.var.user.id),
      myCopies(c.var.db, c.var.user.id, { open: true, page: 1 }, reference),
      myCopies(c.var.db, c.var.user.id, { open: false, page: input.page }, reference),
    ]);
    return ok(c, { follows: list, open, closed });
  })
  .get("/follow/myTrader", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await myTrader(c.var.db, c.var.user.id));
  })
  .post("/follow/apply", requireUser, async (c) => {
    const input = parse(c, followApplyRequest);
    await applyAsTrader(c.var.db, c.var.user.id, input);
    return ok(c, translate("TRADER_APPLIED", c.var.lang));
  })
  .get("/admin/follow/traders", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminTradersRequest);
    return ok(c, await adminTraders(c.var.db, input.status, input.page));
  })
  .post("/admin/follow/review", requireUser, requireOperator, async (c) => {
    const input = parse(c, adminTraderReviewRequest);
    await reviewTrader(c.var.db, c.var.user.id, input.user_id, input.action, c.var.lang);
    return ok(c, translate("TRADER_REVIEWED", c.var.lang));
  });
