import { describe, expect, it } from "vitest";
import { boxCode, boxRevealed, boxSaleStatus, commitmentOf, drawSchedule, hexBytes, newSeed } from "../../schema/api/nft-box.ts";

const SEED = `${"00".repeat(31)}01`;

describe("the blind box draw (README, Design: NFT blind boxes)", () => {
  it("commits to SHA-256 of the seed's bytes", async () => {
    expect(await commitmentOf(SEED)).toBe("ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5");
  });

  it("gives a fixed permutation for a seed and series (vector computed with node's crypto), and a prefix is the same draws", async () => {
    expect(boxCode(7, 3)).toBe("BX7-3");
    expect(await drawSchedule(SEED, 7, 8)).toEqual([8, 5, 2, 1, 6, 7, 3, 4]);
    expect(await drawSchedule(SEED, 7, 8, 3)).toEqual([8, 5, 2]);
  });

  it("draws every position exactly once for any seed", async () => {
    const drawn = await drawSchedule(newSeed(), 1, 50);
    expect([...drawn].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it("refuses a seed that is not lowercase hex", () => {
    expect(() => hexBytes("ABCD")).toThrow("not lowercase hex");
    expect(() => hexBytes("abc")).toThrow("not lowercase hex");
    expect([...hexBytes("00ff")]).toEqual([0, 255]);
  });

  it("reveals once every box is sold and opened, or at the end of the sale, and not before", () => {
    const s = { startAt: 1_000, endAt: 2_000, total: 3, sold: 3, opened: 2 };
    expect(boxRevealed(s, 1_500)).toBe(false);
    expect(boxRevealed({ ...s, opened: 3 }, 1_500)).toBe(true);
    expect(boxRevealed(s, 2_000)).toBe(true);
    expect(boxSaleStatus(s, 999)).toBe(2);
    expect(boxSaleStatus({ ...s, sold: 2 }, 1_500)).toBe(1);
    expect(boxSaleStatus(s, 1_500)).toBe(0);
  });
});
