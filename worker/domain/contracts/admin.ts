import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type {
  AdminContractLog,
  AdminContractLogRow,
  AdminContractPair,
  AdminContractSave,
  AdminContracts,
} from "../../../schema/api/admin-contracts.ts";
import { CONTRACT_STATUS, balances, contractConfigs, contractPositions, currencies, journals } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { badRequest, notFound } from "../errors.ts";
import { D, SYSTEM_ACCOUNTS, SYSTEM_ACCOUNT_TYPE, fromUnits } from "../ledger/index.ts";
import { anyMarketById } from "../markets/markets.ts";
import { type ReferenceSource, contractPairById } from "./pairs.ts";

/**
 * The operator console's contract pages: each pair's configuration (edited here, audited in the same batch), the
 * house's net exposure (it is the counterparty of every open position), the insurance account and the logs of
 * liquidations and overnight charges.
 */

type ConfigRow = typeof contractConfigs.$inferSelect;

async function pairView(db: Db, row: ConfigRow, reference: ReferenceSource): Promise<AdminContractPair | null> {
  const market = await anyMarketById(db, row.marketId);
  if (!market) return null;
  const sides = await db
    .select({
      side: contractPositions.side,
      n: count(),
      lots: sql<number>`sum(${contractPositions.lots})`,
      margin: sql<number>`sum(${contractPositions.marginUnits})`,
    })
    .from(contractPositions)
    .where(
      and(
        eq(contractPositions.marketId, row.marketId),
        inArray(contractPositions.status, [CONTRACT_STATUS.holding, CONTRACT_STATUS.closing]),
      ),
    )
    .groupBy(contractPositions.side)
    .all();
  const long = sides.find((s) => s.side === 1);
  const short = sides.find((s) => s.side === 2);
  const net = new D(row.lotSize).times((long?.lots ?? 0) - (short?.lots ?? 0));
  const ref = await reference(market, row.feed === "stock" ? "stock" : "spot").catch(() => null);
  return {
    market_id: row.marketId,
    symbol: market.symbol,
    multiples: JSON.parse(row.multiples) as number[],
    lot_size: row.lotSize,
    min_lots: row.minLots,
    max_lots: row.maxLots,
    spread: row.spread,
    fee_rate: row.feeRate,
    overnight_rate: row.overnightRate,
    hazard_rate: row.hazardRate,
    limit_entry: row.limitEntry,
    stops: row.stops,
    enabled: row.enabled,
    open_positions: (long?.n ?? 0) + (short?.n ?? 0),
    long_lots: long?.lots ?? 0,
    short_lots: short?.lots ?? 0,
    net_quantity: net.toFixed(),
    net_notional: ref ? net.times(ref.price).toDecimalPlaces(market.quote.precision).toFixed() : "",
    reference: ref?.price ?? "",
    margin_held: fromUnits((long?.margin ?? 0) + (short?.margin ?? 0), market.quote.precision),
    updated_at: row.updatedAt,
    feed: row.feed === "stock" ? "stock" : "spot",
    // Filled by the route from the stock pair's feed object, which owns the session (and the local dev clock).
    open: null,
  };
}

export async function adminContracts(db: Db, reference: ReferenceSource): Promise<AdminContracts> {
  const rows = await db.select().from(contractConfigs).orderBy(contractConfigs.marketId).all();
  const pairs: AdminContractPair[] = [];
  for (const row of rows) {
    const view = await pairView(db, row, reference);
    if (view) pairs.push(view);
  }
  const funds = await db
    .select({ coin: currencies.name, currencyId: currencies.id, precision: currencies.precision, available: balances.available })
    .from(balances)
    .innerJoin(currencies, eq(currencies.id, balances.currencyId))
    .where(and(eq(balances.userId, SYSTEM_ACCOUNTS.insurance), eq(balances.accountType, SYSTEM_ACCOUNT_TYPE)))
    .all();
  const paid = await db
    .select({ legalId: contractPositions.legalId, units: sql<number>`sum(${contractPositions.insuranceUnits})` })
    .from(contractPositions)
    .groupBy(contractPositions.legalId)
    .all();
  return {
    pairs,
    insurance: funds.map((f) => ({
      coin: f.coin,
      balance: fromUnits(f.available, f.precision),
      paid: fromUnits(paid.find((p) => p.legalId === f.currencyId)?.units ?? 0, f.precision),
    })),
  };
}

const RATE_FIELDS = ["fee_rate", "overnight_rate", "hazard_rate"] as const;

/** Edits a pair's configuration and records the change (old and new values) in the audit log, in one batch. */
export async function saveAdminContract(
  db: Db,
  operatorId: number,
  input: AdminContractSave,
  reference: ReferenceSource,
  now = Date.now(),
): Promise<AdminContractPair> {
  const row = await db.select().from(contractConfigs).where(eq(contractConfigs.marketId, input.market_id)).get();
  if (!row) throw notFound();
  for (const k of RATE_FIELDS) if (input[k] !== undefined && !new D(input[k]).lt(1)) throw badRequest("CONTRACT_CONFIG_INVALID");
  if (input.lot_size !== undefined && !new D(input.lot_size).gt(0)) throw badRequest("CONTRACT_CONFIG_INVALID");
  const minLots = input.min_lots ?? row.minLots;
  const maxLots = input.max_lots ?? row.maxLots;
  if (minLots > maxLots) throw badRequest("CONTRACT_CONFIG_INVALID");
  const next = {
    multiples: input.multiples ? JSON.stringify(input.multiples) : row.multiples,
    lotSize: input.lot_size !== undefined ? new D(input.lot_size).toFixed() : row.lotSize,
    minLots,
    maxLots,
    spread: input.spread !== undefined ? new D(input.spread).toFixed() : row.spread,
    feeRate: input.fee_rate !== undefined ? new D(input.fee_rate).toFixed() : row.feeRate,
    overnightRate: input.overnight_rate !== undefined ? new D(input.overnight_rate).toFixed() : row.overnightRate,
    hazardRate: input.hazard_rate !== undefined ? new D(input.hazard_rate).toFixed() : row.hazardRate,
    limitEntry: input.limit_entry ?? row.limitEntry,
    stops: input.stops ?? row.stops,
    enabled: input.enabled ?? row.enabled,
  };
  const changed = Object.fromEntries(
    (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== row[k]).map((k) => [k, { from: row[k], to: next[k] }]),
  );
  await db.batch([
    db
      .update(contractConfigs)
      .set({ ...next, updatedAt: now })
      .where(eq(contractConfigs.marketId, row.marketId)),
    auditStatement(
      db,
      { actorId: operatorId, action: "contract.config", subjectType: "contract_pair", subjectId: row.marketId, detail: changed },
      now,
    ),
  ]);
  const saved = await db.select().from(contractConfigs).where(eq(contractConfigs.marketId, row.marketId)).get();
  return (await pairView(db, saved!, reference))!;
}

/** Liquidations (newest first, with what insurance paid) or overnight charges (newest first). */
export async function adminContractLog(
  db: Db,
  kind: "liquidation" | "overnight",
  pageNo: number,
  limit: number,
): Promise<AdminContractLog> {
  const pairs = new Map<number, Awaited<ReturnType<typeof contractPairById>>>();
  const pairOf = async (marketId: number) => {
    if (!pairs.has(marketId)) pairs.set(marketId, await contractPairById(db, marketId));
    return pairs.get(marketId) ?? null;
  };
  const offset = (pageNo - 1) * limit;
  if (kind === "liquidation") {
    const where = eq(contractPositions.closeReason, "liquidation");
    const [total] = await db.select({ n: count() }).from(contractPositions).where(where).all();
    const rows = await db
      .select()
      .from(contractPositions)
      .where(where)
      .orderBy(desc(contractPositions.closedAt))
      .limit(limit)
      .offset(offset)
      .all();
    const data: AdminContractLogRow[] = [];
    for (const r of rows) {
      const pair = await pairOf(r.marketId);
      const precision = pair?.terms.precision ?? 0;
      data.push({
        id: r.id,
        position: r.id,
        user_id: r.userId,
        symbol: pair?.market.symbol ?? "",
        at: r.closeRefAt,
        detail: r.closeRef,
        amount: fromUnits(r.pnlUnits, precision),
        insurance: fromUnits(r.insuranceUnits, precision),
      });
    }
    return { data, page: pageNo, pages: Math.ceil((total?.n ?? 0) / limit), total: total?.n ?? 0 };
  }
  const where = eq(journals.kind, "contract_overnight");
  const [total] = await db.select({ n: count() }).from(journals).where(where).all();
  const rows = await db.select().from(journals).where(where).orderBy(desc(journals.id)).limit(limit).offset(offset).all();
  const data: AdminContractLogRow[] = [];
  for (const j of rows) {
    const memo = JSON.parse(j.memo) as { position: number; day: string; from_margin: number; from_balance: number };
    const position = await db.select().from(contractPositions).where(eq(contractPositions.id, memo.position)).get();
    const pair = position ? await pairOf(position.marketId) : null;
    data.push({
      id: j.id,
      position: memo.position,
      user_id: j.userId ?? 0,
      symbol: pair?.market.symbol ?? "",
      at: j.createdAt,
      detail: memo.day,
      amount: fromUnits(memo.from_margin + memo.from_balance, pair?.terms.precision ?? 0),
      insurance: "0",
    });
  }
  return { data, page: pageNo, pages: Math.ceil((total?.n ?? 0) / limit), total: total?.n ?? 0 };
}
