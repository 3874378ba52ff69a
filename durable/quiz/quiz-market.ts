import { DurableObject } from "cloudflare:workers";
import { type Db, database } from "../../worker/domain/db.ts";
import type { Env } from "../../worker/domain/env.ts";
import { roomName } from "../../worker/domain/markets/config.ts";
import { loadMarket } from "../../worker/domain/markets/markets.ts";
import { dueRounds, nextEnd, planAutoRounds } from "../../worker/domain/quiz/rounds.ts";
import { type SettleOutcome, settleRound } from "../../worker/domain/quiz/settle.ts";
import type { Market } from "../spot/market.ts";
import { AlarmScheduler } from "../common/scheduler.ts";
import { log } from "../../worker/domain/log.ts";

/**
 * The quiz rounds of one market (named like its Market object, "BTC-USDT"). Thin glue over D1, which holds the rounds:
 * one alarm (AlarmScheduler) settles each round once its end has passed, at the prices the market's trail had in effect at
 * its cut-off and its end (never the time the alarm ran), and plans the hourly rounds ahead.
 *
 * Alarm tasks:
 *   settle  settle every open round whose end has passed (worker/domain/quiz/settle.ts), then arm for the next end
 *   plan    create the automatic rounds of the coming hours (when the configuration names this market), every 10 minutes
 */

type Task = "settle" | "plan";

const PLAN_EVERY_MS = 10 * 60_000;

export class QuizMarket extends DurableObject<Env> {
  private readonly db: Db;
  private readonly scheduler: AlarmScheduler<Task>;
  private market: { id: number; symbol: string } | null = null;
  /** Tests crash the settlement here: after a round's batch is in D1, before the object goes on. */
  settleHooks: { afterCommit?: (round: number, outcome: SettleOutcome) => void } = {};

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = database(env.DB);
    this.scheduler = new AlarmScheduler<Task>(ctx.storage, { retryMs: 5_000 });
    void ctx.blockConcurrencyWhile(() => this.boot());
  }

  private async boot(): Promise<void> {
    const m = await loadMarket(this.db, this.ctx.id.name ?? "");
    if (!m) return;
    this.market = { id: m.id, symbol: m.symbol };
    // Planning belongs to the alarm, so a test (or a cron) that only wakes the object never writes rounds by itself.
    this.scheduler.at("plan", Date.now() + 1_000);
    await this.armSettle();
  }

  private marketStub() {
    return (this.env.Market as DurableObjectNamespace<Market>).getByName(roomName(this.market!.symbol));
  }

  private async armSettle(): Promise<void> {
    const next = await nextEnd(this.db, this.market!.id);
    if (next !== null) this.scheduler.at("settle", next);
  }

  // ---------------------------------------------------------------- RPC

  /** Reads the open rounds again (an operator added one) and answers when the alarm is due next (null: nothing armed). */
  async refresh(): Promise<number | null> {
    if (!this.market) return null;
    await this.armSettle();
    return this.scheduler.next();
  }

  // ---------------------------------------------------------------- alarm

  override async alarm(): Promise<void> {
    if (!this.market) return;
    await this.scheduler.fire(
      (task) => (task === "settle" ? this.settle() : this.plan()),
      (task, err) => log("error", { event: "quiz_task_failed", market: this.market?.symbol, task, error: String(err) }),
    );
  }

  private async settle(): Promise<void> {
    const market = this.marketStub();
    for (const round of await dueRounds(this.db, this.market!.id, Date.now())) {
      const [cutoff, end] = await Promise.all([market.trailAt(round.cutoffAt), market.trailAt(round.endsAt)]);
      const { outcome } = await settleRound(this.db, round, { cutoff, end }, Date.now());
      this.settleHooks.afterCommit?.(round.id, outcome);
    }
    await this.armSettle();
  }

  private async plan(): Promise<void> {
    this.scheduler.at("plan", Date.now() + PLAN_EVERY_MS);
    await planAutoRounds(this.db, this.market!, Date.now());
    await this.armSettle();
  }
}
