import { Hono } from "hono";
import { and, eq, inArray } from "drizzle-orm";
import type { SecondsMarket } from "../../durable/seconds/seconds-market.ts";
import {
  type PayableCurrency,
  type SecondsConfig,
  type SecondsDuration,
  type SecondsList,
  type SecondsOrder,
  secondsConfigRequest,
  secondsListsRequest,
  secondsResultRequest,
  secondsSubmitRequest,
} from "../../schema/api/seconds.ts";
import { noFieldsSchema } from "../../schema/api/money.ts";
import { balances, currencies } from "../../schema/db/index.ts";
import { roomName } from "../domain/markets/config.ts";
import { marketById } from "../domain/markets/markets.ts";
import { ApiError, badRequest, conflict, notFound } from "../domain/errors.ts";
import { ACCOUNT_TYPES } from "../domain/ledger/accounts.ts";
import { D, fromUnits } from "../domain/ledger/amounts.ts";
import { enforce } from "../domain/limits/rate-limit.ts";
import { loadConfig, saveConfig } from "../domain/seconds/config.ts";
import { listSecondsOrders, openCount, ownSecondsOrder } from "../domain/seconds/orders.ts";
import { feeUnits } from "../domain/seconds/payoff.ts";
import { requireCurrency, userAmount } from "../domain/wallet/currencies.ts";
import { requireOperator, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotencyKey, idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/**
 * Seconds (micro) contracts, /microtrade/* with the original's fields. The Worker checks an order against the public
 * configuration (duration, amount limits, pair, pay coin, open orders per coin, one submit per second); the market's
 * SecondsMarket object opens it at the trail's price, writes the money and settles it at handled_at.
 */

/** One submit per second per user (the original's rule). */
export const SECONDS_SUBMIT_LIMIT = { count: 1, windowMs: 1_000 };

const stub = (env: AppEnv["Bindings"], symbol: string) =>
  (env.SecondsMarket as DurableObjectNamespace<SecondsMarket>).getByName(roomName(symbol));

const usable = (d: SecondsDuration) => d.status === 1;

export const secondsRoutes = new Hono<AppEnv>()
  .get("/microtrade/seconds", async (c) => {
    parse(c, noFieldsSchema);
    const config = await loadConfig(c.var.db);
    return ok<SecondsDuration[]>(c, config.durations.filter(usable));
  })
  .get("/microtrade/config", async (c) => {
    parse(c, noFieldsSchema);
    const config = await loadConfig(c.var.db);
    return ok<SecondsConfig>(c, { ...config, durations: config.durations.filter(usable) });
  })
  .get("/microtrade/payable_currencies", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    const config = await loadConfig(c.var.db);
    if (config.pay_coin_ids.length === 0) return ok<PayableCurrency[]>(c, []);
    const [coins, rows] = await Promise.all([
      c.var.db.select().from(currencies).where(inArray(currencies.id, config.pay_coin_ids)).all(),
      c.var.db
        .select()
        .from(balances)
        .where(
          and(
            eq(balances.userId, c.var.user.id),
            eq(balances.accountType, ACCOUNT_TYPES.micro),
            inArray(balances.currencyId, config.pay_coin_ids),
          ),
        )
        .all(),
    ]);
    return ok<PayableCurrency[]>(
      c,
      coins
        .filter((x) => x.isMicro && x.enabled)
        .map((x) => ({
          id: x.id,
          name: x.name,
          precision: x.precision,
          user_wallet: { micro_balance: fromUnits(rows.find((r) => r.currencyId === x.id)?.available ?? 0, x.precision) },
        })),
    );
  })
  .post(
    "/microtrade/submit",
    requireUser,
    idempotent(async (c) => {
      const input = parse(c, secondsSubmitRequest);
      const config = await loadConfig(c.var.db);
      const duration = config.durations.find((d) => d.seconds === input.seconds && usable(d));
      if (!duration) throw badRequest("SECONDS_UNKNOWN_DURATION");
      const market = await marketById(c.var.db, input.match_id);
      if (!market || !config.match_ids.includes(market.id)) throw badRequest("SECONDS_MARKET_CLOSED");
      const coin = await requireCurrency(c.var.db, input.currency_id);
      if (!config.pay_coin_ids.includes(coin.id) || !coin.isMicro) throw badRequest("SECONDS_PAY_COIN");
      const number = userAmount(coin, input.number);
      const units = (text: string) => new D(text).times(new D(10).pow(coin.precision));
      if (units(duration.min_amount).greaterThan(number) || units(duration.max_amount).lessThan(number)) {
        throw badRequest("SECONDS_AMOUNT_RANGE", { min: duration.min_amount, max: duration.max_amount });
      }
      const user = c.var.user.id;
      if ((await openCount(c.var.db, user, coin.id)) >= config.max_open_per_coin) {
        throw conflict("SECONDS_TOO_MANY_OPEN", { max: config.max_open_per_coin });
      }
      await enforce(c.var.db, `seconds:${user}`, SECONDS_SUBMIT_LIMIT.count, SECONDS_SUBMIT_LIMIT.windowMs);
      const result = await stub(c.env, market.symbol).accept({
        userId: user,
        currencyId: coin.id,
        currencyName: coin.name,
        precision: coin.precision,
        type: input.type === "1" ? 1 : 2,
        seconds: duration.seconds,
        number,
        fee: feeUnits(number, config.fee_rate),
        profitRatio: duration.profit_ratio,
        lossRatio: duration.loss_ratio,
        idem: (await idempotencyKey(c)) ?? null,
      });
      if ("error" in result) throw new ApiError(result.error.status, result.error.code, result.error.params);
      return ok<SecondsOrder>(c, result.order);
    }),
  )
  .get("/microtrade/lists", requireUser, async (c) => {
    const input = parse(c, secondsListsRequest);
    const status = Number(input.status) as 1 | 2 | 3;
    const page = await listSecondsOrders(c.var.db, c.var.user.id, {
      marketId: input.match_id,
      status,
      page: input.page,
      limit: input.limit,
    });
    return ok<SecondsList>(c, { ...page, page: input.page, limit: input.limit });
  })
  .get("/microtrade/get_result", requireUser, async (c) => {
    const input = parse(c, secondsResultRequest);
    const order = await ownSecondsOrder(c.var.db, c.var.user.id, input.id);
    if (!order) throw notFound();
    return ok<SecondsOrder>(c, order);
  })
  // Operator console -------------------------------------------------------------
  .get("/admin/seconds/config", requireUser, requireOperator, async (c) => {
    parse(c, noFieldsSchema);
    return ok<SecondsConfig>(c, await loadConfig(c.var.db));
  })
  .post("/admin/seconds/config", requireUser, requireOperator, async (c) => {
    const input = parse(c, secondsConfigRequest);
    return ok<SecondsConfig>(c, await saveConfig(c.var.db, c.var.user.id, input));
  });
