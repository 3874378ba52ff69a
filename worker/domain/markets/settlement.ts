import { fromLots, fromTicks } from "./units.ts";
import type { Db } from "../db.ts";
import {
  ACCOUNT_TYPES,
  DuplicateJournal,
  type Journal,
  type Line,
  SYSTEM_ACCOUNTS,
  SYSTEM_ACCOUNT_TYPE,
  type Statement,
  bound,
  commit,
  journalStatements,
  postingStatements,
  jsonColumn as col,
} from "../ledger/index.ts";
import type { MarketConfig } from "./config.ts";
import { refusedRowStatement } from "./orders.ts";
import type { EndStep, FillStep, Step } from "./steps.ts";
import { type CouponUse, discountFill } from "./fee-discount.ts";
import { type Discounts, discountCheck } from "./discounts.ts";

/**
 * Settlement of the Market object's outbox steps into D1 (README, "Design": Money).
 * Each step is all-or-nothing: its statements are in ONE batch (with other steps'). A fill is keyed by its fill id
 * (journal ref_key "spot:fill:<market>:<seq>", UNIQUE), an order's end by its
 * order id ("spot:end:<order>"), so a step applied twice moves money once.
 * Order-row status changes carry the market sequence number and never move an
 * order backwards ("version"), so a re-applied older step cannot undo a newer one.
 */

const CHANGE = ACCOUNT_TYPES.change;

// An order row's status and version change only when the step is not older than the row (?seq).
const newer = (seq: string) => `CASE WHEN version <= ${seq} THEN`;
// Every order the fills of a batch touch, as JSON rows [order, filled, quote, fee, status, seq]: the amounts added up
// per order, and the status of its latest fill (guarded by that fill's sequence number).
const FILL_SIDES =
  `UPDATE spot_orders SET filled_units = filled_units + f.b, quote_units = quote_units + f.q, fee_units = fee_units + f.fee, ` +
  `status = ${newer("f.seq")} f.st ELSE spot_orders.status END, version = MAX(version, f.seq), updated_at = ?2 FROM ` +
  `(SELECT ${col(0)} AS id, ${col(1)} AS b, ${col(2)} AS q, ${col(3)} AS fee, ${col(4)} AS st, ${col(5)} AS seq FROM json_each(?1)) AS f ` +
  `WHERE spot_orders.id = f.id`;
// Every hold the fills of a batch consume, as JSON rows [hold, units] (added up per hold).
const CONSUME_HOLDS =
  `UPDATE holds SET remaining = remaining - c.u, status = CASE WHEN remaining - c.u = 0 THEN 'consumed' ELSE status END, ` +
  `closed_at = CASE WHEN remaining - c.u = 0 THEN ?2 ELSE closed_at END ` +
  `FROM (SELECT ${col(0)} AS id, ${col(1)} AS u FROM json_each(?1)) AS c WHERE holds.id = c.id`;
const INSERT_FILLS =
  "INSERT INTO spot_fills (id, market_id, seq, price, qty, base_units, quote_units, taker_side, buy_order_id, sell_order_id, " +
  "buy_user_id, sell_user_id, buy_fee_units, sell_fee_units, created_at) " +
  `SELECT ${Array.from({ length: 15 }, (_, i) => col(i)).join(", ")} FROM json_each(?1) WHERE true`;

export function fillJournal(m: MarketConfig, s: FillStep): Journal {
  const buyer = s.buy.owner;
  const seller = s.sell.owner;
  const lines: Line[] = [
    // The buyer's quote hold pays the seller (minus the seller's fee) and the fee.
    { userId: buyer, currencyId: m.quote.id, accountType: CHANGE, bucket: "locked", amount: -s.quoteUnits },
    { userId: seller, currencyId: m.quote.id, accountType: CHANGE, bucket: "available", amount: s.quoteUnits - s.sell.fee },
    { userId: SYSTEM_ACCOUNTS.fees, currencyId: m.quote.id, accountType: SYSTEM_ACCOUNT_TYPE, bucket: "available", amount: s.sell.fee },
    // The seller's base hold pays the buyer (minus the buyer's fee) and the fee.
    { userId: seller, currencyId: m.base.id, accountType: CHANGE, bucket: "locked", amount: -s.baseUnits },
    { userId: buyer, currencyId: m.base.id, accountType: CHANGE, bucket: "available", amount: s.baseUnits - s.buy.fee },
    { userId: SYSTEM_ACCOUNTS.fees, currencyId: m.base.id, accountType: SYSTEM_ACCOUNT_TYPE, bucket: "available", amount: s.buy.fee },
  ];
  return {
    kind: "spot_trade",
    refKey: `spot:fill:${s.id}`,
    userId: s.takerSide === "buy" ? buyer : seller,
    memo: {
      market: m.symbol,
      fill: s.id,
      price: fromTicks(s.price, m.tickSize),
      qty: fromLots(s.qty, m.lotSize),
      buy_order: s.buy.order,
      sell_order: s.sell.order,
    },
    lines,
  };
}

const INSERT_USES =
  "INSERT INTO coupon_uses (user_coupon_id, user_id, fill_id, side, order_id, currency_id, saved_units, created_at) " +
  `SELECT ${Array.from({ length: 7 }, (_, i) => col(i)).join(", ")}, ?2 FROM json_each(?1)`;
/** Fills with the owners' fee discounts applied (fee-discount.ts), the uses each records by fill id, and the check. */
async function discounted(
  db: Db,
  m: MarketConfig,
  steps: Step[],
  discounts: Discounts,
): Promise<{ steps: Step[]; uses: Map<string, CouponUse[]>; check: Statement[] }> {
  const uses = new Map<string, CouponUse[]>();
  const fills = steps.filter((s): s is FillStep => s.k === "fill");
  if (fills.length === 0) return { steps, uses, check: [] };
  const owners = [...new Set(fills.flatMap((f) => [f.buy.owner, f.sell.owner]))];
  const since = Math.min(...fills.map((f) => f.time));
  const { list, epoch } = await discounts.get(db, owners, since);
  const check = discountCheck(db, epoch);
  if (list.length === 0) return { steps, uses, check };
  const coins = { base: m.base.id, quote: m.quote.id };
  const adjusted = steps.map((s) => {
    if (s.k !== "fill") return s;
    const r = discountFill(s, list, coins);
    if (r.uses.length > 0) uses.set(s.id, r.uses);
    return r.step;
  });
  return { steps: adjusted, uses, check };
}

// The orders opened, as JSON rows [order, seq], in one statement: the same version guard as the others.
const SET_OPEN_MANY =
  `UPDATE spot_orders SET status = CASE WHEN version <= s.seq THEN 'open' ELSE status END, version = MAX(version, s.seq), ` +
  `updated_at = ?2 FROM (SELECT ${col(0)} AS id, ${col(1)} AS seq FROM json_each(?1)) AS s ` +
  `WHERE spot_orders.id = s.id`;

/** The rows the fills of one batch write: each kind in one statement, whatever the number of fills. */
class FillRows {
  private readonly sides = new Map<number, [number, number, number, number, string, number]>();
  private readonly holds = new Map<string, number>();
  private readonly fills: unknown[][] = [];

  add(m: MarketConfig, s: FillStep): void {
    for (const [side, quoteOrBase] of [
      [s.buy, s.quoteUnits],
      [s.sell, s.baseUnits],
    ] as const) {
      const row = this.sides.get(side.order) ?? [side.order, 0, 0, 0, side.status, s.seq];
      row[1] += s.baseUnits;
      row[2] += s.quoteUnits;
      row[3] += side.fee;
      if (s.seq >= row[5]) [row[4], row[5]] = [side.status, s.seq];
      this.sides.set(side.order, row);
      this.holds.set(side.hold, (this.holds.get(side.hold) ?? 0) + quoteOrBase);
    }
    this.fills.push([
      s.id,
      m.id,
      s.seq,
      fromTicks(s.price, m.tickSize),
      fromLots(s.qty, m.lotSize),
      s.baseUnits,
      s.quoteUnits,
      s.takerSide === "buy" ? 1 : 2,
      s.buy.order,
      s.sell.order,
      s.buy.owner,
      s.sell.owner,
      s.buy.fee,
      s.sell.fee,
      s.time,
    ]);
  }

  statements(db: Db, now: number): Statement[] {
    if (this.fills.length === 0) return [];
    for (const [hold, units] of this.holds)
      if (!Number.isSafeInteger(units) || units <= 0) throw new Error(`bad hold consume ${hold} ${units}`);
    return [
      bound(db, CONSUME_HOLDS, JSON.stringify([...this.holds]), now),
      bound(db, FILL_SIDES, JSON.stringify([...this.sides.values()]), now),
      bound(db, INSERT_FILLS, JSON.stringify(this.fills)),
    ];
  }
}

// Every hold the ends of a batch release, as JSON rows [hold, units], and every order they end, as JSON rows
// [order, status, seq, reason] (the same version guard as one order's end).
const RELEASE_HOLDS =
  `UPDATE holds SET remaining = remaining - r.u, status = 'released', closed_at = ?2 ` +
  `FROM (SELECT ${col(0)} AS id, ${col(1)} AS u FROM json_each(?1)) AS r WHERE holds.id = r.id`;
const END_ORDERS =
  `UPDATE spot_orders SET status = ${newer("e.seq")} e.st ELSE spot_orders.status END, ` +
  `reason = ${newer("e.seq")} e.reason ELSE spot_orders.reason END, version = MAX(version, e.seq), updated_at = ?2 FROM ` +
  `(SELECT ${col(0)} AS id, ${col(1)} AS st, ${col(2)} AS seq, ${col(3)} AS reason FROM json_each(?1)) AS e ` +
  `WHERE spot_orders.id = e.id`;

/**
 * The ends of one batch: their release journals (posted with the fills'), and the holds they release and the orders
 * they end in one statement each, whatever their number. An order ends once, so each hold and order is one row.
 */
class EndRows {
  readonly journals: Journal[] = [];
  private readonly releases: [string, number][] = [];
  private readonly orders: [number, string, number, string][] = [];

  add(s: EndStep): void {
    this.orders.push([s.order, s.status, s.seq, s.reason]);
    if (s.release === 0) return;
    if (!Number.isSafeInteger(s.release) || s.release < 0) throw new Error(`bad hold release ${s.hold} ${s.release}`);
    this.releases.push([s.hold, s.release]);
    const account = { userId: s.owner, currencyId: s.holdCurrency, accountType: CHANGE };
    this.journals.push({
      kind: "release",
      refKey: `spot:end:${s.order}`,
      userId: s.owner,
      memo: { hold_id: s.hold, order: s.order, status: s.status },
      lines: [
        { ...account, bucket: "locked", amount: -s.release },
        { ...account, bucket: "available", amount: s.release },
      ],
    });
  }

  statements(db: Db, now: number): Statement[] {
    return [
      ...(this.releases.length > 0 ? [bound(db, RELEASE_HOLDS, JSON.stringify(this.releases), now)] : []),
      ...(this.orders.length > 0 ? [bound(db, END_ORDERS, JSON.stringify(this.orders), now)] : []),
    ];
  }
}

/**
 * The journals of steps settled together, posted as one set: fills and releases only debit locked and credit available
 * (and the fee account), so netting them per account is the same as posting them one by one (ledger/post.ts). Should
 * a set ever both debit and credit one bucket, each journal is posted on its own instead.
 */
function postingOf(db: Db, journals: Journal[], now: number): Statement[] {
  if (journals.length === 0) return [];
  try {
    return postingStatements(db, journals, now);
  } catch {
    return journals.flatMap((j) => journalStatements(db, j, now));
  }
}

/**
 * The statements of steps settled together, in one batch whatever their number: the journals first (a step applied
 * before fails the batch on its journal's ref_key before anything else counts), then the coupon uses, the orders
 * opened, and each step's hold, order and fill rows. Every status change is guarded by the step's sequence number and
 * fills only add, so the outcome is the same in any order.
 */
function batchStatements(db: Db, m: MarketConfig, steps: Step[], now: number, uses: Map<string, CouponUse[]>): Statement[] {
  const journals: Journal[] = [];
  const fills = new FillRows();
  const ends = new EndRows();
  const refused: Statement[] = [];
  const opens: [number, number][] = [];
  const used: CouponUse[] = [];
  for (const step of steps) {
    if (step.k === "open") {
      opens.push([step.order, step.seq]);
      continue;
    }
    if (step.k === "refused") {
      refused.push(refusedRowStatement(db, m, step.detail, step.reason, now));
      continue;
    }
    if (step.k === "fill") {
      journals.push(fillJournal(m, step));
      fills.add(m, step);
      used.push(...(uses.get(step.id) ?? []));
      continue;
    }
    ends.add(step);
  }
  return [
    ...postingOf(db, [...journals, ...ends.journals], now),
    ...(used.length > 0
      ? [
          bound(
            db,
            INSERT_USES,
            JSON.stringify(used.map((u) => [u.userCouponId, u.userId, u.fillId, u.side, u.orderId, u.currencyId, u.savedUnits])),
            now,
          ),
        ]
      : []),
    ...(opens.length > 0 ? [bound(db, SET_OPEN_MANY, JSON.stringify(opens), now)] : []),
    // A hold's fills come before its end (which releases what is left), as the market decided them.
    ...fills.statements(db, now),
    ...ends.statements(db, now),
    ...refused,
  ];
}

/**
 * The statements that settle these steps together: the discount check first when fills apply discounts, read from
 * `discounts` (D1, or what the market kept).
 */
export async function settlementStatements(
  db: Db,
  m: MarketConfig,
  given: Step[],
  now: number,
  discounts: Discounts,
): Promise<Statement[]> {
  const { steps, uses, check } = await discounted(db, m, given, discounts);
  return [...check, ...batchStatements(db, m, steps, now, uses)];
}

/** Each step in a batch of its own, after a batch of them failed on a step applied before: that one is skipped. */
export async function applyOneByOne(db: Db, m: MarketConfig, given: Step[], now: number, discounts: Discounts): Promise<void> {
  for (const step of given) {
    const { steps, uses, check } = await discounted(db, m, [step], discounts);
    try {
      await commit(db, [...check, ...batchStatements(db, m, steps, now, uses)]);
    } catch (err) {
      if (!(err instanceof DuplicateJournal)) throw err;
    }
  }
}
