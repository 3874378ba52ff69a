import { describe, expect, it } from "vitest";
import { boll, ema, kdj, macd, rsi, sma, type Series } from "../../web/src/features/chart/indicators.ts";

/** Compares a series with hand-computed values (null where nothing is drawn). */
function expectSeries(actual: Series, expected: (number | null)[]) {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, i) => {
    if (value === null) expect(actual[i], `index ${i}`).toBeNull();
    else expect(actual[i], `index ${i}`).toBeCloseTo(value, 9);
  });
}

describe("sma", () => {
  it("averages the last n values and draws nothing before n values exist", () => {
    expectSeries(sma([1, 2, 3, 4, 5], 3), [null, null, 2, 3, 4]);
    expectSeries(sma([10, 20], 3), [null, null]);
  });
});

describe("ema", () => {
  it("seeds with the simple average of the first n values, then smooths with 2/(n+1)", () => {
    // alpha 0.5: seed (2+4+6)/3 = 4; 0.5·8 + 0.5·4 = 6; 0.5·12 + 0.5·6 = 9
    expectSeries(ema([2, 4, 6, 8, 12], 3), [null, null, 4, 6, 9]);
  });

  it("skips leading gaps (an average of an average)", () => {
    // alpha 2/3: seed (2+4)/2 = 3; 2/3·6 + 1/3·3 = 5; 2/3·8 + 1/3·5 = 7
    expectSeries(ema([null, null, 2, 4, 6, 8], 2), [null, null, null, 3, 5, 7]);
  });
});

describe("boll", () => {
  it("is the SMA plus and minus k population standard deviations", () => {
    // 2,4,4,4,5,5,7,9: mean 5, population standard deviation 2
    const bands = boll([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    expectSeries(bands.mid, [null, null, null, null, null, null, null, 5]);
    expectSeries(bands.upper, [null, null, null, null, null, null, null, 9]);
    expectSeries(bands.lower, [null, null, null, null, null, null, null, 1]);
  });

  it("collapses onto the mean when prices do not move", () => {
    const bands = boll([3, 3, 3], 2, 2);
    expectSeries(bands.upper, [null, 3, 3]);
    expectSeries(bands.lower, [null, 3, 3]);
  });
});

describe("macd", () => {
  it("gives DIF = EMA(fast) − EMA(slow), DEA = EMA(signal) of DIF and their difference", () => {
    // EMA2 of 1,3,2,6,4,8: –, 2, 2, 14/3, 38/9, 182/27; EMA3: –, –, 2, 4, 4, 6
    // DIF: –, –, 0, 2/3, 2/9, 20/27; DEA (EMA2 of DIF): –, –, –, 1/3, 7/27, 47/81
    const { dif, dea, hist } = macd([1, 3, 2, 6, 4, 8], 2, 3, 2);
    expectSeries(dif, [null, null, 0, 2 / 3, 2 / 9, 20 / 27]);
    expectSeries(dea, [null, null, null, 1 / 3, 7 / 27, 47 / 81]);
    expectSeries(hist, [null, null, null, 1 / 3, -1 / 27, 13 / 81]);
  });
});

describe("rsi", () => {
  it("uses Wilder's smoothing after a plain first average", () => {
    // changes +1 −1 +2 −1 +2 (n = 2): gains/losses 0.5/0.5 → 50; 1.25/0.25 → 100 − 100/6;
    // 0.625/0.625 → 50; 1.3125/0.3125 → 100 − 100/5.2
    expectSeries(rsi([1, 2, 1, 3, 2, 4], 2), [null, null, 50, 100 - 100 / 6, 50, 100 - 100 / 5.2]);
  });

  it("is 100 without losses and 50 without any movement", () => {
    expectSeries(rsi([1, 2, 3], 2), [null, null, 100]);
    expectSeries(rsi([5, 5, 5], 2), [null, null, 50]);
    expectSeries(rsi([1, 2], 2), [null, null]);
  });
});

describe("kdj", () => {
  it("smooths the raw stochastic from 50 and gives J = 3K − 2D", () => {
    const bars = [
      { high: 10, low: 8, close: 9 },
      { high: 11, low: 9, close: 10 },
      { high: 12, low: 10, close: 11 }, // RSV (11−8)/(12−8) = 75 → K 175/3, D 475/9
      { high: 11, low: 9, close: 9 }, // RSV (9−9)/(12−9) = 0 → K 350/9, D 1300/27
    ];
    const { k, d, j } = kdj(bars, 3, 3, 3);
    expectSeries(k, [null, null, 175 / 3, 350 / 9]);
    expectSeries(d, [null, null, 475 / 9, 1300 / 27]);
    expectSeries(j, [null, null, 175 - 950 / 9, 550 / 27]);
  });

  it("reads a flat range as 50", () => {
    const flat = Array.from({ length: 4 }, () => ({ high: 5, low: 5, close: 5 }));
    const { k, d, j } = kdj(flat, 2);
    expectSeries(k, [null, 50, 50, 50]);
    expectSeries(d, [null, 50, 50, 50]);
    expectSeries(j, [null, 50, 50, 50]);
  });
});
