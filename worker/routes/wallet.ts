import { eq } from "drizzle-orm";
import { Hono } from "hono";
import {
  changeSchema,
  chargeReqSchema,
  currencyOnlySchema,
  inAddressSchema,
  legalLogSchema,
  pageSchema,
  rateCurrencySchema,
  noFieldsSchema,
  walletDetailSchema,
  withdrawSchema,
} from "../../schema/api/money.ts";
import { fiatRates } from "../../schema/db/index.ts";
import { pepperOf } from "../domain/auth/pepper.ts";
import { ACCOUNT_NAMES, fromUnits, roundDisplay } from "../domain/ledger/index.ts";
import { usdtPrice, usdtPrices } from "../domain/pricing/prices.ts";
import { currencyView } from "../domain/wallet/config.ts";
import { enabledAccounts, listCurrencies, requireCurrency } from "../domain/wallet/currencies.ts";
import { depositNetworks, requestDeposit } from "../domain/wallet/deposits.ts";
import { balanceOf, depositLog, ledgerLog, transferHistory, walletDetail, walletList, withdrawList } from "../domain/wallet/records.ts";
import { transferBetweenAccounts } from "../domain/wallet/transfers.ts";
import { authorizeWithdrawal, requestWithdrawal } from "../domain/wallet/withdrawals.ts";
import { conflict } from "../domain/errors.ts";
import { isLocalEnvironment } from "../domain/env.ts";
import { requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { idempotent } from "../http/idempotency.ts";
import { ok } from "../http/respond.ts";
import { parse } from "../http/validate.ts";
import { translate } from "../domain/i18n/translate.ts";

/**
 * Wallet routes (the spec's "Wallet" calls). Money-moving POSTs
 * (charge_req, out, change) accept an Idempotency-Key header.
 */
export const walletRoutes = new Hono<AppEnv>()
  // Currencies (public configuration) -------------------------------------------
  .get("/currency/list", async (c) => {
    parse(c, noFieldsSchema);
    const [list, prices] = await Promise.all([listCurrencies(c.var.db), usdtPrices(c.var.db)]);
    return ok(c, {
      currency: list.map((cur) => currencyView(cur, prices.get(cur.id)?.toFixed() ?? null)),
      legal: list.filter((cur) => cur.isLegal).map((cur) => ({ id: cur.id, name: cur.name })),
    });
  })
  .get("/currency/user_currency_list", async (c) => {
    parse(c, noFieldsSchema);
    const list = await listCurrencies(c.var.db);
    return ok(
      c,
      list
        .filter((cur) => enabledAccounts(cur).length >= 2)
        .map((cur) => ({
          id: cur.id,
          name: cur.name,
          is_legal: cur.isLegal ? 1 : 0,
          is_change: cur.isChange ? 1 : 0,
          is_match: cur.isChange ? 1 : 0,
          is_lever: cur.isLever ? 1 : 0,
          is_micro: cur.isMicro ? 1 : 0,
          wallet: enabledAccounts(cur).map((t) => ACCOUNT_NAMES[t - 1]),
        })),
    );
  })
  .get("/wallet/getRateCurrency", async (c) => {
    const input = parse(c, rateCurrencySchema);
    const currency = await requireCurrency(c.var.db, input.id);
    const [price, cny] = await Promise.all([
      usdtPrice(c.var.db, currency.id),
      c.var.db.select().from(fiatRates).where(eq(fiatRates.currencyCode, "CNY")).get(),
    ]);
    // USDT is treated as USD for this display conversion; null when a price or the CNY rate is unknown.
    const rmb = price && cny ? roundDisplay(price.times(cny.rate), 8) : null;
    return ok(c, { id: currency.id, name: currency.name, usdt: price ? price.toFixed() : null, rmb });
  })

  // Balances ------------------------------------------------------------------
  .post("/wallet/list", requireUser, async (c) => {
    parse(c, noFieldsSchema);
    return ok(c, await walletList(c.var.db, c.var.user.id));
  })
  .post("/wallet/detail", requireUser, async (c) => {
    const input = parse(c, walletDetailSchema);
    const currency = await requireCurrency(c.var.db, input.currency, { includeDisabled: true });
    return ok(c, await walletDetail(c.var.db, c.var.user.id, currency, input.type, await usdtPrice(c.var.db, currency.id)));
  })
  .post("/wallet/get_info", requireUser, async (c) => {
    const input = parse(c, currencyOnlySchema);
    const currency = await requireCurrency(c.var.db, input.currency, { includeDisabled: true });
    const [legal, change] = await Promise.all([
      balanceOf(c.var.db, c.var.user.id, currency.id, 1),
      balanceOf(c.var.db, c.var.user.id, currency.id, 2),
    ]);
    return ok(c, {
      currency: currency.id,
      name: currency.name,
      /** The fixed withdrawal fee from configuration (the client must not send its own). */
      rate: currency.withdrawFee,
      min_number: currency.minWithdraw,
      can_withdraw: currency.canWithdraw ? 1 : 0,
      /** Decimals an amount of this currency may have (its minor unit). */
      precision: currency.precision,
      /** The digits a balance of it shows. */
      display_decimals: currency.displayDecimals,
      legal_balance: fromUnits(legal.available, currency.precision),
      change_balance: fromUnits(change.available, currency.precision),
    });
  })

  // Records -------------------------------------------------------------------
  .post("/wallet/legal_log", requireUser, async (c) => {
    const input = parse(c, legalLogSchema);
    const currency = input.currency === undefined ? undefined : await requireCurrency(c.var.db, input.currency, { includeDisabled: true });
    return ok(
      c,
      await ledgerLog(c.var.db, c.var.user.id, { currency, type: input.type, kind: input.kind }, input.page, input.limit, c.var.lang),
    );
  })
  .get("/wallet/hzhistory", requireUser, async (c) => {
    const input = parse(c, pageSchema);
    return ok(c, await transferHistory(c.var.db, c.var.user.id, input.page, input.limit, c.var.lang));
  })
  .get("/recharge/log", requireUser, async (c) => {
    const input = parse(c, pageSchema);
    return ok(c, await depositLog(c.var.db, c.var.user.id, input.page, input.limit, c.var.lang));
  })
  .get("/user/withdraw/list", requireUser, async (c) => {
    const input = parse(c, pageSchema);
    return ok(c, await withdrawList(c.var.db, c.var.user.id, input.page, input.limit, c.var.lang));
  })

  // Deposits ------------------------------------------------------------------
  .post("/wallet/get_in_address", requireUser, async (c) => {
    const input = parse(c, inAddressSchema);
    const currency = await requireCurrency(c.var.db, input.currency);
    if (!currency.canDeposit) throw conflict("DEPOSIT_DISABLED", { currency: currency.name });
    const networks = await depositNetworks(c.var.db, currency.id, isLocalEnvironment(c.env));
    const addresses = networks.map((n) => ({ chain: n.chain, address: n.address, demo: n.demo ? 1 : 0 }));
    const byChain: Record<string, string> = {};
    for (const a of addresses) byChain[a.chain.toLowerCase()] ??= a.address;
    // `erc20`, `trc20`, `btc`… keys as the original client reads them, plus the full list (demo placeholders flagged).
    return ok(c, { ...byChain, currency: currency.id, name: currency.name, addresses });
  })
  .post(
    "/wallet/charge_req",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, chargeReqSchema);
      const payload = translate("DEPOSIT_SUBMITTED", c.var.lang);
      await requestDeposit(c.var.db, c.var.user.id, input, idem.record(payload), { includeDemo: isLocalEnvironment(c.env) });
      return ok(c, payload);
    }),
  )

  // Withdrawals ---------------------------------------------------------------
  .post(
    "/wallet/out",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, withdrawSchema);
      const payload = translate("WITHDRAW_SUBMITTED", c.var.lang);
      const now = Date.now();
      const useCode = await authorizeWithdrawal(
        c.var.db,
        c.var.user.id,
        { payPassword: input.pay_password, code: input.code },
        pepperOf(c.env),
        now,
      );
      await requestWithdrawal(
        c.var.db,
        c.var.user.id,
        { currency: input.currency, number: input.number, address: input.address, type: input.type },
        [...idem.record(payload), ...useCode],
        now,
      );
      return ok(c, payload);
    }),
  )

  // Transfers between the caller's accounts -----------------------------------
  .post(
    "/wallet/change",
    requireUser,
    idempotent(async (c, idem) => {
      const input = parse(c, changeSchema);
      const payload = translate("TRANSFER_DONE", c.var.lang);
      await transferBetweenAccounts(
        c.var.db,
        c.var.user.id,
        { currency: input.currency_id, number: input.number, from: input.from_field, to: input.to_field },
        c.var.lang,
        { key: idem.key, prefix: idem.record(payload) },
      );
      return ok(c, payload);
    }),
  );
