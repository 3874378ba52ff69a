import { Decimal } from "decimal.js";
import { inArray } from "drizzle-orm";
import type { NftRates } from "../../../schema/api/nft.ts";
import { settings } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { badRequest } from "../errors.ts";

/**
 * The published platform fee and artist royalty of fixed-price sales: public settings rows (decimal fractions of the
 * price), shown on every item page and edited in the console with an audit row. The migration writes the defaults.
 */
export const NFT_FEE_KEY = "nft_fee_rate";
export const NFT_ROYALTY_KEY = "nft_royalty_rate";
export const DEFAULT_RATES: NftRates = { fee_rate: "0.025", royalty_rate: "0.05" };
/** Together at most half the price, so a seller always receives something. */
const MAX_TOTAL = 0.5;

export async function nftRates(db: Db): Promise<NftRates> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [NFT_FEE_KEY, NFT_ROYALTY_KEY]))
    .all();
  const get = (key: string, fallback: string) => rows.find((r) => r.key === key)?.value ?? fallback;
  return { fee_rate: get(NFT_FEE_KEY, DEFAULT_RATES.fee_rate), royalty_rate: get(NFT_ROYALTY_KEY, DEFAULT_RATES.royalty_rate) };
}

/** Canonical text of a rate ("0.0250" -> "0.025", "0.0" -> "0"). */
const canonical = (rate: string) => rate.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

export async function saveNftRates(db: Db, actorId: number, input: NftRates, now = Date.now()): Promise<NftRates> {
  const next = { fee_rate: canonical(input.fee_rate), royalty_rate: canonical(input.royalty_rate) };
  if (new Decimal(next.fee_rate).plus(next.royalty_rate).greaterThan(MAX_TOTAL)) throw badRequest("NFT_RATES_TOO_HIGH");
  const before = await nftRates(db);
  const upsert = (key: string, value: string) =>
    db
      .insert(settings)
      .values({ key, value, public: true })
      .onConflictDoUpdate({ target: settings.key, set: { value, public: true } });
  await db.batch([
    upsert(NFT_FEE_KEY, next.fee_rate),
    upsert(NFT_ROYALTY_KEY, next.royalty_rate),
    auditStatement(
      db,
      { actorId, action: "nft.rates", subjectType: "setting", subjectId: "nft_rates", detail: { from: before, to: next } },
      now,
    ),
  ]);
  return next;
}
