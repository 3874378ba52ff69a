import { inArray } from "drizzle-orm";
import * as fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import { type AccountType, SYSTEM_ACCOUNTS, checkInvariant, fromUnits } from "../../worker/domain/ledger/index.ts";
import { confirmDeposit, rejectDeposit, requestDeposit } from "../../worker/domain/wallet/deposits.ts";
import { transferBetweenAccounts } from "../../worker/domain/wallet/transfers.ts";
import { approveWithdrawal, rejectWithdrawal, requestWithdrawal } from "../../worker/domain/wallet/withdrawals.ts";
import { ApiError } from "../../worker/domain/errors.ts";
import { createUser } from "./helpers.ts";
import {
  BTC,
  BTC_ADDRESS,
  ETH_ADDRESS,
  USDT,
  db,
  plainUser,
  saveAddress,
  seedMoney,
  txHashFor,
  verify,
  voucherOf,
} from "./money-helpers.ts";

/**
 * Model-based property test of the money core: random sequences of deposits,
 * confirmations, rejections, transfers, withdrawals, approvals and rejections run
 * through the domain functions over env.DB. After EVERY step the ledger invariant
 * must hold and every balance must equal a simple in-memory model.
 *
 * A failure prints fast-check's seed and path. Replay it exactly with:
 *   VITE_LEDGER_FC_SEED=<seed> VITE_LEDGER_FC_PATH="<path>" npx vitest run --project worker tests/worker/money-property.test.ts
 * More runs: VITE_LEDGER_FC_RUNS=200 (default 30).
 */

const metaEnv = (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {};
const SEED = metaEnv.VITE_LEDGER_FC_SEED ? Number(metaEnv.VITE_LEDGER_FC_SEED) : undefined;
const PATH = metaEnv.VITE_LEDGER_FC_PATH || undefined;
const RUNS = Number(metaEnv.VITE_LEDGER_FC_RUNS ?? 30);

type Cur = { id: number; name: string; precision: number; min: number; fee: number; enabled: AccountType[] };
const CURRENCIES: Cur[] = [
  { id: USDT, name: "USDT", precision: 6, min: 10_000_000, fee: 1_000_000, enabled: [1, 2, 3, 4] },
  { id: BTC, name: "BTC", precision: 8, min: 100_000, fee: 50_000, enabled: [2, 3, 4] },
];
const USERS = 3;

type Op =
  | { t: "deposit"; u: number; c: number; units: number }
  | { t: "confirm"; i: number }
  | { t: "rejectDeposit"; i: number }
  | { t: "transfer"; u: number; c: number; from: AccountType; to: AccountType; units: number }
  | { t: "withdraw"; u: number; c: number; units: number }
  | { t: "approve"; i: number }
  | { t: "rejectWithdrawal"; i: number }
  | { t: "repeatLastReview" };

const account = fc.constantFrom<AccountType>(1, 2, 3, 4);
/** Deposits land in change (2), so transfers mostly start there to reach funded accounts. */
const source = fc.oneof({ weight: 3, arbitrary: fc.constant<AccountType>(2) }, { weight: 2, arbitrary: account });
/** Amounts in minor units: small ones (near minimums) and large ones (beyond balances). */
const unitsFor = (c: number) =>
  c === 0
    ? fc.oneof(fc.integer({ min: 1, max: 20_000_000 }), fc.integer({ min: 1, max: 800_000_000 }))
    : fc.oneof(fc.integer({ min: 1, max: 300_000 }), fc.integer({ min: 1, max: 800_000_000 }));
const withCurrency = <T>(f: (c: number) => fc.Arbitrary<T>) => fc.integer({ min: 0, max: 1 }).chain(f);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: withCurrency((c) =>
      fc.record({ t: fc.constant("deposit" as const), u: fc.nat(USERS - 1), c: fc.constant(c), units: unitsFor(c) }),
    ),
  },
  { weight: 4, arbitrary: fc.record({ t: fc.constant("confirm" as const), i: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("rejectDeposit" as const), i: fc.nat() }) },
  {
    weight: 4,
    arbitrary: withCurrency((c) =>
      fc.record({
        t: fc.constant("transfer" as const),
        u: fc.nat(USERS - 1),
        c: fc.constant(c),
        from: source,
        to: account,
        units: unitsFor(c),
      }),
    ),
  },
  {
    weight: 3,
    arbitrary: withCurrency((c) =>
      fc.record({ t: fc.constant("withdraw" as const), u: fc.nat(USERS - 1), c: fc.constant(c), units: unitsFor(c) }),
    ),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("approve" as const), i: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("rejectWithdrawal" as const), i: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ t: "repeatLastReview" as const }) },
);

type Bal = { available: number; locked: number };
type Request = { id: number; u: number; c: number; units: number; status: "open" | "done" | "refused" };

/**
 * Even picks go to an open request when there is one: the opening deposits are
 * already reviewed, so uniform picks would rarely reach the success paths.
 */
function pick<T extends Request>(requests: T[], i: number): T {
  const open = requests.filter((r) => r.status === "open");
  const pool = i % 2 === 0 && open.length > 0 ? open : requests;
  return pool[Math.floor(i / 2) % pool.length]!;
}

async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "ok";
  } catch (err) {
    if (err instanceof ApiError) return err.code;
    throw err;
  }
}

beforeAll(seedMoney);

describe("money core, model-based", () => {
  it("random sequences keep the invariant and match a simple model after every step", async () => {
    const operator = await createUser({ role: "operator" });
    /** Outcomes seen over all runs, so the test also proves it reached the success paths. */
    const seen = new Set<string>();
    const property = fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25, size: "max" }), async (ops) => {
      // Fresh users per run; system accounts are compared as deltas from the start of the run.
      const users: number[] = [];
      for (let i = 0; i < USERS; i++) {
        const id = await plainUser();
        await verify(id, 1);
        await saveAddress(id, USDT, ETH_ADDRESS, "ETH");
        await saveAddress(id, BTC, BTC_ADDRESS, "BTC");
        users.push(id);
      }
      const model = new Map<string, Bal>();
      const key = (u: number, c: number, t: number) => `${u}:${c}:${t}`;
      const get = (u: number, c: number, t: number) => model.get(key(u, c, t)) ?? { available: 0, locked: 0 };
      const add = (u: number, c: number, t: number, d: Partial<Bal>) => {
        const b = get(u, c, t);
        model.set(key(u, c, t), { available: b.available + (d.available ?? 0), locked: b.locked + (d.locked ?? 0) });
      };
      const systemBalances = async () => {
        const rows = await db()
          .select()
          .from(tables.balances)
          .where(inArray(tables.balances.userId, [SYSTEM_ACCOUNTS.external, SYSTEM_ACCOUNTS.fees]))
          .all();
        return new Map(rows.map((r) => [`${r.userId}:${r.currencyId}`, r.available]));
      };
      const systemStart = await systemBalances();
      const systemDelta = new Map<string, number>();
      const addSystem = (s: number, c: number, d: number) => systemDelta.set(`${s}:${c}`, (systemDelta.get(`${s}:${c}`) ?? 0) + d);

      const deposits: Request[] = [];
      const withdrawals: (Request & { fee: number })[] = [];
      let lastReview: (() => Promise<string>) | null = null;
      let now = Date.now();

      // Opening balances through the real path (request + confirm): 500 USDT and 5 BTC each.
      for (let u = 0; u < USERS; u++) {
        for (const [c, units] of [
          [0, 500_000_000],
          [1, 500_000_000],
        ] as const) {
          const cur = CURRENCIES[c]!;
          await requestDeposit(
            db(),
            users[u]!,
            {
              account: await voucherOf(users[u]!),
              amount: fromUnits(units, cur.precision),
              currency: cur.name,
              ...txHashFor(cur.name === "BTC" ? "BTC" : "ERC20"),
              type: "0",
            },
            [],
            { includeDemo: true, now },
          );
          const dep = (
            await db()
              .select({ id: tables.deposits.id })
              .from(tables.deposits)
              .where(inArray(tables.deposits.userId, [users[u]!]))
              .all()
          ).at(-1)!;
          await confirmDeposit(db(), operator.id, dep.id, fromUnits(units, cur.precision), now);
          deposits.push({ id: dep.id, u, c, units, status: "done" });
          add(users[u]!, cur.id, 2, { available: units });
          addSystem(SYSTEM_ACCOUNTS.external, cur.id, -units);
        }
      }

      for (const op of ops) {
        now += 5 * 60_000;
        let expected: string;
        let actual: string;
        switch (op.t) {
          case "deposit": {
            const cur = CURRENCIES[op.c]!;
            const url = await voucherOf(users[op.u]!);
            actual = await outcome(() =>
              requestDeposit(
                db(),
                users[op.u]!,
                {
                  account: url,
                  amount: fromUnits(op.units, cur.precision),
                  currency: cur.name,
                  ...txHashFor(cur.name === "BTC" ? "BTC" : "ERC20"),
                  type: "0",
                },
                [],
                { includeDemo: true, now },
              ),
            );
            expected = "ok";
            if (actual === "ok") {
              const row = await db()
                .select({ id: tables.deposits.id })
                .from(tables.deposits)
                .where(inArray(tables.deposits.userId, [users[op.u]!]))
                .all();
              deposits.push({ id: row.at(-1)!.id, u: op.u, c: op.c, units: op.units, status: "open" });
            }
            break;
          }
          case "confirm":
          case "rejectDeposit": {
            if (deposits.length === 0) continue;
            const d = pick(deposits, op.i);
            const run = () =>
              outcome(() =>
                op.t === "confirm"
                  ? confirmDeposit(db(), operator.id, d.id, fromUnits(d.units, CURRENCIES[d.c]!.precision), now)
                  : rejectDeposit(db(), operator.id, d.id, "no", now),
              );
            actual = await run();
            expected = d.status === "open" ? "ok" : "DEPOSIT_ALREADY_REVIEWED";
            if (expected === "ok") {
              d.status = op.t === "confirm" ? "done" : "refused";
              if (op.t === "confirm") {
                add(users[d.u]!, CURRENCIES[d.c]!.id, 2, { available: d.units });
                addSystem(SYSTEM_ACCOUNTS.external, CURRENCIES[d.c]!.id, -d.units);
              }
            }
            lastReview = async () => {
              const again = await run();
              expect(again).toBe("DEPOSIT_ALREADY_REVIEWED");
              return again;
            };
            break;
          }
          case "transfer": {
            const cur = CURRENCIES[op.c]!;
            const uid = users[op.u]!;
            actual = await outcome(() =>
              transferBetweenAccounts(
                db(),
                uid,
                { currency: String(cur.id), number: fromUnits(op.units, cur.precision), from: op.from, to: op.to },
                "en",
                { key: null, prefix: [] },
                now,
              ),
            );
            if (op.from === op.to) expected = "SAME_ACCOUNT";
            else if (!cur.enabled.includes(op.from) || !cur.enabled.includes(op.to)) expected = "ACCOUNT_NOT_ENABLED";
            else if (op.units > get(uid, cur.id, op.from).available) expected = "INSUFFICIENT_BALANCE";
            else {
              expected = "ok";
              add(uid, cur.id, op.from, { available: -op.units });
              add(uid, cur.id, op.to, { available: op.units });
            }
            break;
          }
          case "withdraw": {
            const cur = CURRENCIES[op.c]!;
            const uid = users[op.u]!;
            const address = op.c === 0 ? ETH_ADDRESS : BTC_ADDRESS;
            actual = await outcome(() =>
              requestWithdrawal(db(), uid, { currency: cur.name, number: fromUnits(op.units, cur.precision), address, type: "0" }, [], now),
            );
            if (op.units < cur.min) expected = "WITHDRAW_BELOW_MINIMUM";
            else if (op.units > get(uid, cur.id, 2).available) expected = "INSUFFICIENT_BALANCE";
            else {
              expected = "ok";
              add(uid, cur.id, 2, { available: -op.units, locked: op.units });
              const row = await db()
                .select({ id: tables.withdrawals.id })
                .from(tables.withdrawals)
                .where(inArray(tables.withdrawals.userId, [uid]))
                .all();
              withdrawals.push({ id: row.at(-1)!.id, u: op.u, c: op.c, units: op.units, fee: cur.fee, status: "open" });
            }
            break;
          }
          case "approve":
          case "rejectWithdrawal": {
            if (withdrawals.length === 0) continue;
            const w = pick(withdrawals, op.i);
            const cur = CURRENCIES[w.c]!;
            const run = () =>
              outcome(() =>
                op.t === "approve" ? approveWithdrawal(db(), operator.id, w.id, now) : rejectWithdrawal(db(), operator.id, w.id, "no", now),
              );
            actual = await run();
            expected = w.status === "open" ? "ok" : "WITHDRAWAL_ALREADY_REVIEWED";
            if (expected === "ok") {
              const uid = users[w.u]!;
              if (op.t === "approve") {
                w.status = "done";
                add(uid, cur.id, 2, { locked: -w.units });
                addSystem(SYSTEM_ACCOUNTS.external, cur.id, w.units - w.fee);
                addSystem(SYSTEM_ACCOUNTS.fees, cur.id, w.fee);
              } else {
                w.status = "refused";
                add(uid, cur.id, 2, { locked: -w.units, available: w.units });
              }
            }
            lastReview = async () => {
              const again = await run();
              expect(again).toBe("WITHDRAWAL_ALREADY_REVIEWED");
              return again;
            };
            break;
          }
          case "repeatLastReview": {
            if (!lastReview) continue;
            actual = await lastReview();
            expected = actual;
            break;
          }
        }
        expect(actual, JSON.stringify(op)).toBe(expected);
        seen.add(`${op.t}:${actual}`);

        // After every step: the invariant, every user balance, and the system accounts' movements.
        expect(await checkInvariant(db())).toEqual([]);
        const rows = await db().select().from(tables.balances).where(inArray(tables.balances.userId, users)).all();
        const actualMap = new Map(
          rows.map((r) => [key(r.userId, r.currencyId, r.accountType), { available: r.available, locked: r.locked }]),
        );
        for (const k of new Set([...model.keys(), ...actualMap.keys()])) {
          expect(actualMap.get(k) ?? { available: 0, locked: 0 }, `balance ${k} after ${JSON.stringify(op)}`).toEqual(
            model.get(k) ?? { available: 0, locked: 0 },
          );
        }
        const system = await systemBalances();
        for (const c of CURRENCIES) {
          for (const s of [SYSTEM_ACCOUNTS.external, SYSTEM_ACCOUNTS.fees]) {
            const moved = (system.get(`${s}:${c.id}`) ?? 0) - (systemStart.get(`${s}:${c.id}`) ?? 0);
            expect(moved, `system ${s} ${c.name}`).toBe(systemDelta.get(`${s}:${c.id}`) ?? 0);
          }
        }
      }
    });
    await fc.assert(property, { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: PATH !== undefined, verbose: 1 });
    if (PATH === undefined && RUNS >= 30) {
      const wanted = [
        "deposit:ok",
        "confirm:ok",
        "rejectDeposit:ok",
        "transfer:ok",
        "transfer:INSUFFICIENT_BALANCE",
        "withdraw:ok",
        "withdraw:INSUFFICIENT_BALANCE",
        "approve:ok",
        "rejectWithdrawal:ok",
        "confirm:DEPOSIT_ALREADY_REVIEWED",
        "approve:WITHDRAWAL_ALREADY_REVIEWED",
      ];
      // Random seeds can leave a rare path unvisited; more runs (each still fully checked) reach it rather than flaking.
      for (let extra = 0; extra < 5 && wanted.some((w) => !seen.has(w)); extra++) {
        await fc.assert(property, { numRuns: 10, seed: SEED === undefined ? undefined : SEED + extra + 1, verbose: 1 });
      }
      console.log("outcomes reached:", [...seen].sort().join(", "));
      for (const reached of wanted) expect(seen, reached).toContain(reached);
    }
  }, 600_000);
});
