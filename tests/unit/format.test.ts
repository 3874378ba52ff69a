import { describe, expect, it } from "vitest";
import { FIAT_CODES } from "../../schema/api/content.ts";
import { quoteUsdtPrice } from "../../web/src/features/market/symbols.ts";
import { setNumberLanguage } from "../../web/src/lib/number-marks.ts";
import {
  amount,
  axisPrice,
  balance,
  compact,
  fee,
  fiat,
  fiatDigits,
  fixed,
  formatChange,
  formatPrice,
  money,
  trend,
} from "../../web/src/lib/format.ts";

describe("the one number formatter", () => {
  it("fixed: the given decimals, half-up, with thousands separators", () => {
    expect(fixed("1234567.125", 2)).toBe("1,234,567.13");
    expect(fixed("-1234.5", 0)).toBe("-1,235");
    expect(fixed("0.1", 4)).toBe("0.1000");
    expect(fixed(null, 2)).toBe("0.00");
    expect(fixed("not a number", 2)).toBe("0.00");
  });

  it("balance: always the coin's display digits, rounded down (never more than is there), grouped", () => {
    expect(balance("10000", 4)).toBe("10,000.0000");
    expect(balance("0.5", 8)).toBe("0.50000000");
    expect(balance("1.23456789", 6)).toBe("1.234567");
    expect(balance("0.99999", 2)).toBe("0.99");
    expect(balance("12.3")).toBe("12.30000000");
  });

  it("amount: up to the decimals given, rounded down, no trailing zeros", () => {
    expect(amount("149.000000")).toBe("149");
    expect(amount("1234.56789", 2)).toBe("1,234.56");
    expect(amount("0.000000019")).toBe("0.00000001");
  });

  it("fee: rounded up to the coin's digits (never shown below what is charged), no trailing zeros, one short figure", () => {
    expect(fee("0.0000012345", 8)).toBe("0.00000124");
    expect(fee("0.0000012345", 6)).toBe("0.000002");
    expect(fee("0.1", 8)).toBe("0.1");
    expect(fee("1500.5", 4)).toBe("1,500.5");
    expect(fee("0", 8)).toBe("0");
  });

  it("money: USDT valuations with two decimals, half-up", () => {
    expect(money("10500")).toBe("10,500.00");
    expect(money("0.005")).toBe("0.01");
  });

  it("fiat: each currency's own decimals (JPY and VND none), half-up, after its symbol", () => {
    expect(fiatDigits("USD")).toBe(2);
    expect(fiatDigits("JPY")).toBe(0);
    expect(fiatDigits("VND")).toBe(0);
    expect(fiatDigits("NOT")).toBe(2);
    for (const code of FIAT_CODES) {
      const intl = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits;
      expect(fiatDigits(code), code).toBe(intl);
    }
    expect(fiat("1234.565", { code: "USD", symbol: "$" })).toBe("$1,234.57");
    expect(fiat("1234.5", { code: "JPY", symbol: "¥" })).toBe("¥1,235");
    expect(fiat("25412345.4", { code: "VND", symbol: "₫" })).toBe("₫25,412,345");
    expect(fiat("-3.456", { code: "EUR", symbol: "€" })).toBe("-€3.46");
    expect(fiat("-0.001", { code: "EUR", symbol: "€" })).toBe("€0.00");
  });

  it("prices, volumes and changes", () => {
    expect(formatPrice("95000")).toBe("95,000.00");
    expect(formatPrice("0.123456", 4)).toBe("0.1235");
    expect(compact("2500000")).toBe("2.5M");
    expect(compact("1500")).toBe("1.5K");
    expect(compact("12.3")).toBe("12.3000");
    expect(formatChange("1.234")).toBe("+1.23%");
    expect(formatChange("-0.5")).toBe("-0.50%");
    expect(formatChange("0")).toBe("0.00%");
    expect(trend("1")).toBe("up");
    expect(trend("-1")).toBe("down");
    expect(trend("0")).toBe("");
  });

  it("chart axis labels: the pair's precision with thousands separators; nothing for a non-finite value", () => {
    expect(axisPrice(95123.456, 2)).toBe("95,123.46");
    expect(axisPrice(3400, 0)).toBe("3,400");
    expect(axisPrice(0.00012345, 6)).toBe("0.000123");
    expect(axisPrice(Number.NaN, 2)).toBe("");
  });

  it("a quote coin's USDT worth: USDT is 1, another coin its USDT pair's last price, else none", () => {
    const pairs = [
      { currency_name: "BTC", legal_name: "USDT", now_price: "95000" },
      { currency_name: "ETH", legal_name: "BTC", now_price: "0.035" },
    ];
    expect(quoteUsdtPrice("USDT", pairs)).toBe("1");
    expect(quoteUsdtPrice("BTC", pairs)).toBe("95000");
    expect(quoteUsdtPrice("USDC", pairs)).toBeNull();
  });

  it("writes the reader's marks, the ones AmountInput reads back: French 1 234,5 (narrow no-break space), Spanish 1.234,5", () => {
    try {
      setNumberLanguage("fra");
      expect(fixed("1234567.125", 2)).toBe("1\u202f234\u202f567,13");
      expect(balance("0.5", 4)).toBe("0,5000");
      expect(formatChange("-0.5")).toBe("-0,50%");
      expect(compact("2500000")).toBe("2,5M");
      expect(fiat("1234.5", { code: "EUR", symbol: "€" })).toBe("€1\u202f234,50");
      setNumberLanguage("spa");
      expect(fixed("1234567.125", 2)).toBe("1.234.567,13");
      expect(fee("0.0000012345", 8)).toBe("0,00000124");
      setNumberLanguage("zh");
      expect(fixed("1234.5", 1)).toBe("1,234.5");
    } finally {
      setNumberLanguage("en");
    }
  });
});
