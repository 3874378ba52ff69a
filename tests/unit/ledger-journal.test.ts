import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AccountType } from "../../worker/domain/ledger/accounts.ts";
import { allowsNegative, SYSTEM_ACCOUNTS } from "../../worker/domain/ledger/accounts.ts";
import { type Journal, type Line, buildJournal, checkJournal } from "../../worker/domain/ledger/journal.ts";

const line = (
  userId: number,
  currencyId: number,
  amount: number,
  bucket: Line["bucket"] = "available",
  accountType: AccountType = 2,
): Line => ({
  userId,
  currencyId,
  accountType,
  bucket,
  amount,
});
const journal = (lines: Line[], refKey = "test:1"): Journal => ({ kind: "test", refKey, userId: 1, memo: {}, lines });

/** A random journal that balances per currency: random lines, plus one closing line per currency. */
const balancedJournal = fc
  .array(
    fc.record({
      userId: fc.integer({ min: -3, max: 50 }).filter((u) => u !== 0),
      currencyId: fc.integer({ min: 1, max: 4 }),
      accountType: fc.constantFrom<AccountType>(1, 2, 3, 4),
      bucket: fc.constantFrom<Line["bucket"]>("available", "locked"),
      amount: fc.integer({ min: -(10 ** 12), max: 10 ** 12 }),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((lines) => {
    const sums = new Map<number, number>();
    for (const l of lines) sums.set(l.currencyId, (sums.get(l.currencyId) ?? 0) + l.amount);
    const closing = [...sums].map(([currencyId, sum]) => line(SYSTEM_ACCOUNTS.external, currencyId, -sum));
    return journal([...lines, ...closing]);
  });

describe("journals", () => {
  it("accepts a balanced journal and drops zero lines", () => {
    const j = checkJournal(journal([line(1, 3, -500), line(1, 3, 500, "locked"), line(2, 3, 0)]));
    expect(j.lines).toHaveLength(2);
  });

  it("accepts an empty journal (a state transition that moves nothing)", () => {
    expect(checkJournal(journal([])).lines).toEqual([]);
  });

  it("refuses a journal that does not sum to zero, even when currencies offset each other", () => {
    expect(() => checkJournal(journal([line(1, 3, 5)]))).toThrow(/does not balance/);
    expect(() => checkJournal(journal([line(1, 3, 5), line(2, 1, -5)]))).toThrow(/does not balance/);
  });

  it("refuses unsafe or fractional amounts, bad accounts, buckets, kinds and keys", () => {
    expect(() => checkJournal(journal([line(1, 3, 2 ** 53), line(2, 3, -(2 ** 53))]))).toThrow(/unsafe/);
    expect(() => checkJournal(journal([line(1, 3, 0.5), line(2, 3, -0.5)]))).toThrow(/unsafe/);
    expect(() => checkJournal(journal([line(1, 3, 5, "available", 5 as AccountType), line(2, 3, -5)]))).toThrow(/account type/);
    expect(() => checkJournal(journal([line(1, 3, 5, "frozen" as Line["bucket"]), line(2, 3, -5)]))).toThrow(/bucket/);
    expect(() => checkJournal(journal([line(0, 3, 5), line(2, 3, -5)]))).toThrow(/user/);
    expect(() => checkJournal({ ...journal([]), kind: "Bad Kind" })).toThrow(/kind/);
    expect(() => checkJournal(journal([], "has space"))).toThrow(/ref key/);
    expect(() => checkJournal(journal([], "x".repeat(201)))).toThrow(/ref key/);
  });

  it("refuses sums that leave the safe integer range on the way", () => {
    const big = Number.MAX_SAFE_INTEGER;
    expect(() => checkJournal(journal([line(1, 3, big), line(2, 3, big), line(3, 3, -big), line(4, 3, -big)]))).toThrow(/safe/);
  });

  it("accepts every balanced journal", () => {
    fc.assert(
      fc.property(balancedJournal, (j) => {
        expect(() => checkJournal(j)).not.toThrow();
      }),
    );
  });

  it("refuses every balanced journal with one line changed", () => {
    fc.assert(
      fc.property(balancedJournal, fc.nat(), fc.integer({ min: 1, max: 10 ** 6 }), (j, pick, delta) => {
        const i = pick % j.lines.length;
        const lines = j.lines.map((l, k) => (k === i ? { ...l, amount: l.amount + delta } : l));
        expect(() => checkJournal({ ...j, lines })).toThrow(/does not balance/);
      }),
    );
  });

  it("builds lines from decimal text with the currency's precision", () => {
    const precision = (id: number) => (id === 1 ? 8 : 6);
    const j = buildJournal(
      {
        kind: "t",
        refKey: "b:1",
        userId: 1,
        memo: {},
        lines: [
          { ...line(1, 1, 0), amount: "-0.5" },
          { ...line(2, 1, 0), amount: "0.5" },
        ],
      },
      precision,
    );
    expect(j.lines.map((l) => l.amount)).toEqual([-50_000_000, 50_000_000]);
    expect(() =>
      buildJournal(
        {
          kind: "t",
          refKey: "b:2",
          userId: 1,
          memo: {},
          lines: [
            { ...line(1, 3, 0), amount: "-0.0000001" },
            { ...line(2, 3, 0), amount: "0.0000001" },
          ],
        },
        precision,
      ),
    ).toThrow();
    // Rounding legs separately can break the balance; the builder refuses rather than hides it.
    expect(() =>
      buildJournal(
        {
          kind: "t",
          refKey: "b:3",
          userId: 1,
          memo: {},
          lines: [
            { ...line(1, 3, 0), amount: "-1" },
            { ...line(2, 3, 0), amount: "0.3333335" },
            { ...line(3, 3, 0), amount: "0.6666665" },
          ],
        },
        precision,
        "half_up",
      ),
    ).toThrow(/does not balance/);
  });

  it("lets only the external account go negative", () => {
    expect(allowsNegative(SYSTEM_ACCOUNTS.external)).toBe(true);
    expect(allowsNegative(SYSTEM_ACCOUNTS.fees)).toBe(false);
    expect(allowsNegative(SYSTEM_ACCOUNTS.house)).toBe(false);
    expect(allowsNegative(42)).toBe(false);
  });
});
