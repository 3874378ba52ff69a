import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { expectedProfit, liveResult, previewFigures } from "../../web/src/features/seconds/payoff.ts";
import { feeUnits, payoutUnits } from "../../worker/domain/seconds/payoff.ts";

/** The trade page's previews say what the server will pay (the confirmation sheet and the countdown's expected P/L). */

describe("seconds previews on the trade page", () => {
  it("shows the sample 30-second order's fee and payouts exactly", () => {
    expect(previewFigures("10", "120", "100", "0.1", 6)).toEqual({ fee: "0.01", win: "22", tie: "10", loss: "0" });
    expect(previewFigures("12.345678", "75", "40", "0.1", 6)).toEqual({
      fee: "0.012346",
      win: "21.604936",
      tie: "12.345678",
      loss: "7.407406",
    });
  });

  it("agrees with the server's rule in minor units for amounts of every size", () => {
    for (const units of [1, 7, 999, 123_456, 10_000_000, 987_654_321, 4_503_599_627_370]) {
      const text = new Decimal(units).div(1e6).toFixed(6);
      const f = previewFigures(text, "95", "12.5", "0.1", 6);
      const toUnits = (s: string) => new Decimal(s).times(1e6).toNumber();
      expect(toUnits(f.fee)).toBe(feeUnits(units, "0.1"));
      expect(toUnits(f.win)).toBe(payoutUnits(units, 1, "95", "12.5"));
      expect(toUnits(f.loss)).toBe(payoutUnits(units, -1, "95", "12.5"));
    }
  });

  it("names the live result and the expected profit or loss at the current price", () => {
    const o = { type: 1 as const, number: "10", open_price: "100", profit_ratio: "120", loss_ratio: "100" };
    expect(liveResult(1, "100", "100.01")).toBe(1);
    expect(liveResult(2, "100", "100.01")).toBe(-1);
    expect(liveResult(2, "100", "100")).toBe(0);
    expect(expectedProfit(o, "101", 6)).toBe("12");
    expect(expectedProfit(o, "99", 6)).toBe("-10");
    expect(expectedProfit(o, "100", 6)).toBe("0");
    expect(expectedProfit({ ...o, type: 2, loss_ratio: "40" }, "101", 6)).toBe("-4");
  });
});
