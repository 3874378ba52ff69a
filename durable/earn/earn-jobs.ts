import { DurableObject } from "cloudflare:workers";
import { database } from "../../worker/domain/db.ts";
import { EARN_JOBS, type JobDeps, type RunResult, runEarnJobs } from "../../worker/domain/earn/jobs.ts";
import type { Env } from "../../worker/domain/env.ts";
import { tradableReference } from "../../worker/domain/contracts/reference.ts";
import { roomName } from "../../worker/domain/markets/config.ts";
import type { ContractMarket } from "../contract/contract-market.ts";
import type { Market } from "../spot/market.ts";
import type { StockFeed } from "../stocks/stock-feed.ts";
import { AlarmScheduler } from "../common/scheduler.ts";
import { log } from "../../worker/domain/log.ts";

/** When nothing is due, look again after this long (the every-minute cron also kicks it). */
const IDLE_MS = 60_000;
/** Work per invocation: well inside one alarm's CPU and subrequest limits, then the next alarm continues. */
const BUDGET_MS = 5_000;

/**
 * The earn products' daily jobs (worker/domain/earn/jobs.ts), one named instance ("earn"). Thin glue: each alarm runs
 * chunks for at most BUDGET_MS and chains the next alarm at once while work remains, else re-checks after IDLE_MS.
 * The chunks are idempotent, so alarms that fire twice or late pay each day once.
 */
export class EarnJobs extends DurableObject<Env> {
  private readonly scheduler: AlarmScheduler<"run">;
  private running: Promise<RunResult> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.scheduler = new AlarmScheduler<"run">(ctx.storage);
  }

  /** Runs one invocation's worth now (one at a time) and keeps the chain going; answers what it did (tests, benches). */
  async kick(): Promise<RunResult> {
    return this.run();
  }

  /**
   * Makes sure the alarm chain runs, without doing the work inside the caller's request: the Worker's first request and
   * the cron only arm the alarm, so no request waits on (or is cut short with) seconds of ledger writes.
   */
  async nudge(): Promise<void> {
    this.scheduler.at("run", Date.now() + 1);
  }

  override async alarm(): Promise<void> {
    // The scheduler's memory is lost when the object is evicted; whatever woke it, the run is due.
    await this.scheduler.fire(
      async () => {
        await this.run();
      },
      (_task, err) => log("error", { job: "earn", error: String(err) }),
      ["run"],
    );
  }

  /**
   * Dual settlement reads the price in effect at an instant from the coin's Market object (its trail); the copy hook
   * reads live reference prices there and tells the pair's ContractMarket which positions it opened or closed.
   */
  private readonly trail: JobDeps = {
    trailAt: (symbol, t) => this.market(symbol).trailAt(t),
    copy: {
      reference: async (m, feed) =>
        tradableReference(
          feed === "stock"
            ? await (this.env.StockFeed as DurableObjectNamespace<StockFeed>).getByName(roomName(m.symbol)).prices()
            : await this.market(m.symbol).prices(),
        ),
      refresh: (symbol, ids) =>
        (this.env.ContractMarket as DurableObjectNamespace<ContractMarket>).getByName(roomName(symbol)).refresh(ids),
    },
  };

  private market(symbol: string) {
    return (this.env.Market as DurableObjectNamespace<Market>).getByName(roomName(symbol));
  }

  private run(): Promise<RunResult> {
    this.running ??= runEarnJobs(database(this.env.DB), Date.now, BUDGET_MS, EARN_JOBS, this.trail)
      .then((result) => {
        for (const f of result.failed) log("error", { job: f.job, error: f.error });
        this.scheduler.at("run", Date.now() + (result.more ? 1 : IDLE_MS));
        return result;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
