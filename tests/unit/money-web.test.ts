import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountIssue, sanitizeAmount } from "../../web/src/features/wallet/amount.ts";
import type { LedgerPage, LedgerRecord } from "../../web/src/features/wallet/api.ts";
import { addressMatches, chainsForCurrency } from "../../web/src/features/wallet/destinations.ts";
import { amount } from "../../web/src/features/wallet/format.ts";
import { LedgerStream } from "../../web/src/features/wallet/ledger-stream.ts";

describe("amount checks on the money forms", () => {
  it("names what is wrong before anything is sent", () => {
    expect(amountIssue("")).toBe("required");
    expect(amountIssue("1e3")).toBe("invalid");
    expect(amountIssue("-1")).toBe("invalid");
    expect(amountIssue("0")).toBe("positive");
    expect(amountIssue("0.1234567", { decimals: 6 })).toBe("tooPrecise");
    expect(amountIssue("5", { min: "10" })).toBe("belowMin");
    expect(amountIssue("1", { above: "1" })).toBe("notAboveFee");
    expect(amountIssue("150.000001", { max: "150" })).toBe("aboveBalance");
    expect(amountIssue("150", { max: "150", min: "10", above: "1", decimals: 6 })).toBeNull();
  });

  it("compares exactly where floats would not (0.1 + 0.2 is not above 0.3)", () => {
    expect(amountIssue("0.3", { max: "0.3" })).toBeNull();
    expect(amountIssue("0.30000000000000004", { max: "0.3" })).toBe("aboveBalance");
    expect(amountIssue("9007199254740993", { max: "9007199254740992" })).toBe("aboveBalance");
  });

  it("keeps only what an amount box may hold while typing", () => {
    expect(sanitizeAmount("1,5")).toBe("1.5");
    expect(sanitizeAmount("12a.3.4")).toBe("12.34");
    expect(sanitizeAmount("0.123456789", 6)).toBe("0.123456");
    expect(sanitizeAmount("007")).toBe("7");
    expect(sanitizeAmount("3.5", 0)).toBe("3");
  });

  it("anything typed and sanitised is either accepted or refused with a reason, never thrown on", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 8 }), (typed, decimals) => {
        const text = sanitizeAmount(typed, decimals);
        const issue = amountIssue(text, { decimals });
        expect(issue === null || ["required", "invalid", "positive"].includes(issue)).toBe(true);
      }),
    );
  });
});

describe("amount display", () => {
  it("rounds down, drops trailing zeros and groups thousands", () => {
    expect(amount("10000")).toBe("10,000");
    expect(amount("0.5")).toBe("0.5");
    expect(amount("1.123456789", 8)).toBe("1.12345678");
    expect(amount("149.000000")).toBe("149");
    expect(amount("0")).toBe("0");
  });
});

describe("withdrawal address shapes", () => {
  it("follow the worker's chains per coin", () => {
    expect(chainsForCurrency("USDT")).toEqual(["ETH", "TRON"]);
    expect(chainsForCurrency("DOGE")).toBeNull();
    expect(addressMatches(["ETH", "TRON"], "0x52908400098527886e0f7030069857d2e4169ee7")).toBe(true);
    expect(addressMatches(["ETH", "TRON"], "TDemoOnlyNotForRealFunds0000000003")).toBe(false);
    expect(addressMatches(["BTC"], "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe(true);
    expect(addressMatches(["BTC"], "0x52908400098527886e0f7030069857d2e4169ee7")).toBe(false);
  });
});

describe("the merged ledger of several coins", () => {
  const record = (id: number, coin: number, kind = "deposit"): LedgerRecord => ({
    id,
    value: String(id),
    info: kind,
    kind,
    account_type: 2,
    account: "change",
    bucket: "available",
    created_time: id,
    currency_name: `C${coin}`,
    currency_id: coin,
  });
  /** A fake /wallet/legal_log over fixed entries, newest first, counting the pages read. */
  const server = (entries: LedgerRecord[], limit: number) => {
    const reads: string[] = [];
    const fetchPage = async (coin: number, page: number): Promise<LedgerPage> => {
      reads.push(`${coin}:${page}`);
      const mine = entries.filter((e) => e.currency_id === coin).sort((a, b) => b.id - a.id);
      const pages = Math.max(1, Math.ceil(mine.length / limit));
      return { list: mine.slice((page - 1) * limit, page * limit), count: mine.length, page, pages, total: mine.length };
    };
    return { fetchPage, reads };
  };

  it("gives every entry once, newest first, across page boundaries", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 60 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 9 }), async (ids, limit, take) => {
        const entries = ids.map((id) => record(id, (id % 3) + 1));
        const { fetchPage } = server(entries, limit);
        const stream = new LedgerStream([1, 2, 3], fetchPage);
        const seen: number[] = [];
        for (let round = 0; round < 200; round++) {
          const { items, hasMore } = await stream.next(take);
          seen.push(...items.map((r) => r.id));
          if (!hasMore) break;
        }
        expect(seen).toEqual([...ids].sort((a, b) => b - a));
      }),
    );
  });

  it("filters by kind and reads a coin only as far as the page needs", async () => {
    const entries = [record(1, 1), record(2, 1, "transfer"), record(3, 2), record(4, 1), record(5, 2, "transfer"), record(6, 1)];
    const { fetchPage, reads } = server(entries, 2);
    const stream = new LedgerStream([1, 2], fetchPage, (r) => r.kind === "deposit");
    expect((await stream.next(2)).items.map((r) => r.id)).toEqual([6, 4]);
    expect(reads).toEqual(["1:1", "2:1"]);
    const rest = await stream.next(10);
    expect(rest.items.map((r) => r.id)).toEqual([3, 1]);
    expect(rest.hasMore).toBe(false);
  });
});
