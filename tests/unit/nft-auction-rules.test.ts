import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ANTI_SNIPE_MS,
  applyBid,
  type Bid,
  endResult,
  type LotState,
  type LotTerms,
  PAY_WINDOW_MS,
  payment,
  startState,
} from "../../worker/domain/nft-auction/rules.ts";

/**
 * The auction rules against a sequential model written from the published rules: a bid names an increment (and,
 * optionally, the total it confirmed); ties and stale totals lose; late bids push the end; every deposit is held once
 * and ends exactly once (the winner's consumed, everyone else's released).
 */

const SELLER = 1;
const terms: LotTerms = { sellerId: SELLER, startPrice: 1_000, perIncrease: 50, margin: 200, startAt: 0 };
const END = 60 * 60_000;

type ModelLot = { price: number; end: number; leader: number | null; deposits: Map<number, "held">; accepted: number };

function model(bids: Bid[]) {
  const lot: ModelLot = { price: terms.startPrice, end: END, leader: null, deposits: new Map(), accepted: 0 };
  const answers: (string | number)[] = [];
  for (const b of bids) {
    const target = lot.price + b.increment;
    let refusal: string | null = null;
    if (b.at < terms.startAt) refusal = "NFT_AUCTION_NOT_STARTED";
    else if (b.at >= lot.end) refusal = "NFT_AUCTION_ENDED";
    else if (b.userId === SELLER) refusal = "NFT_BID_OWN_ITEM";
    else if (b.total !== null && b.total <= lot.price) refusal = "NFT_BID_NOT_ABOVE_CURRENT";
    else if (b.increment < Math.max(1, terms.perIncrease)) refusal = "NFT_BID_INCREMENT_LOW";
    else if (b.total !== null && b.total !== target) refusal = "NFT_BID_PRICE_MOVED";
    if (refusal) {
      answers.push(refusal);
      continue;
    }
    lot.price = target;
    lot.leader = b.userId;
    lot.accepted += 1;
    if (!lot.deposits.has(b.userId)) lot.deposits.set(b.userId, "held");
    if (lot.end - b.at < ANTI_SNIPE_MS) lot.end = b.at + ANTI_SNIPE_MS;
    answers.push(target);
  }
  return { lot, answers };
}

function run(bids: Bid[]) {
  let state: LotState = startState(terms, END);
  const answers: (string | number)[] = [];
  const holds: number[] = [];
  for (const b of bids) {
    const out = applyBid(terms, state, b);
    if (!out.ok) {
      answers.push(out.code);
      continue;
    }
    if (out.firstBid) holds.push(b.userId);
    state = out.state;
    answers.push(out.price);
  }
  return { state, answers, holds };
}

/** Bids in time order; a total is the price the bidder saw plus the increment (often stale, sometimes a tie). */
const bidStream = fc
  .array(
    fc.record({
      userId: fc.integer({ min: 1, max: 6 }),
      increment: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.constant(50)),
      gap: fc.oneof(fc.integer({ min: 0, max: 10 * 60_000 }), fc.constant(0)),
      mode: fc.constantFrom("none", "fresh", "stale", "tie"),
    }),
    { maxLength: 60 },
  )
  .map((raw) => {
    let at = 0;
    let seen = terms.startPrice;
    let previous = terms.startPrice;
    const bids: Bid[] = [];
    for (const r of raw) {
      at += r.gap;
      // The client's idea of the price: the last one it saw; a "tie" re-sends the last accepted total.
      const total = r.mode === "none" ? null : r.mode === "fresh" ? seen + r.increment : r.mode === "stale" ? previous + r.increment : seen;
      bids.push({ userId: r.userId, increment: r.increment, total, at });
      const m = model(bids).lot.price;
      previous = seen;
      seen = m;
    }
    return bids;
  });

describe("auction rules against the sequential model", () => {
  it("random bid streams with ties, stale totals and late bids give the model's answers, winner, price, end and deposits", () => {
    fc.assert(
      fc.property(bidStream, (bids) => {
        const { lot, answers } = model(bids);
        const got = run(bids);
        expect(got.answers).toEqual(answers);
        expect(got.state.price).toBe(lot.price);
        expect(got.state.endAt).toBe(lot.end);
        expect(got.state.leaderId).toBe(lot.leader);
        expect(got.state.bidCount).toBe(lot.accepted);
        // Each bidder's deposit is held exactly once, at their first accepted bid.
        expect(got.holds).toEqual([...lot.deposits.keys()]);
        const result = endResult(got.state);
        expect(result.winnerId).toBe(lot.leader);
        expect(result.price).toBe(lot.price);
        // Every deposit ends exactly once: the winner's is consumed by the payment (or forfeited), the rest released.
        const ended = [...result.released, ...(result.winnerId === null ? [] : [result.winnerId])].sort();
        expect(ended).toEqual([...lot.deposits.keys()].sort());
        expect(new Set(ended).size).toBe(ended.length);
        expect(result.payBy).toBe(lot.leader === null ? null : lot.end + PAY_WINDOW_MS);
      }),
      { numRuns: 500 },
    );
  });
});

describe("auction rules, examples", () => {
  const s0 = startState(terms, END);
  it("the first bid prices the lot at start + increment and holds the bidder's deposit", () => {
    const out = applyBid(terms, s0, { userId: 2, increment: 50, total: 1_050, at: 10 });
    expect(out).toEqual({
      ok: true,
      price: 1_050,
      firstBid: true,
      extended: false,
      state: { price: 1_050, endAt: END, leaderId: 2, bidCount: 1, bidders: [2] },
    });
  });
  it("a tie: the same total arriving twice, the second is refused as not above the current price", () => {
    const first = applyBid(terms, s0, { userId: 2, increment: 50, total: 1_050, at: 10 });
    if (!first.ok) throw new Error("first refused");
    expect(applyBid(terms, first.state, { userId: 3, increment: 50, total: 1_050, at: 11 })).toEqual({
      ok: false,
      code: "NFT_BID_NOT_ABOVE_CURRENT",
      price: 1_050,
    });
  });
  it("an increment below per_increase, a bid by the seller, before the start and at the end are refused", () => {
    expect(applyBid(terms, s0, { userId: 2, increment: 49, total: null, at: 10 })).toMatchObject({ code: "NFT_BID_INCREMENT_LOW" });
    expect(applyBid(terms, s0, { userId: SELLER, increment: 50, total: null, at: 10 })).toMatchObject({ code: "NFT_BID_OWN_ITEM" });
    expect(applyBid({ ...terms, startAt: 100 }, s0, { userId: 2, increment: 50, total: null, at: 99 })).toMatchObject({
      code: "NFT_AUCTION_NOT_STARTED",
    });
    expect(applyBid(terms, s0, { userId: 2, increment: 50, total: null, at: END })).toMatchObject({ code: "NFT_AUCTION_ENDED" });
  });
  it("a bid in the last five minutes moves the end to the bid's time plus five minutes; one earlier does not", () => {
    const late = applyBid(terms, s0, { userId: 2, increment: 50, total: null, at: END - ANTI_SNIPE_MS + 1 });
    expect(late).toMatchObject({ ok: true, extended: true, state: { endAt: END + 1 } });
    const early = applyBid(terms, s0, { userId: 2, increment: 50, total: null, at: END - ANTI_SNIPE_MS });
    expect(early).toMatchObject({ ok: true, extended: false, state: { endAt: END } });
  });
  it("no bids: no winner, nothing to release, no pay order", () => {
    expect(endResult(s0)).toEqual({ winnerId: null, price: 1_000, released: [], payBy: null });
  });
  it("the payment takes price less deposit from available and pays the seller the sale's split (fee, royalty, rest)", () => {
    expect(payment(1_300, 200, { fee: 26, royalty: 0, seller: 1_274 })).toEqual({
      fromAvailable: 1_100,
      toSeller: 1_274,
      fee: 26,
      royalty: 0,
    });
    expect(payment(1_300, 200, { fee: 33, royalty: 65, seller: 1_202 })).toEqual({
      fromAvailable: 1_100,
      toSeller: 1_202,
      fee: 33,
      royalty: 65,
    });
    expect(payment(150, 200, { fee: 3, royalty: 0, seller: 147 })).toEqual({ fromAvailable: -50, toSeller: 147, fee: 3, royalty: 0 });
  });
});
