import { Hono } from "hono";
import { walletDelSchema, walletListSchema, walletSaveSchema } from "../../schema/api/wallet-addresses.ts";
import { pepperOf } from "../domain/auth/pepper.ts";
import { deleteAddress, listAddresses, saveAddress } from "../domain/wallet-addresses/addresses.ts";
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
  });
