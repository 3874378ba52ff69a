import { asc, eq } from "drizzle-orm";
import { type SecondsConfig, type SecondsDuration, durationsInput, type secondsConfigRequest } from "../../../schema/api/seconds.ts";
import { secondsDurations, secondsSettings } from "../../../schema/db/index.ts";
import type * as z from "zod/mini";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { badRequest } from "../errors.ts";
import { D } from "../ledger/amounts.ts";

/**
 * Seconds-contract configuration: durations (seconds, profit and loss ratios, amount limits), the fee rate, the markets
 * and pay coins that allow it, the open orders per coin. Public (GET /microtrade/config), edited by operators as one
 * document, every change audited with the previous and new values.
 */

export type Config = SecondsConfig;

const ids = (json: string): number[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => Number.isSafeInteger(x) && x > 0) : [];
  } catch {
    return [];
  }
};

export async function loadConfig(db: Db): Promise<Config> {
  const [durations, settings] = await Promise.all([
    db.select().from(secondsDurations).orderBy(asc(secondsDurations.seconds)).all(),
    db.select().from(secondsSettings).where(eq(secondsSettings.id, 1)).get(),
  ]);
  return {
    durations: durations.map((d): SecondsDuration => ({
      id: d.id,
      seconds: d.seconds,
      status: d.enabled ? 1 : 0,
      profit_ratio: d.profitRatio,
      loss_ratio: d.lossRatio,
      min_amount: d.minAmount,
      max_amount: d.maxAmount,
    })),
    fee_rate: settings?.feeRate ?? "0",
    match_ids: ids(settings?.marketIds ?? "[]"),
    pay_coin_ids: ids(settings?.payCoinIds ?? "[]"),
    max_open_per_coin: settings?.maxOpenPerCoin ?? 0,
  };
}

const list = (text: string): number[] => [...new Set(text === "" ? [] : text.split(",").map(Number))].sort((a, b) => a - b);

/** Replaces the whole configuration and writes its audit row, in one batch. Bad values are a 400 naming the field. */
export async function saveConfig(
  db: Db,
  operatorId: number,
  input: z.infer<typeof secondsConfigRequest>,
  now = Date.now(),
): Promise<Config> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.durations);
  } catch {
    throw badRequest("SECONDS_CONFIG_INVALID", { field: "durations" });
  }
  const checked = durationsInput.safeParse(parsed);
  if (!checked.success) throw badRequest("SECONDS_CONFIG_INVALID", { field: "durations" });
  const durations = checked.data;
  if (new Set(durations.map((d) => d.seconds)).size !== durations.length) throw badRequest("SECONDS_CONFIG_INVALID", { field: "seconds" });
  for (const d of durations) {
    if (new D(d.min_amount).isZero() || new D(d.min_amount).greaterThan(d.max_amount)) {
      throw badRequest("SECONDS_CONFIG_INVALID", { field: "min_amount" });
    }
    if (new D(d.loss_ratio).greaterThan(100)) throw badRequest("SECONDS_CONFIG_INVALID", { field: "loss_ratio" });
  }
  if (new D(input.fee_rate).greaterThan(100)) throw badRequest("SECONDS_CONFIG_INVALID", { field: "fee_rate" });
  const before = await loadConfig(db);
  const marketIds = list(input.match_ids);
  const payCoinIds = list(input.pay_coin_ids);
  await db.batch([
    db.delete(secondsDurations),
    db.insert(secondsDurations).values(
      durations.map((d) => ({
        seconds: d.seconds,
        profitRatio: new D(d.profit_ratio).toFixed(),
        lossRatio: new D(d.loss_ratio).toFixed(),
        minAmount: new D(d.min_amount).toFixed(),
        maxAmount: new D(d.max_amount).toFixed(),
        enabled: d.enabled,
      })),
    ),
    db
      .insert(secondsSettings)
      .values({
        id: 1,
        feeRate: new D(input.fee_rate).toFixed(),
        marketIds: JSON.stringify(marketIds),
        payCoinIds: JSON.stringify(payCoinIds),
        maxOpenPerCoin: input.max_open_per_coin,
      })
      .onConflictDoUpdate({
        target: secondsSettings.id,
        set: {
          feeRate: new D(input.fee_rate).toFixed(),
          marketIds: JSON.stringify(marketIds),
          payCoinIds: JSON.stringify(payCoinIds),
          maxOpenPerCoin: input.max_open_per_coin,
        },
      }),
    auditStatement(
      db,
      { actorId: operatorId, action: "seconds.config", subjectType: "setting", subjectId: "seconds", detail: { from: before, to: input } },
      now,
    ),
  ]);
  return loadConfig(db);
}
