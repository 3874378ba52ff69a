import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountIssue, sanitizeAmount } from "../../web/src/features/wallet/amount.ts";
import { addressMatches, chainsForCurrency } from "../../web/src/features/wallet/destinations.ts";
import { amount } from "../../web/src/features/wallet/format.ts";

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
