import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { instant } from "../../schema/api/fields.ts";

/** The one time field of the API contracts (dual, IEO, NFT, blind boxes, coupons). */
describe("instant()", () => {
  it("reads 13 digits as epoch milliseconds and 10 digits as seconds, answering milliseconds", () => {
    expect(z.parse(instant(), "1795499487524")).toBe(1_795_499_487_524);
    expect(z.parse(instant(), " 1795499487 ")).toBe(1_795_499_487_000);
  });

  it("refuses every other shape with PARAMETER_ERROR", () => {
    for (const bad of ["", "179549948", "17954994875", "1795499487.5", "-1795499487", "1e12", "abc"]) {
      const result = z.safeParse(instant(), bad);
      expect([bad, result.success, result.error?.issues[0]?.message]).toEqual([bad, false, "PARAMETER_ERROR"]);
    }
  });
});
