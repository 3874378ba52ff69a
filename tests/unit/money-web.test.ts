import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LANGS } from "../../schema/api/lang.ts";
import { amountIssue } from "../../web/src/features/wallet/amount.ts";
import { addressMatches, chainsForCurrency } from "../../web/src/features/wallet/destinations.ts";
import { amount } from "../../web/src/lib/format.ts";
import { parseAmountInput } from "../../web/src/lib/amount-input.ts";

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

  it("an amount box's canonical value is what the checks read: '1,000' in English is above a 999 balance", () => {
    const typed = parseAmountInput("1,000", "en");
    expect(typed).toEqual({ ok: true, value: "1000" });
    expect(amountIssue(typed.ok ? typed.value : "", { max: "999" })).toBe("aboveBalance");
    const french = parseAmountInput("1,000", "fra");
    expect(french).toEqual({ ok: true, value: "1" });
    expect(amountIssue(french.ok ? french.value : "", { max: "999" })).toBeNull();
  });

  it("anything typed in any language is either a checked amount or refused with a reason, never thrown on", () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.string(), fc.integer({ min: 0, max: 8 }), (lang, typed, decimals) => {
        const read = parseAmountInput(typed, lang);
        if (!read.ok) {
          expect(["empty", "notNumber", "separator", "tooLong"]).toContain(read.error);
          return;
        }
        const issue = amountIssue(read.value, { decimals });
        expect(issue === null || ["positive", "tooPrecise"].includes(issue)).toBe(true);
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
