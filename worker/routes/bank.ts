import { Hono } from "hono";
import { cashInfoSchema } from "../../schema/api/bank.ts";
import { bankForms, ownBankCard, parseBankCard, saveBankCard } from "../domain/bank/cards.ts";
import { requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok, okText } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** The caller's bank cards: bind once, then read. */
export const bankRoutes = new Hono<AppEnv>()
  .post("/user/cash_save", requireUser, async (c) => {
    await saveBankCard(c.var.db, c.var.user.id, "domestic", parseBankCard(c.var.fields, c.var.lang));
    return okText(c, "BANK_CARD_SAVED");
  })
  .post("/user/cash_info", requireUser, async (c) => {
    parse(c, cashInfoSchema);
    return ok(c, await ownBankCard(c.var.db, c.var.user.id, "domestic"));
  })
  .post("/user/cash_save_international", requireUser, async (c) => {
    await saveBankCard(c.var.db, c.var.user.id, "international", parseBankCard(c.var.fields, c.var.lang));
    return okText(c, "BANK_CARD_SAVED");
  })
  .post("/user/cash_info_international", requireUser, async (c) => {
    parse(c, cashInfoSchema);
    return ok(c, { forms: bankForms(c.var.lang), data: await ownBankCard(c.var.db, c.var.user.id, "international") });
  });
