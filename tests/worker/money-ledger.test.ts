import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as tables from "../../schema/db/index.ts";
import {
  SYSTEM_ACCOUNTS,
  checkInvariant,
  commit,
  consume,
  hold,
  holdEndStatement,
  journalStatements,
  post,
  release,
  transfer,
} from "../../worker/domain/ledger/index.ts";
import { moneySeedStatements } from "../../worker/domain/seed/money-seed.ts";
import { ApiError } from "../../worker/domain/errors.ts";
import { createUser } from "./helpers.ts";
import { BTC, USDT, balance, db, expectInvariant, fund, seedMoney } from "./money-helpers.ts";

beforeAll(seedMoney);

const ledgerRows = async () =>
  (await db()
    .select({ n: sql<number>`count(*)` })
    .from(tables.ledgerEntries)
    .get())!.n;

async function rejects(promise: Promise<unknown>, code: string) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).code).toBe(code);
  expect((err as ApiError).status).toBe(409);
}

describe("ledger posting", () => {
  it("a debit of an existing balance works (the CHECK is not tripped by an upsert's candidate row)", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 1_000);
    const r = await transfer(db(), {
      from: { userId: u.id, accountType: 2 },
      to: { userId: u.id, accountType: 1 },
      currencyId: USDT,
      amount: 400,
      kind: "transfer",
      refKey: `t:${u.id}:1`,
      userId: u.id,
    });
    expect(r.status).toBe("posted");
    expect(await balance(u.id, USDT, 2)).toEqual({ available: 600, locked: 0 });
    expect(await balance(u.id, USDT, 1)).toEqual({ available: 400, locked: 0 });
    await expectInvariant();
  });

  it("an overdraft fails the whole batch with 409 INSUFFICIENT_BALANCE and writes nothing", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 100);
    const before = await ledgerRows();
    const audit = db()
      .insert(tables.auditLog)
      .values({ actorId: u.id, action: "probe", subjectType: "t", subjectId: "1", createdAt: Date.now() });
    await rejects(
      transfer(
        db(),
        {
          from: { userId: u.id, accountType: 2 },
          to: { userId: u.id, accountType: 1 },
          currencyId: USDT,
          amount: 101,
          kind: "transfer",
          refKey: `t:${u.id}:over`,
          userId: u.id,
        },
        [audit],
      ),
      "INSUFFICIENT_BALANCE",
    );
    expect(await ledgerRows()).toBe(before);
    expect(await balance(u.id, USDT, 2)).toEqual({ available: 100, locked: 0 });
    expect(
      await db()
        .select()
        .from(tables.journals)
        .where(eq(tables.journals.refKey, `t:${u.id}:over`))
        .get(),
    ).toBeUndefined();
    expect(await db().select().from(tables.auditLog).where(eq(tables.auditLog.action, "probe")).all()).toEqual([]);
    await expectInvariant();
  });

  it("a debit of an account that has no balance row at all is refused", async () => {
    const u = await createUser();
    await rejects(
      transfer(db(), {
        from: { userId: u.id, accountType: 3 },
        to: { userId: u.id, accountType: 2 },
        currencyId: BTC,
        amount: 1,
        kind: "transfer",
        refKey: `t:${u.id}:none`,
        userId: u.id,
      }),
      "INSUFFICIENT_BALANCE",
    );
    await expectInvariant();
  });

  it("posting the same ref_key twice moves money once and answers the first journal", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 500);
    const input = {
      from: { userId: u.id, accountType: 2 as const },
      to: { userId: u.id, accountType: 1 as const },
      currencyId: USDT,
      amount: 200,
      kind: "transfer",
      refKey: `t:${u.id}:dup`,
      userId: u.id,
    };
    const first = await transfer(db(), input);
    const second = await transfer(db(), input);
    expect(first.status).toBe("posted");
    expect(second).toEqual({ status: "duplicate", journalId: first.journalId });
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => transfer(db(), { ...input, refKey: `t:${u.id}:dup2` })));
    expect(concurrent.filter((r) => r.status === "posted")).toHaveLength(1);
    expect(await balance(u.id, USDT, 2)).toEqual({ available: 100, locked: 0 });
    await expectInvariant();
  });

  it("only the external account may go negative", async () => {
    const u = await createUser();
    await fund(u.id, BTC, 5);
    const ext = await db().select().from(tables.balances).where(eq(tables.balances.userId, SYSTEM_ACCOUNTS.external)).all();
    expect(ext.every((b) => b.allowNegative === 1)).toBe(true);
    expect(ext.some((b) => b.available < 0)).toBe(true);
    // The fees account cannot pay out what it does not have.
    await rejects(
      transfer(db(), {
        from: { userId: SYSTEM_ACCOUNTS.fees, accountType: 2 },
        to: { userId: u.id, accountType: 2 },
        currencyId: BTC,
        amount: 10 ** 12,
        kind: "transfer",
        refKey: `t:fees:${u.id}`,
        userId: null,
      }),
      "INSUFFICIENT_BALANCE",
    );
  });

  it("refuses unbalanced journals and unsafe amounts before touching D1", async () => {
    const u = await createUser();
    const line = { userId: u.id, currencyId: USDT, accountType: 2 as const, bucket: "available" as const };
    await expect(post(db(), { kind: "x", refKey: "bad:1", userId: u.id, memo: {}, lines: [{ ...line, amount: 5 }] })).rejects.toThrow(
      /does not balance/,
    );
    await expect(
      post(db(), {
        kind: "x",
        refKey: "bad:2",
        userId: u.id,
        memo: {},
        lines: [
          { ...line, amount: 2 ** 53 },
          { ...line, amount: -(2 ** 53) },
        ],
      }),
    ).rejects.toThrow(/unsafe/);
    expect(await db().select().from(tables.journals).where(eq(tables.journals.refKey, "bad:1")).get()).toBeUndefined();
  });
});

describe("holds", () => {
  it("hold moves available to locked; release gives it back once", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 1_000);
    const { holdId } = await hold(db(), { userId: u.id, currencyId: USDT, accountType: 2, amount: 300, reason: "order" });
    expect(await balance(u.id, USDT)).toEqual({ available: 700, locked: 300 });
    await expectInvariant();
    const r1 = await release(db(), holdId);
    expect(r1.status).toBe("posted");
    expect(await balance(u.id, USDT)).toEqual({ available: 1_000, locked: 0 });
    const r2 = await release(db(), holdId);
    expect(r2).toEqual({ status: "duplicate", journalId: r1.journalId });
    expect(await balance(u.id, USDT)).toEqual({ available: 1_000, locked: 0 });
    await expectInvariant();
  });

  it("a hold larger than the available balance is refused", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 10);
    await rejects(hold(db(), { userId: u.id, currencyId: USDT, accountType: 2, amount: 11, reason: "order" }), "INSUFFICIENT_BALANCE");
    expect(await db().select().from(tables.holds).where(eq(tables.holds.userId, u.id)).all()).toEqual([]);
  });

  it("partial consumes end the hold exactly when nothing remains; more than remains fails", async () => {
    const u = await createUser();
    const seller = await createUser();
    await fund(u.id, USDT, 1_000);
    const { holdId } = await hold(db(), { userId: u.id, currencyId: USDT, accountType: 2, amount: 600, reason: "order" });
    await consume(db(), holdId, { refKey: `fill:${holdId}:1`, amount: 250, credits: [{ userId: seller.id, accountType: 2, amount: 250 }] });
    let h = await db().select().from(tables.holds).where(eq(tables.holds.id, holdId)).get();
    expect(h).toMatchObject({ remaining: 350, status: "open" });
    await rejects(
      consume(db(), holdId, { refKey: `fill:${holdId}:2`, amount: 351, credits: [{ userId: seller.id, accountType: 2, amount: 351 }] }),
      "HOLD_CLOSED",
    );
    await consume(db(), holdId, {
      refKey: `fill:${holdId}:3`,
      amount: 350,
      credits: [
        { userId: seller.id, accountType: 2, amount: 340 },
        { userId: SYSTEM_ACCOUNTS.fees, accountType: 2, amount: 10 },
      ],
    });
    h = await db().select().from(tables.holds).where(eq(tables.holds.id, holdId)).get();
    expect(h).toMatchObject({ remaining: 0, status: "consumed" });
    expect(await balance(u.id, USDT)).toEqual({ available: 400, locked: 0 });
    expect(await balance(seller.id, USDT)).toEqual({ available: 590, locked: 0 });
    await rejects(release(db(), holdId), "HOLD_CLOSED");
    await expectInvariant();
  });

  it("release and consume racing under one transition key: exactly one happens", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 1_000);
    const { holdId } = await hold(db(), { userId: u.id, currencyId: USDT, accountType: 2, amount: 500, reason: "withdraw" });
    const refKey = `review:${holdId}`;
    const outcomes = await Promise.allSettled([
      release(db(), holdId, { refKey }),
      consume(db(), holdId, { refKey, credits: [{ userId: SYSTEM_ACCOUNTS.external, accountType: 2, amount: 500 }] }),
      release(db(), holdId, { refKey }),
    ]);
    const posted = outcomes.filter((o) => o.status === "fulfilled" && o.value.status === "posted");
    expect(posted).toHaveLength(1);
    const b = await balance(u.id, USDT);
    expect(b.locked).toBe(0);
    expect([500, 1_000]).toContain(b.available);
    await expectInvariant();
  });

  it("a stale release (amount read before a partial consume) fails instead of over-releasing", async () => {
    const u = await createUser();
    await fund(u.id, USDT, 100);
    const { holdId } = await hold(db(), { userId: u.id, currencyId: USDT, accountType: 2, amount: 100, reason: "order" });
    const stale = holdEndStatement(db(), holdId, "release", 100);
    await consume(db(), holdId, {
      refKey: `fill:${holdId}`,
      amount: 40,
      credits: [{ userId: SYSTEM_ACCOUNTS.house, accountType: 2, amount: 40 }],
    });
    const journal = {
      kind: "release",
      refKey: `stale:${holdId}`,
      userId: u.id,
      memo: {},
      lines: [
        { userId: u.id, currencyId: USDT, accountType: 2 as const, bucket: "locked" as const, amount: -100 },
        { userId: u.id, currencyId: USDT, accountType: 2 as const, bucket: "available" as const, amount: 100 },
      ],
    };
    const err = await commit(db(), [...journalStatements(db(), journal), stale]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(await balance(u.id, USDT)).toEqual({ available: 0, locked: 60 });
    await expectInvariant();
  });
});

describe("invariant check", () => {
  it("reports a balance that no longer matches its entries, and a locked amount without holds", async () => {
    const u = await createUser();
    await fund(u.id, BTC, 1_000);
    await env.DB.prepare("UPDATE balances SET available = available + 1, locked = locked + 5 WHERE user_id = ? AND currency_id = ?")
      .bind(u.id, BTC)
      .run();
    const checks = (await checkInvariant(db())).map((v) => v.check);
    expect(checks).toContain("balance_mismatch");
    expect(checks).toContain("locked_mismatch");
    await env.DB.prepare("UPDATE balances SET available = available - 1, locked = locked - 5 WHERE user_id = ? AND currency_id = ?")
      .bind(u.id, BTC)
      .run();
    await expectInvariant();
  });

  it("reports an unbalanced journal", async () => {
    const u = await createUser();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO journals (kind, ref_key, user_id, memo, created_at) VALUES ('x', 'broken:1', ?, '{}', 0)").bind(u.id),
      env.DB.prepare(
        "INSERT INTO ledger_entries (journal_id, user_id, currency_id, account_type, bucket, amount, created_at) SELECT id, ?, 5, 2, " +
          "'available', 7, 0 FROM journals WHERE ref_key = 'broken:1'",
      ).bind(u.id),
    ]);
    const checks = (await checkInvariant(db())).map((v) => v.check);
    expect(checks).toEqual(expect.arrayContaining(["journal_unbalanced", "currency_unbalanced", "balance_mismatch"]));
    await env.DB.prepare("DELETE FROM ledger_entries WHERE journal_id = (SELECT id FROM journals WHERE ref_key = 'broken:1')").run();
    await expectInvariant();
  });
});

describe("seed", () => {
  it("the money seed with demo balances applies once, however often it runs", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT OR IGNORE INTO users (uid, email, nickname, invite_code, created_at) VALUES ('S1', 'alice@demo.test', 'A', 'SEEDA', 0)",
      ),
      env.DB.prepare(
        "INSERT OR IGNORE INTO users (uid, email, nickname, invite_code, created_at) VALUES ('S2', 'bob@demo.test', 'B', 'SEEDB', 0)",
      ),
    ]);
    for (let i = 0; i < 3; i++) await env.DB.batch(moneySeedStatements(now).map((s) => env.DB.prepare(s)));
    const alice = (await db().select().from(tables.users).where(eq(tables.users.email, "alice@demo.test")).get())!;
    expect(await balance(alice.id, USDT)).toEqual({ available: 10_000_000_000, locked: 0 });
    expect(await balance(alice.id, BTC)).toEqual({ available: 50_000_000, locked: 0 });
    const systems = await db().select().from(tables.users).where(eq(tables.users.role, "system")).all();
    // External, fees, house, the contracts' margin and insurance, NFT sales, the quiz pool, dual and loans accounts.
    expect(systems.map((s) => [s.id, s.status]).sort((a, b) => Number(b[0]) - Number(a[0]))).toEqual([
      [-1, "locked"],
      [-2, "locked"],
      [-3, "locked"],
      [-10, "locked"],
      [-11, "locked"],
      [-12, "locked"],
      [-14, "locked"],
      [-15, "locked"],
      [-16, "locked"],
    ]);
    await expectInvariant();
  });
});
