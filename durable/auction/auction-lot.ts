import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { AuctionBidResult, AuctionRoomOutbound } from "../../schema/api/nft-auction.ts";
import { idempotencyKeys, nftItems } from "../../schema/db/index.ts";
import { type Db, database } from "../../worker/domain/db.ts";
import type { Env } from "../../worker/domain/env.ts";
import { ApiError, conflict } from "../../worker/domain/errors.ts";
import type { MessageCode } from "../../worker/domain/i18n/translate.ts";
import { commit } from "../../worker/domain/ledger/post.ts";
import { depositsOf, type Lot, lotById, lotIdOfName, payOrderOfLot, stateOf, termsOf } from "../../worker/domain/nft-auction/lots.ts";
import { applyBid, endResult, type LotResult } from "../../worker/domain/nft-auction/rules.ts";
import {
  bidStatements,
  depositStatements,
  endStatements,
  failedOnGuard,
  forfeitStatements,
} from "../../worker/domain/nft-auction/settle.ts";
import { availableUnits, coinOf, maskUid, money, uidsOf } from "../../worker/domain/nft-auction/view.ts";
import { AlarmScheduler } from "../common/scheduler.ts";
import type { AuctionRoom } from "./auction-room.ts";
import { Serial } from "./serial.ts";
import { log } from "../../worker/domain/log.ts";

/**
 * One auction lot (named "lot-<id>"). Thin glue: the rules are worker/domain/nft-auction/rules.ts, the D1 batches
 * settle.ts. Bids run one at a time (Serial) against the lot as D1 holds it; each accepted bid is one D1 batch guarded
 * on the price it read, then published to the item's auction room. The end and the pay deadline are alarm tasks; their
 * result is first written to the object's storage (the outbox), then to D1 by guarded batches, then forgotten, so an
 * alarm firing twice or a crash anywhere between writes each result once.
 *
 * Alarm tasks: end (at the lot's end), deadline (at the winner's pay deadline), drain (retry an outbox entry).
 */

type Task = "end" | "deadline" | "drain";
type Outbox = { kind: "end"; result: LotResult } | { kind: "forfeit" };
type Cached = { lot: Lot; bidders: number[]; code: string; precision: number };

export type BidRequest = { userId: number; increment: number; total: number | null; idem: { key: string; hash: string } | null };
export type Refusal = { error: { status: ApiError["status"]; code: MessageCode; params: Record<string, string | number> } };
export type BidAnswer = { bid: AuctionBidResult } | Refusal;

const RETRY_MS = 2_000;
const refusal = (err: ApiError): Refusal => ({ error: { status: err.status, code: err.code, params: err.params ?? {} } });

export class AuctionLot extends DurableObject<Env> {
  private readonly db: Db;
  private readonly scheduler: AlarmScheduler<Task>;
  private readonly serial = new Serial();
  private cached: Cached | null = null;
  /** Tests crash here: before the outbox entry reaches D1, and after D1 took it but before the object forgot it. */
  hooks: { beforeCommit?: () => void; afterCommit?: () => void } = {};

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = database(env.DB);
    this.scheduler = new AlarmScheduler<Task>(ctx.storage, { retryMs: RETRY_MS });
    void ctx.blockConcurrencyWhile(async () => {
      if (await ctx.storage.get<Outbox>("outbox")) this.scheduler.at("drain", Date.now() + 1);
    });
  }

  private get lotId(): number {
    return lotIdOfName(this.ctx.id.name ?? "") ?? 0;
  }

  /** The lot as D1 holds it (read again after anything failed), with its bidders and display data. */
  private async load(fresh = false): Promise<Cached | null> {
    if (this.cached && !fresh) return this.cached;
    const lot = await lotById(this.db, this.lotId);
    if (!lot) return null;
    const [deposits, item, coin] = await Promise.all([
      depositsOf(this.db, lot.id),
      this.db.select({ code: nftItems.code }).from(nftItems).where(eq(nftItems.id, lot.itemId)).get(),
      coinOf(this.db, lot.currencyId),
    ]);
    this.cached = { lot, bidders: deposits.map((d) => d.userId), code: item?.code ?? "", precision: coin?.precision ?? 0 };
    this.arm(this.cached.lot);
    return this.cached;
  }

  private arm(lot: Lot): void {
    if (lot.status === "open") {
      this.scheduler.drop("end");
      this.scheduler.at("end", lot.endAt);
    }
    if (lot.status === "awaiting_payment") this.scheduler.at("deadline", Date.now() + 1);
  }

  // ---------------------------------------------------------------- RPC

  bid(req: BidRequest): Promise<BidAnswer> {
    return this.serial.run(async () => {
      const c = await this.load();
      if (!c) return refusal(new ApiError(404, "NOT_FOUND"));
      if (c.lot.status !== "open" || (await this.ctx.storage.get("outbox"))) return refusal(conflict("NFT_AUCTION_ENDED"));
      const at = Date.now();
      const out = applyBid(termsOf(c.lot), stateOf(c.lot, c.bidders), {
        userId: req.userId,
        increment: req.increment,
        total: req.total,
        at,
      });
      if (!out.ok) return refusal(conflict(out.code, { price: money(out.price, c.precision) }));
      const need = out.firstBid ? Math.max(out.price, c.lot.margin) : Math.max(0, out.price - c.lot.margin);
      if ((await availableUnits(this.db, req.userId, c.lot.currencyId)) < need) return refusal(conflict("INSUFFICIENT_BALANCE"));
      const accepted = {
        userId: req.userId,
        increment: req.increment,
        price: out.price,
        endAt: out.state.endAt,
        firstBid: out.firstBid,
        at,
      };
      const answer: AuctionBidResult = {
        code: c.code,
        lot_id: c.lot.id,
        price: money(out.price, c.precision),
        end_at: out.state.endAt,
        bid_count: out.state.bidCount,
        first_bid: out.firstBid,
      };
      // The Idempotency-Key's answer is written with the bid, so a retried request answers it and never bids twice.
      const record = req.idem
        ? [
            this.db.insert(idempotencyKeys).values({
              userId: req.userId,
              key: req.idem.key,
              requestHash: req.idem.hash,
              status: "done",
              response: JSON.stringify({ status: 200, body: { type: "ok", message: answer } }),
              createdAt: at,
            }),
          ]
        : [];
      try {
        await commit(this.db, [...record, ...bidStatements(this.db, c.lot, accepted, false)]);
      } catch (err) {
        this.cached = null;
        if (err instanceof ApiError) return refusal(err);
        if (failedOnGuard(err)) return refusal(conflict("NFT_BID_NOT_ABOVE_CURRENT", { price: money(c.lot.price, c.precision) }));
        throw err;
      }
      c.lot = { ...c.lot, price: out.price, leaderId: req.userId, bidCount: out.state.bidCount, endAt: out.state.endAt, updatedAt: at };
      c.bidders = out.state.bidders;
      if (out.extended) this.arm(c.lot);
      const uid = (await uidsOf(this.db, [req.userId])).get(req.userId) ?? "";
      this.publish({
        type: "bid",
        code: c.code,
        lot_id: c.lot.id,
        price: money(out.price, c.precision),
        increment: money(req.increment, c.precision),
        buyer_id: maskUid(uid),
        created: at,
        end_at: c.lot.endAt,
        bid_count: c.lot.bidCount,
        time: at,
      });
      return { bid: answer };
    });
  }

  /** marginNFT: holds the deposit before a first bid (nothing more when it is already held). */
  deposit(userId: number): Promise<{ deposit: number } | Refusal> {
    return this.serial.run(async () => {
      const c = await this.load();
      if (!c) return refusal(new ApiError(404, "NOT_FOUND"));
      if (c.lot.status !== "open" || Date.now() >= c.lot.endAt) return refusal(conflict("NFT_AUCTION_ENDED"));
      if (Date.now() < c.lot.startAt) return refusal(conflict("NFT_AUCTION_NOT_STARTED"));
      if (userId === c.lot.sellerId) return refusal(conflict("NFT_BID_OWN_ITEM"));
      if (c.bidders.includes(userId)) return { deposit: c.lot.margin };
      try {
        await commit(this.db, depositStatements(this.db, c.lot, userId, Date.now()));
      } catch (err) {
        this.cached = null;
        if (err instanceof ApiError) return refusal(err);
        throw err;
      }
      c.bidders = [...c.bidders, userId];
      return { deposit: c.lot.margin };
    });
  }

  /** Boots the lot and runs whatever is due now (the cron and tests call it; running it twice does nothing twice). */
  async wake(): Promise<{ status: Lot["status"] | null; end_at: number | null }> {
    await this.serial.run(async () => {
      await this.load(true);
    });
    await this.runDue(true);
    const c = await this.load();
    return { status: c?.lot.status ?? null, end_at: c?.lot.endAt ?? null };
  }

  // ---------------------------------------------------------------- alarm

  override async alarm(): Promise<void> {
    // An instance that has not read its lot yet was evicted since it armed this alarm: the tasks it kept in memory
    // are gone, so every kind runs once, each deciding from D1 whether it is due (as wake() does).
    await this.runDue(this.cached === null);
  }

  private async runDue(all: boolean): Promise<void> {
    await this.scheduler.fire(
      (task) => this.serial.run(() => (task === "end" ? this.end() : task === "deadline" ? this.deadline() : this.drain())),
      (task, err) => log("error", { event: "auction_task_failed", lot: this.lotId, task, error: String(err) }),
      all ? ["drain", "end", "deadline"] : ["drain"],
    );
  }

  private async end(): Promise<void> {
    const c = await this.load(true);
    if (!c || c.lot.status !== "open") return;
    if (Date.now() < c.lot.endAt) return this.arm(c.lot);
    await this.ctx.storage.put<Outbox>("outbox", { kind: "end", result: endResult(stateOf(c.lot, c.bidders)) });
    await this.drain();
  }

  private async deadline(): Promise<void> {
    const c = await this.load(true);
    if (!c || c.lot.status !== "awaiting_payment") return;
    const order = await payOrderOfLot(this.db, c.lot.id);
    if (!order || order.isPay || order.isExpired) return;
    if (Date.now() < order.overtime) return this.scheduler.at("deadline", order.overtime);
    await this.ctx.storage.put<Outbox>("outbox", { kind: "forfeit" });
    await this.drain();
  }

  /** Writes the outbox entry to D1 (guarded: a second write moves nothing), then forgets it. */
  private async drain(): Promise<void> {
    const entry = await this.ctx.storage.get<Outbox>("outbox");
    if (!entry) return;
    const lot = await lotById(this.db, this.lotId);
    if (!lot) return;
    const now = Date.now();
    let statements;
    if (entry.kind === "end") {
      statements = endStatements(this.db, lot, entry.result, await depositsOf(this.db, lot.id), now);
    } else {
      const order = await payOrderOfLot(this.db, lot.id);
      statements = order ? forfeitStatements(this.db, lot, order, now) : [];
    }
    this.hooks.beforeCommit?.();
    try {
      await commit(this.db, statements);
    } catch (err) {
      // Written before (an alarm that fired twice, a crash after D1): the guard refuses it and nothing moves.
      if (!failedOnGuard(err)) throw err;
    }
    this.hooks.afterCommit?.();
    await this.ctx.storage.delete("outbox");
    const c = await this.load(true);
    if (!c) return;
    const winner = entry.kind === "end" && entry.result.winnerId !== null ? entry.result.winnerId : null;
    const uid = winner === null ? null : ((await uidsOf(this.db, [winner])).get(winner) ?? "");
    this.publish({
      type: "ended",
      code: c.code,
      lot_id: c.lot.id,
      status: c.lot.status,
      price: money(c.lot.price, c.precision),
      winner: uid === null ? null : maskUid(uid),
    });
  }

  private publish(frame: AuctionRoomOutbound): void {
    const code = this.cached?.code;
    if (!code) return;
    const room = (this.env.AuctionRoom as DurableObjectNamespace<AuctionRoom>).getByName(code);
    this.ctx.waitUntil(
      room.publish(frame).catch((err: unknown) => log("error", { event: "auction_publish_failed", lot: this.lotId, error: String(err) })),
    );
  }
}
