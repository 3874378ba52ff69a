import { Hono } from "hono";
import { noInput } from "../../schema/api/fields.ts";
import { walletDelSchema, walletListSchema, walletSaveSchema } from "../../schema/api/wallet-addresses.ts";
import { pepperOf } from "../domain/auth/pepper.ts";
import { isLocalEnvironment } from "../domain/env.ts";
import { notFound } from "../domain/errors.ts";
import { deleteAddress, endCooldowns, listAddresses, saveAddress } from "../domain/wallet-addresses/addresses.ts";
import { requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { ok, okText } from "../http/respond.ts";
import { parse } from "../http/validate.ts";

/** The caller's withdrawal address book. */
export const walletAddressRoutes = new Hono<AppEnv>()
  .post("/user/wallet/save", requireUser, async (c) => {
    await saveAddress(c.var.db, c.var.user.id, parse(c, walletSaveSchema), pepperOf(c.env));
    return okText(c, "WALLET_ADDRESS_SAVED");
  })
  .get("/user/wallet/list", requireUser, async (c) => {
    const { page, limit } = parse(c, walletListSchema);
    return ok(c, await listAddresses(c.var.db, c.var.user.id, page, limit));
  })
  .post("/user/wallet/del", requireUser, async (c) => {
    const { id } = parse(c, walletDelSchema);
    await deleteAddress(c.var.db, c.var.user.id, id);
    return okText(c, "WALLET_ADDRESS_DELETED");
  })
  /**
   * POST /api/dev/address_cooldown_end: the caller's saved addresses become usable now, as if the day's wait had
   * passed (browser tests). Local environments only; 404 anywhere else, as if it did not exist.
   */
  .post("/dev/address_cooldown_end", requireUser, async (c) => {
    if (!isLocalEnvironment(c.env)) throw notFound();
    parse(c, noInput());
    return ok(c, { addresses: await endCooldowns(c.var.db, c.var.user.id) });
  });
