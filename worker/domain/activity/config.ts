import { eq } from "drizzle-orm";
import type { AdminActivityConfig } from "../../../schema/api/activity.ts";
import { activityConfig, currencies } from "../../../schema/db/index.ts";
import { auditStatement } from "../audit/audit.ts";
import type { Db } from "../db.ts";
import { badRequest } from "../errors.ts";
import { D, canonical } from "../ledger/amounts.ts";
import { requireCurrency, userAmount } from "../wallet/currencies.ts";
import type { Thresholds } from "./tiers.ts";

/** The activities' configuration (one row, id 1, inserted by the migration): VIP thresholds and the couple link's terms. */

export type ConfigRow = typeof activityConfig.$inferSelect;

export async function loadConfig(db: Db): Promise<ConfigRow> {
  const row = await db.select().from(activityConfig).where(eq(activityConfig.id, 1)).get();
  if (!row) throw new Error("activity_config row missing (migration 0017)");
  return row;
}

export const thresholdsOf = (row: ConfigRow): Thresholds => ({
  1: new D(row.vipJunior),
  2: new D(row.vipIntermediate),
  3: new D(row.vipSenior),
});

async function currencyName(db: Db, id: number): Promise<string> {
  const row = await db.select({ name: currencies.name }).from(currencies).where(eq(currencies.id, id)).get();
  return row?.name ?? String(id);
}

export async function coupleTerms(db: Db, row: ConfigRow): Promise<AdminActivityConfig["couple"]> {
  const [deposit, reward] = await Promise.all([
    currencyName(db, row.coupleDepositCurrencyId),
    currencyName(db, row.coupleRewardCurrencyId),
  ]);
  return {
    enabled: row.coupleEnabled,
    deposit_currency: deposit,
    min_deposit_a: row.coupleMinDepositA,
    min_deposit_b: row.coupleMinDepositB,
    reward_currency: reward,
    reward_amount: row.coupleRewardAmount,
  };
}

export async function adminConfig(db: Db): Promise<AdminActivityConfig> {
  const row = await loadConfig(db);
  return {
    vip: { junior: row.vipJunior, intermediate: row.vipIntermediate, senior: row.vipSenior },
    couple: await coupleTerms(db, row),
  };
}

/** Replaces the VIP thresholds, audited with the old and new values in the same batch. */
export async function saveVipThresholds(
  db: Db,
  operatorId: number,
  input: { junior: string; intermediate: string; senior: string },
  now = Date.now(),
): Promise<AdminActivityConfig> {
  const [j, i, s] = [canonical(input.junior), canonical(input.intermediate), canonical(input.senior)];
  if (!(new D(j).lt(i) && new D(i).lt(s))) throw badRequest("VIP_THRESHOLDS_ORDER");
  const before = await loadConfig(db);
  await db.batch([
    db.update(activityConfig).set({ vipJunior: j, vipIntermediate: i, vipSenior: s, updatedAt: now }).where(eq(activityConfig.id, 1)),
    auditStatement(
      db,
      {
        actorId: operatorId,
        action: "vip_thresholds.update",
        subjectType: "activity_config",
        subjectId: "vip",
        detail: { from: [before.vipJunior, before.vipIntermediate, before.vipSenior], to: [j, i, s] },
      },
      now,
    ),
  ]);
  return adminConfig(db);
}

/** Replaces the couple link's terms, audited. Amounts must fit their coin's precision (a translated 400 otherwise). */
export async function saveCoupleTerms(
  db: Db,
  operatorId: number,
  input: {
    enabled: "0" | "1";
    deposit_currency: string;
    min_deposit_a: string;
    min_deposit_b: string;
    reward_currency: string;
    reward_amount: string;
  },
  now = Date.now(),
): Promise<AdminActivityConfig> {
  const [deposit, reward] = await Promise.all([
    requireCurrency(db, input.deposit_currency, { includeDisabled: true }),
    requireCurrency(db, input.reward_currency, { includeDisabled: true }),
  ]);
  // Checks the precision (and that the reward is positive); the minimums may be zero.
  userAmount(reward, input.reward_amount);
  for (const value of [input.min_deposit_a, input.min_deposit_b]) if (!new D(value).isZero()) userAmount(deposit, value);
  const before = await loadConfig(db);
  const next = {
    coupleEnabled: input.enabled === "1",
    coupleDepositCurrencyId: deposit.id,
    coupleMinDepositA: canonical(input.min_deposit_a),
    coupleMinDepositB: canonical(input.min_deposit_b),
    coupleRewardCurrencyId: reward.id,
    coupleRewardAmount: canonical(input.reward_amount),
  };
  await db.batch([
    db
      .update(activityConfig)
      .set({ ...next, updatedAt: now })
      .where(eq(activityConfig.id, 1)),
    auditStatement(
      db,
      {
        actorId: operatorId,
        action: "couple_terms.update",
        subjectType: "activity_config",
        subjectId: "couple",
        detail: {
          from: {
            enabled: before.coupleEnabled,
            deposit_currency: before.coupleDepositCurrencyId,
            min_a: before.coupleMinDepositA,
            min_b: before.coupleMinDepositB,
            reward_currency: before.coupleRewardCurrencyId,
            reward: before.coupleRewardAmount,
          },
          to: {
            enabled: next.coupleEnabled,
            deposit_currency: next.coupleDepositCurrencyId,
            min_a: next.coupleMinDepositA,
            min_b: next.coupleMinDepositB,
            reward_currency: next.coupleRewardCurrencyId,
            reward: next.coupleRewardAmount,
          },
        },
      },
      now,
    ),
  ]);
  return adminConfig(db);
}
