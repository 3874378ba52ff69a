import { describe, expect, it } from "vitest";
import { D } from "../../worker/domain/ledger/amounts.ts";
import {
  type LivePrices,
  PRICE_BAND,
  PRICE_MAX_AGE_MS,
  QUOTE_TTL_MS,
  bookPrice,
  checkLivePrice,
  conversionAmounts,
  withinBand,
} from "../../worker/domain/markets/conversion-rule.ts";

const NOW = 1_800_000_000_000;
const live = (p: Partial<LivePrices> = {}): LivePrices => ({
  enabled: true,
  reference: "3400",
  referenceAt: NOW - 1_000,
  bid: "3399",
  ask: "3401",
  ...p,
});
const verdict = (p: Partial<LivePrices>, now = NOW) => {
  const v = checkLivePrice(live(p), now);
  return v.ok ? `ok ${v.price.toFixed()} @${v.at}` : v.refusal;
};

describe("the published rule", () => {
  it("is a 10 s maximum price age, a 2 % band and a 10 s quote window", () => {
    expect([PRICE_MAX_AGE_MS, PRICE_BAND, QUOTE_TTL_MS]).toEqual([10_000, "0.02", 10_000]);
  });
});

describe("checkLivePrice", () => {
  it("accepts a fresh reference price that agrees with the book, with the time the feed confirmed it", () => {
    expect(verdict({})).toBe(`ok 3400 @${NOW - 1_000}`);
  });

  it("refuses a market with no reference price: feed switched off, never ticked, or junk", () => {
    expect(verdict({ reference: null, referenceAt: null })).toBe("CONVERSION_NO_PRICE");
    expect(verdict({ referenceAt: null })).toBe("CONVERSION_NO_PRICE");
    expect(verdict({ reference: "0" })).toBe("CONVERSION_NO_PRICE");
    expect(verdict({ reference: "1e3" })).toBe("CONVERSION_NO_PRICE");
  });

  it("refuses a price older than the maximum age; exactly the maximum age still passes", () => {
    expect(verdict({ referenceAt: NOW - 10_000 })).toBe(`ok 3400 @${NOW - 10_000}`);
    expect(verdict({ referenceAt: NOW - 10_001 })).toBe("CONVERSION_PRICE_STALE");
    expect(verdict({ referenceAt: NOW - 3_600_000 })).toBe("CONVERSION_PRICE_STALE");
  });

  it("refuses a price stamped further in the future than the maximum age (an untrustworthy clock)", () => {
    expect(verdict({ referenceAt: NOW + 10_000 })).toBe(`ok 3400 @${NOW + 10_000}`);
    expect(verdict({ referenceAt: NOW + 10_001 })).toBe("CONVERSION_PRICE_STALE");
  });

  it("refuses when the book is empty", () => {
    expect(verdict({ bid: null, ask: null })).toBe("CONVERSION_NO_BOOK");
    expect(verdict({ bid: "0", ask: null })).toBe("CONVERSION_NO_BOOK");
  });

  it("refuses a 20 % jump the book does not confirm", () => {
    expect(verdict({ reference: "4080" })).toBe("CONVERSION_PRICE_OFF_BOOK");
    expect(verdict({ reference: "2720" })).toBe("CONVERSION_PRICE_OFF_BOOK");
  });

  it("checks the band against the mid of bid and ask: exactly 2 % passes, a cent more is refused", () => {
    expect(verdict({ reference: "3468" })).toBe(`ok 3468 @${NOW - 1_000}`);
    expect(verdict({ reference: "3468.01" })).toBe("CONVERSION_PRICE_OFF_BOOK");
    expect(verdict({ reference: "3332" })).toBe(`ok 3332 @${NOW - 1_000}`);
    expect(verdict({ reference: "3331.99" })).toBe("CONVERSION_PRICE_OFF_BOOK");
  });

  it("checks against the one side of the book that exists", () => {
    // 2 % of a lone bid of 3334 is 66.68; 3400 is 66 above it.
    expect(verdict({ bid: "3334", ask: null })).toBe(`ok 3400 @${NOW - 1_000}`);
    // 2 % of 3332 is 66.64; 3400 is 68 above it.
    expect(verdict({ bid: "3332", ask: null })).toBe("CONVERSION_PRICE_OFF_BOOK");
    expect(verdict({ bid: null, ask: "3468" })).toBe(`ok 3400 @${NOW - 1_000}`);
    expect(verdict({ bid: null, ask: "3470" })).toBe("CONVERSION_PRICE_OFF_BOOK");
  });
});

describe("bookPrice and withinBand", () => {
  it("gives the mid, the one side, or null", () => {
    expect(bookPrice("3399", "3402")?.toFixed()).toBe("3400.5");
    expect(bookPrice(null, "3402")?.toFixed()).toBe("3402");
    expect(bookPrice("3399", null)?.toFixed()).toBe("3399");
    expect(bookPrice(null, null)).toBeNull();
  });

  it("measures the band as a fraction of the anchor", () => {
    expect(withinBand(new D("102"), new D("100"))).toBe(true);
    expect(withinBand(new D("102.0001"), new D("100"))).toBe(false);
    expect(withinBand(new D("98"), new D("100"))).toBe(true);
    expect(withinBand(new D("97.9999"), new D("100"))).toBe(false);
  });
});

describe("conversionAmounts (house's favour: fee up, received down)", () => {
  const USDT = { precision: 6, feePct: "0.2" };
  const ETH = { precision: 8 };

  it("340 USDT at 3,400 with a 0.2 % fee: fee 0.68 USDT, receives 0.0998 ETH", () => {
    expect(conversionAmounts(340_000_000, USDT, ETH, new D("1"), new D("3400"))).toEqual({
      fromUnits: 340_000_000,
      feeUnits: 680_000,
      toUnits: 9_980_000,
    });
  });

  it("rounds the fee up: 340.000001 USDT pays a fee of 0.680001 (not 0.680000002 rounded down)", () => {
    expect(conversionAmounts(340_000_001, USDT, ETH, new D("1"), new D("3400"))).toEqual({
      fromUnits: 340_000_001,
      feeUnits: 680_001,
      toUnits: 9_980_000,
    });
  });

  it("rounds the received amount down: 1 USDT at 3,400 gives 0.00029352 ETH (0.998 / 3400 = 0.000293529…)", () => {
    expect(conversionAmounts(1_000_000, USDT, ETH, new D("1"), new D("3400"))).toEqual({
      fromUnits: 1_000_000,
      feeUnits: 2_000,
      toUnits: 29_352,
    });
  });

  it("rounds down to the target's minor unit when converting into USDT: 0.01 ETH at 3,400.123457 with a 0.1 % fee", () => {
    // fee 0.00001 ETH; 0.00999 × 3400.123457 = 33.96723333543 → 33.967233 USDT.
    expect(conversionAmounts(1_000_000, { precision: 8, feePct: "0.1" }, { precision: 6 }, new D("3400.123457"), new D("1"))).toEqual({
      fromUnits: 1_000_000,
      feeUnits: 1_000,
      toUnits: 33_967_233,
    });
  });

  it("a fee on a single minor unit is a whole unit, leaving nothing to convert", () => {
    expect(conversionAmounts(1, USDT, ETH, new D("1"), new D("3400"))).toEqual({ fromUnits: 1, feeUnits: 1, toUnits: 0 });
  });

  it("no fee: converts the whole amount", () => {
    expect(conversionAmounts(3, { precision: 0, feePct: "0" }, { precision: 8 }, new D("1"), new D("3"))).toEqual({
      fromUnits: 3,
      feeUnits: 0,
      toUnits: 100_000_000,
    });
  });

  it("divides exactly in integers: two thirds of a unit is 0 units, 2 coins at a third are 0.66666666", () => {
    expect(conversionAmounts(2, { precision: 8, feePct: "0" }, { precision: 8 }, new D("1"), new D("3")).toUnits).toBe(0);
    expect(conversionAmounts(200_000_000, { precision: 8, feePct: "0" }, { precision: 8 }, new D("1"), new D("3")).toUnits).toBe(
      66_666_666,
    );
  });

  it("refuses a non-positive or unsafe amount", () => {
    expect(() => conversionAmounts(0, USDT, ETH, new D("1"), new D("3400"))).toThrow(RangeError);
    expect(() => conversionAmounts(1.5, USDT, ETH, new D("1"), new D("3400"))).toThrow(RangeError);
  });
});
