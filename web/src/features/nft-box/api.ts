import type { BoxItemView, BoxSeriesView, BoxVerifyView, BoxView } from "../../../../schema/api/nft-box.ts";
import { commitmentOf, drawSchedule } from "../../../../schema/api/nft-box.ts";
import { get, post } from "../../lib/api.ts";
import type { QueryDef } from "../../lib/query/client.ts";
import { BALANCE_KEYS, Q } from "../../lib/query/keys.ts";
import { mutation } from "../../lib/query/mutation.ts";

export type { BoxItemView, BoxSeriesView, BoxVerifyView, BoxView };

/** GET /bind_box/boxSeriesList: series on sale or coming first, then ended ones. */
export const boxSeriesListQuery = (): QueryDef<BoxSeriesView[]> => ({
  key: [Q.nftBox, "series"],
  load: async () => (await get<{ list: BoxSeriesView[] }>("/bind_box/boxSeriesList", {}, { silent: true })).list,
  staleTime: 5_000,
});

export const boxSeriesQuery = (id: number): QueryDef<BoxSeriesView> => ({
  key: [Q.nftBox, "series", id],
  load: () => get<BoxSeriesView>("/bind_box/boxSeriesDetail", { id }, { silent: true }),
  staleTime: 5_000,
});

export const boxVerifyQuery = (id: number): QueryDef<BoxVerifyView> => ({
  key: [Q.nftBox, "verify", id],
  load: () => get<BoxVerifyView>("/bind_box/boxSeriesVerify", { id }, { silent: true }),
  staleTime: 5_000,
});

export const myBoxesQuery = (owner: string): QueryDef<BoxView[]> => ({
  key: [Q.nftBox, owner, "mine"],
  load: async () => (await post<{ list: BoxView[] }>("/bind_box/myBlindBoxes", {}, { silent: true })).list,
  staleTime: 5_000,
});

/** POST /bind_box/buyBlindBox (Idempotency-Key): the series decides the price; answers the box's code and a message. */
export const buyBox = mutation(
  (id: number, idempotencyKey: string) =>
    post<{ code: string; message: string }>("/bind_box/buyBlindBox", { id }, { idempotencyKey, silent: true }),
  [...BALANCE_KEYS, [Q.nftBox]],
);

/** POST /bind_box/openBlindBox: irrevocable; answers the box with its drawn item. */
export const openBox = mutation((code: string) => post<BoxView>("/bind_box/openBlindBox", { code }, { silent: true }), [[Q.nftBox]]);

export type BoxCheck = {
  seq: number;
  code: string;
  /** The recomputed position; null before the reveal. */
  expected: number | null;
  actual: number | null;
  result: "match" | "mismatch" | "unopened" | "pending";
};
export type VerifyResult = { commitmentOk: boolean | null; boxes: BoxCheck[] };

/** Recomputes, in this browser, the commitment and every sold box's draw from the revealed seed (pending before it). */
export async function verifyDraws(v: BoxVerifyView): Promise<VerifyResult> {
  if (!v.seed) {
    return {
      commitmentOk: null,
      boxes: v.boxes.map((b) => ({ seq: b.seq, code: b.code, expected: null, actual: b.position, result: "pending" })),
    };
  }
  const commitmentOk = (await commitmentOf(v.seed)) === v.series.commitment;
  const schedule = await drawSchedule(v.seed, v.series.id, v.series.total, v.boxes.length);
  return {
    commitmentOk,
    boxes: v.boxes.map((b) => {
      const expected = schedule[b.seq - 1]!;
      const result = b.position === null ? "unopened" : b.position === expected && commitmentOk ? "match" : "mismatch";
      return { seq: b.seq, code: b.code, expected, actual: b.position, result };
    }),
  };
}
