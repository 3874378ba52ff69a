import { describe, expect, it } from "vitest";
import { tradableReference } from "../../worker/domain/contracts/reference.ts";

/** The price copies trade at, read the same way by the routes' hook and the EarnJobs object's copy job. */
describe("tradableReference", () => {
  it("is the reference and its time for a spot pair and for a stock pair in session", () => {
    expect(tradableReference({ reference: "65000.5", referenceAt: 1_000 })).toEqual({ price: "65000.5", at: 1_000 });
    expect(tradableReference({ reference: "190.25", referenceAt: 2_000, open: true })).toEqual({ price: "190.25", at: 2_000 });
  });

  it("is none for a stock pair outside its hours, and before any reference has arrived", () => {
    expect(tradableReference({ reference: "190.25", referenceAt: 2_000, open: false })).toBeNull();
    expect(tradableReference({ reference: null, referenceAt: null })).toBeNull();
    expect(tradableReference({ reference: "1", referenceAt: null, open: true })).toBeNull();
  });
});
