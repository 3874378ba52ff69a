import { Hono } from "hono";
import type { ContractMarket } from "../../durable/contract/contract-market.ts";
import type { Market } from "../../durable/spot/market.ts";
import type { StockFeed, StockPrices } from "../../durable/stocks/stock-feed.ts";
import {
  type LeverDeal,
  leverBatchCloseRequest,
  leverCancelRequest,
  leverCloseRequest,
  leverDealAllRequest,
  leverDealRequest,
  leverMyTradeRequest,
  leverSetStopRequest,
  leverSubmitRequest,
} from "../../schema/api/contracts.ts";
import { balances } from "../../schema/db/index.ts";
import { and, eq } from "drizzle-orm";
import { findAccountById } from "../domain/auth/address.ts";
import { pepperOf } from "../domain/auth/pepper.ts";
import { checkCurrentPassword } from "../domain/auth/reauth.ts";
import {
  type ContractFeed,
  type ContractPair,
  type ReferenceSource,
  contractPairById,
  requireContractPair,
} from "../domain/contracts/pairs.ts";
import { tradableReference } from "../domain/contracts/reference.ts";
import {
  type PositionRow,
  StalePosition,
  cancelEntry,
  closePosition,
  holdingOf,
  listPositions,
  openPosition,
  ownPosition,
  setStops,
} from "../domain/contracts/positions.ts";
import type { Env } from "../domain/env.ts";
import { badRequest, conflict, notFound } from "../domain/errors.ts";
import { closeTogether } from "../domain/contracts/settle.ts";
import { ACCOUNT_TYPES, D, fromUnits } from "../domain/ledger/index.ts";
import { type CopyDeps, syncCopies } from "../domain/copy/sync.ts";
import { database } from "../domain/db.ts";
import { pushUnread } from "../realtime/push.ts";
import { type MarketConfig, roomName } from "../domain/markets/config.ts";
import { translate } from "../domain/i18n/translate.ts";
import { requireUser } from "../http/auth.ts";
import type { AppContext, AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { requireVerification } from "../http/verification.ts";
import { log } from "../domain/log.ts";

/**
 * Contract (lever) trading, the spec's `/lever/*`. The house is the counterparty at the pair's reference price
 * (read live from the spot Market object's feed) plus the published spread; positions live in D1
 * (worker/domain/contracts/positions.ts). Another user's position id is 404.
 */

/** A stock pair's feed: its price, and whether the market is in session. */
export const stockPrices = (env: Env, symbol: string): Promise<StockPrices> =>
  (env.StockFeed as DurableObjectNamespace<StockFeed>).getByName(roomName(symbol)).prices();

/** What a contract pair's price source answers now: its spot Market object, or its stock feed (with the session). */
const pricesOf = (env: Env, m: MarketConfig, feed: ContractFeed) =>
  feed === "stock" ? stockPrices(env, m.symbol) : (env.Market as DurableObjectNamespace<Market>).getByName(roomName(m.symbol)).prices();

/** The live reference price of a contract pair, read from its spot Market object or its stock feed. */
export const referenceOf =
  (env: Env): ReferenceSource =>
  async (m, feed) => {
    const p = await pricesOf(env, m, feed);
    return p.reference !== null && p.referenceAt !== null ? { price: p.reference, at: p.referenceAt } : null;
  };

/** The price an open, close or stop change uses now; a stock pair outside its hours has none (409 STOCK_MARKET_CLOSED). */
async function liveReference(c: AppContext, pair: ContractPair) {
  if (pair.feed === "stock") {
    const p = await stockPrices(c.env, pair.market.symbol);
    if (!p.open) throw conflict("STOCK_MARKET_CLOSED");
    if (!p.live || p.reference === null || p.referenceAt === null) throw conflict("CONTRACT_NO_PRICE");
    return { price: p.reference, at: p.referenceAt };
  }
  const ref = await referenceOf(c.env)(pair.market, pair.feed);
  if (!ref) throw conflict("CONTRACT_NO_PRICE");
  return ref;
}

async function leverBalance(c: AppContext, legalId: number, precision: number): Promise<string> {
  const row = await c.var.db
    .select({ available: balances.available })
    .from(balances)
    .where(and(eq(balances.userId, c.var.user.id), eq(balances.currencyId, legalId), eq(balances.accountType, ACCOUNT_TYPES.lever)))
    .get();
  return fromUnits(row?.available ?? 0, precision);
}

/**
 * Tells the pair's contract object which positions changed, so its trigger ladders follow D1. A failure only delays
 * that until the object's resync from D1; the request itself has succeeded.
 */
async function tellContract(c: AppContext, pair: ContractPair, ids: number[]): Promise<void> {
  try {
    await (c.env.ContractMarket as DurableObjectNamespace<ContractMarket>).getByName(roomName(pair.market.symbol)).refresh(ids);
  } catch (err) {
    log("warn", { event: "contract_refresh_failed", market: pair.market.symbol, error: String(err) });
  }
}

async function closeOwn(c: AppContext, row: PositionRow, reason: "user" | "batch") {
  if (row.orderType === 2) throw conflict("CONTRACT_COPIED");
  if (row.status !== 1) throw conflict("CONTRACT_NOT_OPEN");
  const pair = await contractPairById(c.var.db, row.marketId);
  if (!pair) throw notFound();
  const ref = await liveReference(c, pair);
  // A row changed since it was read (a trigger or the overnight fee got there first) moved nothing: try again.
  const out = await closePosition(c.var.db, row, pair.terms.precision, ref, reason).catch((err: unknown) => {
    throw err instanceof StalePosition ? conflict("CONTRACT_NOT_OPEN") : err;
  });
  if (out.duplicate) throw conflict("CONTRACT_NOT_OPEN");
  await tellContract(c, pair, [row.id]);
  return out;
}

const optional = (v: string | undefined) => v ?? null;

/** What the copy hook needs from the runtime: live reference prices and the contract objects (copy trading). */
export const copyDeps = (env: Env): CopyDeps => ({
  reference: async (m, feed) => tradableReference(await pricesOf(env, m, feed)),
  refresh: (symbol, ids) => (env.ContractMarket as DurableObjectNamespace<ContractMarket>).getByName(roomName(symbol)).refresh(ids),
  notify: (userId) => pushUnread(env, database(env.DB), userId),
});

/** After a user's own open or close, their followers' copies follow (worker/domain/copy/sync.ts), after the answer. */
const followTheTrader = (c: AppContext) =>
  c.executionCtx.waitUntil(
    syncCopies(c.var.db, copyDeps(c.env), { traderId: c.var.user.id }).catch((err: unknown) =>
      log("error", { job: "copy_sync", trader: c.var.user.id, error: String(err) }),
    ),
  );

export const leverRoutes = new Hono<AppEnv>()
  .post("/lever/deal", requireUser, async (c) => {
    const input = parse(c, leverDealRequest);
    const pair = await requireContractPair(c.var.db, input.currency_id, input.legal_id);
    const ref = await referenceOf(c.env)(pair.market, pair.feed);
    const session = pair.feed === "stock" ? await stockPrices(c.env, pair.market.symbol) : null;
    const deal: LeverDeal = {
      symbol: pair.market.symbol,
      user_lever: await leverBalance(c, pair.market.quote.id, pair.terms.precision),
      multiple: { muit: pair.multiples.map((value) => ({ value })) },
      lever_share_limit: { min: pair.minLots, max: pair.maxLots },
      lot_size: pair.terms.lotSize,
      spread: pair.terms.spread,
      fee_rate: pair.terms.feeRate,
      overnight_rate: pair.terms.overnightRate,
      hazard_rate: pair.terms.hazardRate,
      limit_entry: pair.limitEntry,
      stops: pair.stops,
      last_price: ref?.price ?? "",
      last_price_at: ref?.at ?? 0,
      margin_precision: pair.terms.precision,
      rule: "isolated",
      rule_text: {
        liquidation: translate("CONTRACT_RULE_ISOLATED", c.var.lang, { hazard: `${new D(pair.terms.hazardRate).times(100).toFixed()}%` }),
        overnight: translate("CONTRACT_RULE_OVERNIGHT", c.var.lang),
        price: translate("CONTRACT_RULE_PRICE", c.var.lang),
      },
      feed: pair.feed,
      session: session && {
        open: session.open,
        next_change: session.nextChange,
        closed_reason: translate("STOCK_MARKET_CLOSED", c.var.lang),
      },
    };
    return ok(c, deal);
  })
  .post(
    "/lever/submit",
    requireUser,
    requireVerification(1),
    idempotent(async (c, idem) => {
      const input = parse(c, leverSubmitRequest);
      const pair = await requireContractPair(c.var.db, input.currency_id, input.legal_id);
      const account = await findAccountById(c.var.db, c.var.user.id);
      if (!account) throw notFound();
      if (!account.payPasswordHash) throw badRequest("PAY_PASSWORD_NOT_SET");
      await checkCurrentPassword(c.var.db, {
        kind: "pay",
        userId: account.id,
        hash: account.payPasswordHash,
        password: input.password,
        pepper: pepperOf(c.env),
        wrong: "PAY_PASSWORD_WRONG",
        now: Date.now(),
      });
      const limit = input.status === "0";
      if (limit && input.target_price === undefined) throw badRequest("CONTRACT_TARGET_REQUIRED");
      const ref = await liveReference(c, pair);
      const payload = translate("CONTRACT_OPENED", c.var.lang);
      const row = await openPosition(
        c.var.db,
        c.var.user.id,
        pair,
        {
          side: input.type === "1" ? 1 : 2,
          lots: input.share,
          multiple: input.multiple,
          target: limit ? input.target_price! : null,
          takeProfit: optional(input.target_profit_price),
          stopLoss: optional(input.stop_loss_price),
        },
        ref,
        // The stored answer gets the new id in the same batch (positions.ts).
        { key: idem.key, prefix: idem.record({ message: payload, id: 0 }) },
      );
      await tellContract(c, pair, [row.id]);
      followTheTrader(c);
      return ok(c, { message: payload, id: row.id });
    }),
  )
  .post("/lever/close", requireUser, async (c) => {
    const input = parse(c, leverCloseRequest);
    await closeOwn(c, await ownPosition(c.var.db, c.var.user.id, input.id), "user");
    followTheTrader(c);
    return ok(c, translate("CONTRACT_CLOSED", c.var.lang));
  })
  .post("/lever/cancel", requireUser, async (c) => {
    const input = parse(c, leverCancelRequest);
    const row = await ownPosition(c.var.db, c.var.user.id, input.id);
    await cancelEntry(c.var.db, row);
    const pair = await contractPairById(c.var.db, row.marketId);
    if (pair) await tellContract(c, pair, [row.id]);
    return ok(c, translate("CONTRACT_CANCELLED", c.var.lang));
  })
  .post("/lever/setstop", requireUser, async (c) => {
    const input = parse(c, leverSetStopRequest);
    const row = await ownPosition(c.var.db, c.var.user.id, input.id);
    const pair = await contractPairById(c.var.db, row.marketId);
    if (!pair) throw notFound();
    const ref = await liveReference(c, pair);
    await setStops(c.var.db, row, pair, optional(input.target_profit_price), optional(input.stop_loss_price), ref.price);
    await tellContract(c, pair, [row.id]);
    return ok(c, translate("CONTRACT_STOPS_SET", c.var.lang));
  })
  .post("/lever/batch_close", requireUser, async (c) => {
    const input = parse(c, leverBatchCloseRequest);
    const pair = await requireContractPair(c.var.db, input.currency_id, input.legal_id);
    // Copied positions follow their trader; the user's own close all together, in one batch, or none does.
    const rows = (await holdingOf(c.var.db, c.var.user.id, pair.market.id, Number(input.type) as 0 | 1 | 2)).filter(
      (r) => r.orderType !== 2,
    );
    const ref = rows.length > 0 ? await liveReference(c, pair) : null;
    const closed = ref
      ? await closeTogether(
          c.var.db,
          pair.terms.precision,
          rows.map((r) => ({ id: r.id, reason: "batch" as const, price: ref.price, at: ref.at })),
        )
      : [];
    await tellContract(
      c,
      pair,
      closed.map((x) => x.id),
    );
    followTheTrader(c);
    return ok(c, { message: translate("CONTRACT_CLOSED", c.var.lang), closed: closed.length, ids: closed.map((x) => x.id) });
  })
  .post("/lever/my_trade", requireUser, async (c) => {
    const input = parse(c, leverMyTradeRequest);
    let marketId: number | undefined;
    if (input.currency_id !== undefined && input.legal_id !== undefined) {
      marketId = (await requireContractPair(c.var.db, input.currency_id, input.legal_id)).market.id;
    }
    const status = input.status === "-1" ? null : Number(input.status);
    const list = await listPositions(c.var.db, c.var.user.id, { marketId, status, page: input.page }, referenceOf(c.env));
    return ok(c, { rate_profits_total: { profits_total: list.profitsTotal, caution_money_total: list.marginTotal }, message: list.rows });
  })
  .post("/lever/dealall", requireUser, async (c) => {
    const input = parse(c, leverDealAllRequest);
    const pair = await requireContractPair(c.var.db, input.currency_id, input.legal_id);
    const list = await listPositions(
      c.var.db,
      c.var.user.id,
      { marketId: pair.market.id, status: 1, page: input.page },
      referenceOf(c.env),
    );
    return ok(c, {
      balance: await leverBalance(c, pair.market.quote.id, pair.terms.precision),
      hazard_rate: pair.terms.hazardRate,
      profits_total: list.profitsTotal,
      caution_money_total: list.marginTotal,
      order: list.rows,
    });
  });
