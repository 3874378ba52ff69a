import type { AuctionLot } from "../durable/auction/auction-lot.ts";
import { database } from "./domain/db.ts";
import type { Env } from "./domain/env.ts";
import { dueLotIds, ensureLot, lotObjectName, unstartedEndedItems } from "./domain/nft-auction/lots.ts";
import { log } from "./domain/log.ts";

/**
 * Every minute: wakes the lots whose end or pay deadline has passed (their own alarms do this; the cron is the
 * backstop should an object never have been woken), and opens a lot for an auction that ended without any bid, so it
 * ends unsold and is delisted. Failures are logged, never thrown.
 */
export async function runAuctionCron(env: Env, now = Date.now()): Promise<void> {
  try {
    const db = database(env.DB);
    for (const item of await unstartedEndedItems(db, now)) await ensureLot(db, item, now);
    const lots = env.AuctionLot as DurableObjectNamespace<AuctionLot>;
    await Promise.allSettled((await dueLotIds(db, now)).map((id) => lots.getByName(lotObjectName(id)).wake()));
  } catch (err) {
    log("error", { job: "auction_cron", error: String(err) });
  }
}
