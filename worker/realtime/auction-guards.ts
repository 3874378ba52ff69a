import { and, eq } from "drizzle-orm";
import type { Lobby } from "partyserver";
import { nftItems } from "../../schema/db/index.ts";
import { database } from "../domain/db.ts";
import type { Env } from "../domain/env.ts";

/**
 * The auction room `/parties/auction-room/<item code>`: public and read-only (no token), for items that are or were
 * auctions; unknown codes are refused before an object exists. The Origin check is the caller's.
 */
export async function auctionRoomKnown(lobby: Lobby<Env>, env: Env): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(lobby.name)) return false;
  const row = await database(env.DB)
    .select({ id: nftItems.id })
    .from(nftItems)
    .where(and(eq(nftItems.code, lobby.name), eq(nftItems.payType, 2)))
    .get();
  return row !== undefined;
}
